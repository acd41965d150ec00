import { describe, expect, it } from 'vitest';
import { formatDiagnostic, formatViolation, MAX_STDERR_LINE, stderrLine } from './io.ts';

describe('stderrLine', () => {
  it('writes every control character and line separator as its escape', () => {
    expect(stderrLine('a\nb\r\u001b[31mc\u0000d\u007f\u0085e\u2028f\u2029')).toBe(
      'a\\u000ab\\u000d\\u001b[31mc\\u0000d\\u007f\\u0085e\\u2028f\\u2029',
    );
    expect(stderrLine('plain text, ünïcødé, 漢字 🎉')).toBe('plain text, ünïcødé, 漢字 🎉');
  });

  it('cuts a line past the bound', () => {
    const line = stderrLine('x'.repeat(MAX_STDERR_LINE * 3));
    expect(line).toHaveLength(MAX_STDERR_LINE);
    expect(line.endsWith('…')).toBe(true);
  });

  it('keeps diagnostics and violations on one line whatever their parts hold', () => {
    const pointer = '/properties/a\nb';
    expect(
      formatDiagnostic({ code: 'schema-invalid', pointer, message: 'bad\r\nvalue' }, 'tool\n1'),
    ).toBe(
      'toolschema: tool\\u000a1: schema-invalid at /properties/a\\u000ab: bad\\u000d\\u000avalue',
    );
    expect(
      formatViolation({
        rule: 'gemini/unsupported-keyword',
        pointer,
        message: 'm',
        severity: 'error',
      }),
    ).toBe('toolschema: gemini/unsupported-keyword at /properties/a\\u000ab: m');
  });
});
