import { describe, expect, it } from 'vitest';
import * as root from './index.ts';

describe('@toolschema/mcp root', () => {
  it('exports exactly the public names, on purpose', () => {
    expect(Object.keys(root).sort()).toStrictEqual([
      'ToolSchemaMessages',
      'rewriteTool',
      'withToolSchemas',
    ]);
  });
});
