import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'valibot', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
