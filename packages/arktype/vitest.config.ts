import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'arktype', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
