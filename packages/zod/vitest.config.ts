import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'zod', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
