/**
 * A real schema nobody here wrote: GitHub's webhook payloads (`@octokit/webhooks-schemas`, a
 * draft-07 document with 344 definitions) and GitHub's own payload examples
 * (`@octokit/webhooks-examples`). Each event's schema, dereferenced, must accept exactly the
 * instances the original accepts, as Ajv judges them: every example, and two broken copies of it.
 */
import { createRequire } from 'node:module';
import { dereference } from '@toolschema/core';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const webhooks = require('@octokit/webhooks-schemas') as {
  $schema: string;
  oneOf: { $ref: string }[];
  definitions: Record<string, unknown>;
};
const examples = require('@octokit/webhooks-examples/api.github.com/index.json') as {
  name: string;
  examples: Record<string, unknown>[];
}[];

/** Every example, and two copies a validator must judge on its own: a wrong type, a null. */
const instances: unknown[] = examples.flatMap((group) =>
  group.examples.flatMap((example) => [
    example,
    { ...example, action: 12345 },
    { ...example, sender: null },
  ]),
);

function compile(schema: unknown): (instance: unknown) => boolean {
  const validate = new Ajv({ strict: false, validateFormats: false }).compile(
    schema as Record<string, unknown>,
  );
  return (instance) => validate(instance) === true;
}

describe('GitHub webhook schemas (draft-07, 344 definitions)', () => {
  it('each event, dereferenced, is self-contained and accepts exactly what it accepted', () => {
    let compared = 0;
    let accepted = 0;
    for (const { $ref } of webhooks.oneOf) {
      const event = { $schema: webhooks.$schema, $ref, definitions: webhooks.definitions };
      // pull_request_event inlines to 1.4 MB, past the default 1 MiB cap (sized for models):
      // this test is about inlining everything, so the cap is raised.
      const { schema, diagnostics } = dereference(event, { budget: { maxBytes: 4 * 1024 * 1024 } });
      expect(diagnostics, $ref).toStrictEqual([]);
      expect(JSON.stringify(schema), $ref).not.toContain('"$ref"');
      const before = compile(event);
      const after = compile(schema);
      for (const instance of instances) {
        const verdict = before(instance);
        expect(after(instance), `${$ref} on an example`).toBe(verdict);
        compared++;
        if (verdict) accepted++;
      }
    }
    // Both verdicts are exercised: most examples are accepted by their own event's schema (277
    // of 329 with these versions), everything else is rejected.
    expect(webhooks.oneOf.length).toBeGreaterThan(60);
    expect(accepted).toBeGreaterThan(examples.flatMap((group) => group.examples).length / 2);
    expect(accepted).toBeLessThan(compared);
    expect(compared).toBe(webhooks.oneOf.length * instances.length);
  }, 300_000);
});
