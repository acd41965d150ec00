import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // test/support holds helpers, no tests.
    projects: ['packages/*', 'test/integration', 'scripts'],
  },
});
