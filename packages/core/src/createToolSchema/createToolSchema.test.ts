import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type {
  ConversionDiagnostic,
  JsonSchemaConverter,
  ToolSchemaDiagnostic,
  ToolSchemaDiagnosticsContext,
} from '../ToolSchema/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { JsonSchema } from '../types/index.ts';
import { unsupportedValidatorError } from '../utils/standardSchema.ts';
import { createToolSchema } from './createToolSchema.ts';

/** A Standard Schema that parses `{ count: string }` into `{ count: number }`. */
const countSchema: StandardSchemaV1<{ count: string }, { count: number }> = {
  '~standard': {
    version: 1,
    vendor: 'example',
    validate(value) {
      const count = (value as { count?: unknown } | null)?.count;
      if (typeof count !== 'string') {
        return { issues: [{ message: 'count must be a string', path: ['count'] }] };
      }
      return { value: { count: Number(count) } };
    },
  },
};

const objectSchema = {
  type: 'object',
  properties: { count: { type: 'string' } },
  required: ['count'],
};

/** A converter that always returns `schema` and counts its calls. */
function fixedConverter(schema: JsonSchema) {
  return vi.fn<JsonSchemaConverter>(() => structuredClone(schema));
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('createToolSchema', () => {
  it('keeps the version and the validation of the original, under its own vendor', async () => {
    const tool = createToolSchema(countSchema, fixedConverter(objectSchema), 'input');
    const props = tool['~standard'];
    expect(props.version).toBe(1);
    // Not the original's: a consumer that knows that vendor would reach into its internals.
    expect(props.vendor).toBe('toolschema');
    expect(await props.validate({ count: '3' })).toStrictEqual({ value: { count: 3 } });
    expect(await props.validate({ count: 3 })).toStrictEqual(
      await countSchema['~standard'].validate({ count: 3 }),
    );
  });

  it('refuses what is not a Standard Schema with unsupported-validator, before converting', () => {
    const converter = fixedConverter(objectSchema);
    const values = [objectSchema, { '~standard': { version: 1, vendor: 'x' } }, null, 'zod'];
    for (const value of values) {
      expect(thrown(() => createToolSchema(value as never, converter, 'input'))).toStrictEqual(
        unsupportedValidatorError(value, 'a Standard Schema (~standard.validate)'),
      );
    }
    expect(converter).not.toHaveBeenCalled();
  });

  it('calls validate on the original props, with the options', () => {
    const validate = vi.fn(function (this: unknown) {
      return { value: this };
    });
    const props = { version: 1 as const, vendor: 'example', validate };
    const tool = createToolSchema({ '~standard': props }, fixedConverter({}), 'input');
    const options = { libraryOptions: { abortEarly: true } };
    expect(tool['~standard'].validate('x', options)).toStrictEqual({ value: props });
    expect(validate).toHaveBeenCalledWith('x', options);
  });

  it('infers the input and output types of the original', () => {
    const tool = createToolSchema(countSchema, fixedConverter(objectSchema), 'input');
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<{ count: string }>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<{ count: number }>();
  });

  it('lists the dereferenced schema: local refs inlined, no $defs', () => {
    const converter = fixedConverter({
      type: 'object',
      properties: { home: { $ref: '#/$defs/Address' }, work: { $ref: '#/$defs/Address' } },
      $defs: { Address: { type: 'object', properties: { city: { type: 'string' } } } },
    });
    const tool = createToolSchema(countSchema, converter, 'input');
    const address = { type: 'object', properties: { city: { type: 'string' } } };
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toStrictEqual({
      type: 'object',
      properties: { home: address, work: address },
    });
  });

  it('dereferences draft-07 targets as draft-07: validation beside $ref is ignored there', () => {
    const converter = vi.fn<JsonSchemaConverter>(() => ({
      type: 'object',
      properties: { a: { $ref: '#/definitions/Name', minLength: 3 } },
      definitions: { Name: { type: 'string' } },
    }));
    const onDiagnostics = vi.fn();
    const tool = createToolSchema(countSchema, converter, 'input', { onDiagnostics });
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-07' })).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    expect(converter).toHaveBeenLastCalledWith('input', 'draft-07', expect.any(Function));
    expect(onDiagnostics).toHaveBeenCalledWith(
      [expect.objectContaining({ code: 'ref-siblings-ignored' })],
      { target: 'draft-07', io: 'input' },
    );
  });

  it('computes the listed side eagerly, every other one once, on first request', () => {
    const converter = fixedConverter(objectSchema);
    const tool = createToolSchema(countSchema, converter, 'input');
    expect(converter.mock.calls.map(([io, target]) => [io, target])).toStrictEqual([
      ['input', 'draft-2020-12'],
    ]);
    const { jsonSchema } = tool['~standard'];
    jsonSchema.input({ target: 'draft-2020-12' });
    jsonSchema.input({ target: 'draft-2020-12' });
    jsonSchema.output({ target: 'draft-2020-12' });
    jsonSchema.output({ target: 'draft-2020-12' });
    jsonSchema.input({ target: 'draft-07' });
    jsonSchema.input({ target: 'draft-07' });
    expect(converter.mock.calls.map(([io, target]) => [io, target])).toStrictEqual([
      ['input', 'draft-2020-12'],
      ['output', 'draft-2020-12'],
      ['input', 'draft-07'],
    ]);
  });

  it('does not retry a side or target that failed: each call rethrows the same error', () => {
    const converter = vi.fn((io: string) => {
      if (io === 'output') throw new Error('no output form');
      return structuredClone(objectSchema);
    });
    const { jsonSchema } = createToolSchema(countSchema, converter, 'input')['~standard'];
    const first = thrown(() => jsonSchema.output({ target: 'draft-2020-12' }));
    const second = thrown(() => jsonSchema.output({ target: 'draft-2020-12' }));
    expect(first).toBeInstanceOf(ToolSchemaError);
    expect(second).toBe(first);
    expect(converter.mock.calls.filter(([io]) => io === 'output')).toHaveLength(1);
  });

  it('computes the output side eagerly for output schemas', () => {
    const converter = fixedConverter(objectSchema);
    createToolSchema(countSchema, converter, 'output');
    expect(converter.mock.calls.map(([io, target]) => [io, target])).toStrictEqual([
      ['output', 'draft-2020-12'],
    ]);
  });

  it('returns a fresh copy on every call', () => {
    const tool = createToolSchema(countSchema, fixedConverter(objectSchema), 'input');
    const { jsonSchema } = tool['~standard'];
    const first = jsonSchema.input({ target: 'draft-2020-12' });
    const second = jsonSchema.input({ target: 'draft-2020-12' });
    expect(second).toStrictEqual(first);
    expect(second).not.toBe(first);
    (first.properties as Record<string, unknown>).count = { type: 'number' };
    first.injected = true;
    expect(jsonSchema.input({ target: 'draft-2020-12' })).toStrictEqual(objectSchema);
  });

  it('uses draft-2020-12 when a caller passes no target', () => {
    const converter = fixedConverter(objectSchema);
    const tool = createToolSchema(countSchema, converter, 'input');
    const output = tool['~standard'].jsonSchema.output as unknown as () => unknown;
    expect(output()).toStrictEqual(objectSchema);
    expect(converter).toHaveBeenLastCalledWith('output', 'draft-2020-12', expect.any(Function));
  });

  it('rejects other targets with unsupported-target', () => {
    const tool = createToolSchema(countSchema, fixedConverter(objectSchema), 'input');
    const error = thrown(() => tool['~standard'].jsonSchema.input({ target: 'openapi-3.0' }));
    expect(error).toBeInstanceOf(ToolSchemaError);
    expect((error as ToolSchemaError).code).toBe('unsupported-target');
    expect((error as ToolSchemaError).message).toContain('"openapi-3.0"');
  });

  it('gives input schemas an object root on the input side', () => {
    const union = {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' } } },
        { type: 'object', properties: { kind: { const: 'b' } } },
      ],
    };
    const tool = createToolSchema(countSchema, fixedConverter(union), 'input');
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toStrictEqual({
      type: 'object',
      ...union,
    });
    expect(tool['~standard'].jsonSchema.output({ target: 'draft-2020-12' })).toStrictEqual(union);
  });

  it('throws root-not-object where an input schema is defined', () => {
    const error = thrown(() =>
      createToolSchema(countSchema, fixedConverter({ type: 'string' }), 'input'),
    );
    expect(error).toBeInstanceOf(ToolSchemaError);
    expect((error as ToolSchemaError).code).toBe('root-not-object');
    expect((error as ToolSchemaError).message).toContain('type "string"');
  });

  it('lets output schemas have any root', () => {
    const tool = createToolSchema(countSchema, fixedConverter({ type: 'string' }), 'output');
    expect(tool['~standard'].jsonSchema.output({ target: 'draft-2020-12' })).toStrictEqual({
      type: 'string',
    });
  });

  it('turns a boolean output root into its object form', () => {
    const permissive = createToolSchema(countSchema, fixedConverter(true), 'output');
    expect(permissive['~standard'].jsonSchema.output({ target: 'draft-07' })).toStrictEqual({});
    const restrictive = createToolSchema(countSchema, fixedConverter(false), 'output');
    expect(restrictive['~standard'].jsonSchema.output({ target: 'draft-07' })).toStrictEqual({
      not: {},
    });
  });

  it('throws at the first unrepresentable report by default, from inside the converter', () => {
    const reports: string[] = [];
    const converter = vi.fn<JsonSchemaConverter>((_io, _target, report) => {
      report({
        code: 'constraint-dropped',
        pointer: '/properties/a',
        message: 'A check was left out.',
      });
      reports.push('dropped');
      report({
        code: 'unrepresentable',
        pointer: '/properties/when',
        message: 'A Date cannot be represented.',
      });
      reports.push('after the first unrepresentable');
      return { type: 'object' };
    });
    const error = thrown(() => createToolSchema(countSchema, converter, 'input'));
    expect(error).toBeInstanceOf(ToolSchemaError);
    expect(error).toMatchObject({
      code: 'unrepresentable',
      pointer: '/properties/when',
      message:
        "A Date cannot be represented. (at /properties/when). Use unrepresentable: 'any' to list it as {}.",
    });
    expect(reports).toStrictEqual(['dropped']);
  });

  it('reports conversion diagnostics once per target and side, with their context', () => {
    const diagnostic: ConversionDiagnostic = {
      code: 'unrepresentable',
      pointer: '/properties/when',
      message: 'Date cannot be represented in JSON Schema',
    };
    const converter = vi.fn<JsonSchemaConverter>((_io, _target, report) => {
      report(diagnostic);
      return { type: 'object', properties: { when: {} } };
    });
    const calls: [ToolSchemaDiagnostic[], ToolSchemaDiagnosticsContext][] = [];
    const tool = createToolSchema(countSchema, converter, 'input', {
      unrepresentable: 'any',
      onDiagnostics: (diagnostics, context) => calls.push([diagnostics, context]),
    });
    tool['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    tool['~standard'].jsonSchema.input({ target: 'draft-07' });
    tool['~standard'].jsonSchema.input({ target: 'draft-07' });
    expect(calls).toStrictEqual([
      [[diagnostic], { target: 'draft-2020-12', io: 'input' }],
      [[diagnostic], { target: 'draft-07', io: 'input' }],
    ]);
  });

  it('does not call onDiagnostics when there is nothing to report', () => {
    const onDiagnostics = vi.fn();
    const tool = createToolSchema(countSchema, fixedConverter(objectSchema), 'input', {
      onDiagnostics,
    });
    tool['~standard'].jsonSchema.output({ target: 'draft-07' });
    expect(onDiagnostics).not.toHaveBeenCalled();
  });

  it('passes dereference options through', () => {
    const cyclic = {
      type: 'object',
      properties: { next: { $ref: '#' } },
    };
    const error = thrown(() =>
      createToolSchema(countSchema, fixedConverter(cyclic), 'input', { cycles: 'throw' }),
    );
    expect(error).toBeInstanceOf(ToolSchemaError);
    expect((error as ToolSchemaError).code).toBe('cycle');
  });

  it('passes foreignPatterns through', () => {
    const foreign = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '(?i)^a$' } },
    };
    const listed = (options: { foreignPatterns?: 'keep' | 'drop' }) =>
      createToolSchema(countSchema, fixedConverter(foreign), 'input', options)[
        '~standard'
      ].jsonSchema.input({ target: 'draft-2020-12' });
    expect(listed({})).toStrictEqual(foreign);
    expect(listed({ foreignPatterns: 'drop' })).toStrictEqual({
      type: 'object',
      properties: { code: { type: 'string' } },
    });
  });

  it("lists a tool's schemas without their root $id unless told to keep it", () => {
    // A client that caches validators by `$id` would judge another tool that shares it, or this
    // one once changed, by the first schema it compiled.
    const named = { $id: 'https://example.com/count.json', ...objectSchema };
    const listed = (io: 'input' | 'output', options: { rootId?: 'keep' | 'drop' }) => {
      const { jsonSchema } = createToolSchema(countSchema, fixedConverter(named), io, options)[
        '~standard'
      ];
      return [
        jsonSchema.input({ target: 'draft-2020-12' }),
        jsonSchema.output({ target: 'draft-07' }),
      ];
    };
    for (const io of ['input', 'output'] as const) {
      expect(listed(io, {})).toStrictEqual([objectSchema, objectSchema]);
      expect(listed(io, { rootId: 'keep' })).toStrictEqual([named, named]);
    }
    const profiled = createToolSchema(countSchema, fixedConverter(named), 'input', {
      profile: 'openai',
    });
    expect(profiled['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toStrictEqual(
      objectSchema,
    );
  });

  it('wraps a converter failure in a ToolSchemaError that keeps the cause', () => {
    const cause = new Error('Date cannot be represented in JSON Schema');
    const error = thrown(() =>
      createToolSchema(
        countSchema,
        () => {
          throw cause;
        },
        'input',
      ),
    );
    expect(error).toBeInstanceOf(ToolSchemaError);
    expect((error as ToolSchemaError).code).toBe('unrepresentable');
    expect((error as ToolSchemaError).message).toBe(
      'The example schema could not be converted to JSON Schema (input, draft-2020-12): Date cannot be represented in JSON Schema',
    );
    expect((error as ToolSchemaError).cause).toBe(cause);
  });

  it('lets a ToolSchemaError from the converter through unchanged', () => {
    const original = new ToolSchemaError('unsupported-validator', 'Zod 3 is not supported');
    const error = thrown(() =>
      createToolSchema(
        countSchema,
        () => {
          throw original;
        },
        'input',
      ),
    );
    expect(error).toBe(original);
  });

  describe('profile', () => {
    /** `{ labels: Record<string, string>; note?: string }`, returned as validated. */
    const labelsSchema: StandardSchemaV1<{ labels: Record<string, string>; note?: string }> = {
      '~standard': {
        version: 1,
        vendor: 'example',
        validate(value) {
          const labels = (value as { labels?: unknown } | null)?.labels;
          if (labels === null || typeof labels !== 'object' || Array.isArray(labels)) {
            return { issues: [{ message: 'labels must be an object', path: ['labels'] }] };
          }
          const record = value as Record<string, unknown>;
          if (Object.hasOwn(record, 'note') && typeof record.note !== 'string') {
            return { issues: [{ message: 'note must be a string', path: ['note'] }] };
          }
          return { value: value as { labels: Record<string, string>; note?: string } };
        },
      },
    };
    const labelsJson = {
      type: 'object',
      properties: {
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        note: { type: 'string' },
      },
      required: ['labels'],
      additionalProperties: false,
    };

    it('lists the wire schema and decodes the arguments before the original validates', async () => {
      const onDiagnostics = vi.fn();
      const tool = createToolSchema(labelsSchema, fixedConverter(labelsJson), 'input', {
        profile: 'openai-strict',
        onDiagnostics,
      });
      expect(tool['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toStrictEqual({
        type: 'object',
        properties: {
          labels: {
            type: 'array',
            items: {
              type: 'object',
              properties: { key: { type: 'string' }, value: { type: 'string' } },
              required: ['key', 'value'],
              additionalProperties: false,
            },
            description: 'Entries of an object, as { key, value } pairs; each key at most once.',
          },
          note: { type: ['string', 'null'] },
        },
        required: ['labels', 'note'],
        additionalProperties: false,
      });
      expect(onDiagnostics).toHaveBeenCalledWith(
        [expect.objectContaining({ code: 'profile-entries', pointer: '/properties/labels' })],
        { target: 'draft-2020-12', io: 'input' },
      );
      const wire = { labels: [{ key: 'a', value: 'b' }], note: null };
      expect(await tool['~standard'].validate(wire)).toStrictEqual({
        value: { labels: { a: 'b' } },
      });
      expect(await tool['~standard'].validate({ labels: 'x', note: null })).toStrictEqual({
        issues: [{ message: 'labels must be an object', path: ['labels'] }],
      });
      // Typed as the original, whatever the wire looks like.
      expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<{
        labels: Record<string, string>;
        note?: string;
      }>();
    });

    it('repair: parses a string holding JSON where an object is wanted', async () => {
      const converter = fixedConverter(labelsJson);
      const plain = createToolSchema(labelsSchema, converter, 'input', { profile: 'portable' });
      const repairing = createToolSchema(labelsSchema, converter, 'input', {
        profile: 'portable',
        repair: true,
      });
      const wire = { labels: '[{"key":"a","value":"b"}]', note: null };
      expect(await plain['~standard'].validate(wire)).toStrictEqual({
        issues: [{ message: 'labels must be an object', path: ['labels'] }],
      });
      expect(await repairing['~standard'].validate(wire)).toStrictEqual({
        value: { labels: { a: 'b' } },
      });
    });

    it('repair: works without a profile, and under profiles that map nothing', async () => {
      const converter = fixedConverter(labelsJson);
      const wire = { labels: '{"a":"b"}' };
      for (const profile of [undefined, 'mcp', 'openai', 'anthropic'] as const) {
        const options = profile === undefined ? {} : { profile };
        const plain = createToolSchema(labelsSchema, converter, 'input', options);
        const repairing = createToolSchema(labelsSchema, converter, 'input', {
          ...options,
          repair: true,
        });
        // The same listed schema: repair only reads it.
        expect(repairing['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toStrictEqual(
          plain['~standard'].jsonSchema.input({ target: 'draft-2020-12' }),
        );
        expect(await plain['~standard'].validate(wire)).toStrictEqual({
          issues: [{ message: 'labels must be an object', path: ['labels'] }],
        });
        expect(await repairing['~standard'].validate(wire)).toStrictEqual({
          value: { labels: { a: 'b' } },
        });
        // A stray null for the optional note, which refuses null, reads as the note left out.
        const stray = { labels: { a: 'b' }, note: null };
        expect(await plain['~standard'].validate(stray)).toStrictEqual({
          issues: [{ message: 'note must be a string', path: ['note'] }],
        });
        expect(await repairing['~standard'].validate(stray)).toStrictEqual({
          value: { labels: { a: 'b' } },
        });
      }
    });

    it('repair: judges the arguments as sent first, and repairs only what the validator refuses', async () => {
      // A validator that takes more than its JSON Schema says: `limit: null` falls back to 10
      // (a Zod `.catch()`), and `tags` may come as one comma-separated string (a preprocess).
      const calls: unknown[] = [];
      const lenient = (wait: boolean): StandardSchemaV1<{ limit?: number; tags?: string[] }> => ({
        '~standard': {
          version: 1,
          vendor: 'example',
          validate(value) {
            calls.push(value);
            const { limit, tags } = value as { limit?: unknown; tags?: unknown };
            const result: StandardSchemaV1.Result<{ limit?: number; tags?: string[] }> =
              (limit === undefined || limit === null || typeof limit === 'number') &&
              (tags === undefined || Array.isArray(tags) || typeof tags === 'string')
                ? {
                    value: {
                      ...(limit === undefined ? {} : { limit: limit ?? 10 }),
                      ...(tags === undefined
                        ? {}
                        : { tags: Array.isArray(tags) ? tags : String(tags).split(',') }),
                    } as { limit?: number; tags?: string[] },
                  }
                : { issues: [{ message: `refused ${JSON.stringify(value)}` }] };
            return wait ? Promise.resolve(result) : result;
          },
        },
      });
      const listed = {
        type: 'object',
        properties: {
          limit: { type: 'number' },
          tags: { type: 'array', items: { type: 'string' } },
        },
      };
      for (const wait of [false, true]) {
        const tool = createToolSchema(lenient(wait), fixedConverter(listed), 'input', {
          repair: true,
        });
        // Accepted as sent: repair does not touch it, though the marks cover both properties.
        calls.length = 0;
        expect(await tool['~standard'].validate({ limit: null, tags: '["a"]' })).toStrictEqual({
          value: { limit: 10, tags: ['["a"]'] },
        });
        expect(calls).toStrictEqual([{ limit: null, tags: '["a"]' }]);
        // Refused as sent: judged again repaired, and the repaired call passes.
        calls.length = 0;
        expect(await tool['~standard'].validate({ limit: 1, tags: null })).toStrictEqual({
          value: { limit: 1 },
        });
        expect(calls).toStrictEqual([{ limit: 1, tags: null }, { limit: 1 }]);
        // Refused repaired too: the issues are those of the call as sent.
        calls.length = 0;
        expect(await tool['~standard'].validate({ limit: 'x', tags: null })).toStrictEqual({
          issues: [{ message: 'refused {"limit":"x","tags":null}' }],
        });
        expect(calls).toStrictEqual([{ limit: 'x', tags: null }, { limit: 'x' }]);
        calls.length = 0;
        expect(await tool['~standard'].validate({ tags: 5 })).toStrictEqual({
          issues: [{ message: 'refused {"tags":5}' }],
        });
        // Nothing to repair: judged once.
        expect(calls).toStrictEqual([{ tags: 5 }]);
      }
    });

    it('repair: a repaired call whose judging throws or rejects stays refused as sent', async () => {
      // A validator that assumes a shape it never checked (a refinement reading `tags[0]`): the
      // call as sent gets issues, the repaired `[]` makes it throw.
      const fragile = (wait: boolean): StandardSchemaV1<{ tags: string[] }> => ({
        '~standard': {
          version: 1,
          vendor: 'example',
          validate(value) {
            const { tags } = value as { tags?: unknown };
            if (Array.isArray(tags) && (tags[0] as string).length > 0) return { value: { tags } };
            const result = { issues: [{ message: `refused ${JSON.stringify(value)}` }] };
            return wait ? Promise.resolve(result) : result;
          },
        },
      });
      const rejecting: StandardSchemaV1<{ tags: string[] }> = {
        '~standard': {
          version: 1,
          vendor: 'example',
          validate: (value) =>
            Array.isArray((value as { tags?: unknown }).tags)
              ? Promise.reject(new Error('refinement threw'))
              : Promise.resolve({ issues: [{ message: 'tags must be an array' }] }),
        },
      };
      const listed = {
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string' } } },
        required: ['tags'],
      };
      for (const schema of [fragile(false), fragile(true)]) {
        const tool = createToolSchema(schema, fixedConverter(listed), 'input', { repair: true });
        expect(await tool['~standard'].validate({ tags: '[]' })).toStrictEqual({
          issues: [{ message: 'refused {"tags":"[]"}' }],
        });
        expect(await tool['~standard'].validate({ tags: '["a"]' })).toStrictEqual({
          value: { tags: ['a'] },
        });
      }
      const tool = createToolSchema(rejecting, fixedConverter(listed), 'input', { repair: true });
      expect(await tool['~standard'].validate({ tags: '[]' })).toStrictEqual({
        issues: [{ message: 'tags must be an array' }],
      });
    });

    it('rewrites only the listed input side', () => {
      const tool = createToolSchema(labelsSchema, fixedConverter(labelsJson), 'output', {
        profile: 'gemini',
      });
      expect(tool['~standard'].jsonSchema.output({ target: 'draft-2020-12' })).toStrictEqual(
        labelsJson,
      );
    });

    it('reads null options as none, and refuses options it cannot use where the tool is defined', () => {
      const converter = fixedConverter(labelsJson);
      expect(
        createToolSchema(labelsSchema, converter, 'input', null as never)[
          '~standard'
        ].jsonSchema.input({ target: 'draft-2020-12' }),
      ).toStrictEqual(
        createToolSchema(labelsSchema, converter, 'input')['~standard'].jsonSchema.input({
          target: 'draft-2020-12',
        }),
      );
      const refused: [unknown, string][] = [
        [{ unrepresentable: 'ignore' }, `unrepresentable must be 'throw' or 'any'.`],
        [{ onDiagnostics: 'log' }, 'onDiagnostics must be a function.'],
        [{ repair: 1 }, 'repair must be true or false.'],
        [{ budget: { maxBytes: -1 } }, 'budget.maxBytes must be a positive number, got -1.'],
        [
          Object.defineProperty({}, 'profile', {
            get() {
              throw new Error('getter');
            },
          }),
          'Reading the tool schema option profile threw: getter',
        ],
      ];
      for (const [options, message] of refused) {
        expect(() => createToolSchema(labelsSchema, converter, 'input', options as never)).toThrow(
          expect.objectContaining({ code: 'invalid-option', message }),
        );
      }
      for (const io of ['both', '__proto__', undefined]) {
        expect(() => createToolSchema(labelsSchema, converter, io as never)).toThrow(
          expect.objectContaining({ code: 'invalid-option' }),
        );
      }
    });

    it('refuses an unknown profile where the tool is defined', () => {
      expect(() =>
        createToolSchema(labelsSchema, fixedConverter(labelsJson), 'input', {
          profile: 'nope' as 'mcp',
        }),
      ).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    });
  });
});
