import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'integration', include: ['test/**/*.test.ts'] },
});
