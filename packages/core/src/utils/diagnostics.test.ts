import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../types/index.ts';
import {
  boundDiagnostics,
  boundPointer,
  MAX_DIAGNOSTICS_PER_CODE,
  MAX_MESSAGE_CHARS,
  previewJson,
  previewValue,
} from './diagnostics.ts';

const diagnostic = (pointer: string, message = 'm'): Diagnostic => ({
  code: 'ref-unresolved',
  pointer,
  message,
});

describe('boundDiagnostics', () => {
  it('returns the same list when nothing passes a bound', () => {
    const list = [diagnostic('/a'), diagnostic('/b')];
    expect(boundDiagnostics(list)).toBe(list);
  });

  it('cuts a long message with a marker saying how much was left out', () => {
    const [bounded] = boundDiagnostics([diagnostic('/a', 'x'.repeat(MAX_MESSAGE_CHARS + 5))]);
    expect(bounded).toStrictEqual(
      diagnostic('/a', `${'x'.repeat(MAX_MESSAGE_CHARS)}… (5 characters left out)`),
    );
  });

  it('keeps the first 20 of a code, summarizes the rest in place, leaves other codes alone', () => {
    const list: Diagnostic[] = [];
    for (let index = 0; index < 30; index++) list.push(diagnostic(`/${index}`));
    list.splice(25, 0, { code: 'schema-invalid', pointer: '/x', message: 'kept' });
    const bounded = boundDiagnostics(list);
    expect(bounded).toHaveLength(MAX_DIAGNOSTICS_PER_CODE + 2);
    expect(bounded[20]).toStrictEqual(
      diagnostic(
        '/20',
        '10 more ref-unresolved diagnostics left out (the first 20 are listed; this pointer is the first one left out).',
      ),
    );
    expect(bounded[21]).toStrictEqual({ code: 'schema-invalid', pointer: '/x', message: 'kept' });
  });
});

describe('boundPointer', () => {
  it('keeps a pointer up to 512 characters, else both ends around a marker', () => {
    expect(boundPointer('/a'.repeat(256))).toBe('/a'.repeat(256));
    const long = `/${'b'.repeat(1000)}`;
    expect(boundPointer(long)).toBe(`${long.slice(0, 256)}…${long.slice(-256)}`);
  });
});

describe('previewValue and previewJson', () => {
  it('never walk a container', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(previewValue(cyclic)).toBe('an object');
    expect(previewJson([cyclic])).toBe('an array');
    expect(previewValue('x'.repeat(200))).toBe(JSON.stringify(`${'x'.repeat(100)}…`));
    expect(previewJson(['string', 'null'])).toBe('["string","null"]');
    expect(previewJson(3)).toBe('3');
  });
});
