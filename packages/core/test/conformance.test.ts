/**
 * JSON-Schema-Test-Suite conformance of `dereference`: every group on which Ajv agrees with the
 * suite must still agree after `dereference`; groups without a reference must come back deep-equal.
 * The suite lives outside the repository (`<repo>/../shared/data/json-schema-test-suite`); a clone
 * without it prints a notice and runs one test that says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Dialect, dereference, type JsonSchema } from '../src/index.ts';
import {
  type AjvDraft,
  compileFresh,
  createMetaValidator,
  type RemoteSchema,
} from './helpers/ajv.ts';
import {
  containsRefKey,
  countSharedObjects,
  danglingRefs,
  degradeDiagnostics,
  firstJsonDifference,
  isObject,
  listRefs,
  walkSchemas,
} from './helpers/schema-refs.ts';
import { listJsonFiles, suiteRoot, suiteTests } from './helpers/suite.ts';

/** One test case of the suite. */
interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}

/** One group of the suite: a schema and the instances it is tested against. */
interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: SuiteTest[];
}

/** What the summary prints per draft. */
interface DraftCounts {
  groups: number;
  ajvAgrees: number;
  refVerified: number;
  noRefDeepEqual: number;
  degradedWithDiagnostic: number;
  ajvDisagreesExcluded: number;
  ajvCannotCompileExcluded: number;
  /** `file > group: codes` of the groups counted as degraded, printed so they can be reviewed. */
  degradedGroups: string[];
}

/** The suite's folders, the Ajv build and the `dereference` dialect for each. */
const DRAFTS: ReadonlyArray<{ folder: string; ajv: AjvDraft; dialect: Dialect }> = [
  { folder: 'draft2020-12', ajv: '2020-12', dialect: '2020-12' },
  { folder: 'draft7', ajv: 'draft-07', dialect: 'draft-07' },
];

/**
 * Loads the suite's remote documents (`remotes/`), if the copy has them, under the ids the tests
 * use (`http://localhost:1234/<path>`).
 *
 * @returns The remote documents; empty when the folder is absent.
 */
function loadRemotes(): RemoteSchema[] {
  const folder = join(suiteRoot, 'remotes');
  if (!existsSync(folder)) return [];
  return listJsonFiles(folder).map((path) => ({
    id: `http://localhost:1234/${relative(folder, path).split('\\').join('/')}`,
    schema: JSON.parse(readFileSync(path, 'utf8')),
  }));
}

/**
 * Tells whether a schema refers to another document: a `$ref` whose part before `#` is not the
 * `$id` (or the end of one) of a resource embedded in the same document.
 *
 * @param schema The input schema.
 * @returns True when some reference can only be resolved by fetching.
 */
function hasRemoteRef(schema: unknown): boolean {
  const ids: string[] = [];
  walkSchemas(schema, (node) => {
    if (isObject(node) && typeof node.$id === 'string') ids.push(node.$id.split('#')[0]!);
  });
  return listRefs(schema).some(({ value }) => {
    if (typeof value !== 'string') return false;
    const base = value.split('#')[0]!;
    return base !== '' && !ids.some((id) => id === base || id.endsWith(`/${base}`));
  });
}

const remotes = loadRemotes();
const counts = new Map<string, DraftCounts>();

afterAll(() => {
  const lines = [
    `JSON-Schema-Test-Suite conformance of dereference (remotes loaded: ${remotes.length}):`,
  ];
  for (const [draft, c] of counts) {
    lines.push(
      `  ${draft}: groups ${c.groups}, counted (Ajv agrees) ${c.ajvAgrees}, ` +
        `with $ref verified ${c.refVerified}, without $ref deep-equal ${c.noRefDeepEqual}, ` +
        `degraded with diagnostic ${c.degradedWithDiagnostic}, ` +
        `Ajv disagrees (excluded) ${c.ajvDisagreesExcluded}, ` +
        `Ajv cannot compile (excluded) ${c.ajvCannotCompileExcluded}`,
    );
    for (const group of c.degradedGroups) lines.push(`    degraded: ${group}`);
  }
  console.log(lines.join('\n'));
});

/** A copy of a schema with each empty `enum` (beside no `not`) written as `not: {}`. */
function withEmptyEnumsWritten(schema: unknown): unknown {
  const copy = structuredClone(schema);
  walkSchemas(copy, (node) => {
    if (!isObject(node) || !Array.isArray(node.enum) || node.enum.length > 0) return;
    if (Object.hasOwn(node, 'not')) return;
    delete node.enum;
    node.not = {};
  });
  return copy;
}

for (const draft of DRAFTS) {
  const draftCounts: DraftCounts = {
    groups: 0,
    ajvAgrees: 0,
    refVerified: 0,
    noRefDeepEqual: 0,
    degradedWithDiagnostic: 0,
    ajvDisagreesExcluded: 0,
    ajvCannotCompileExcluded: 0,
    degradedGroups: [],
  };
  counts.set(draft.folder, draftCounts);
  const isValidSchema = createMetaValidator(draft.ajv);
  const folder = suiteTests(draft.folder);

  for (const file of listJsonFiles(folder)) {
    const groups = JSON.parse(readFileSync(file, 'utf8')) as SuiteGroup[];
    describe(`${draft.folder}/${relative(folder, file)}`, () => {
      groups.forEach((group, index) => {
        it(`${index}: ${group.description}`, () => {
          draftCounts.groups += 1;
          const before = structuredClone(group.schema);
          const result = dereference(group.schema as JsonSchema, { dialect: draft.dialect });
          // The input is never mutated, whatever the group.
          expect(firstJsonDifference(group.schema, before)).toBeUndefined();
          expect(countSharedObjects(group.schema, result.schema)).toBe(0);
          // The output is plain JSON.
          expect(
            firstJsonDifference(JSON.parse(JSON.stringify(result.schema)), result.schema),
          ).toBeUndefined();

          const hasRef = containsRefKey(group.schema);
          if (!hasRef) {
            // Nothing to inline: the document must come back exactly as it was, but for an empty
            // `enum`, which Ajv refuses to compile, written as the `not: {}` it means.
            expect(
              firstJsonDifference(result.schema, withEmptyEnumsWritten(before)),
            ).toBeUndefined();
          }

          const original = compileFresh(draft.ajv, group.schema, { remotes });
          if ('error' in original) {
            draftCounts.ajvCannotCompileExcluded += 1;
            return;
          }
          // Ajv itself overflows its stack on a few dynamic-scope groups: that is disagreement.
          const ajvAgrees = group.tests.every((test) => {
            try {
              return original.validate(test.data) === test.valid;
            } catch {
              return false;
            }
          });
          if (!ajvAgrees) {
            draftCounts.ajvDisagreesExcluded += 1;
            return;
          }
          draftCounts.ajvAgrees += 1;
          if (!hasRef) {
            draftCounts.noRefDeepEqual += 1;
            return;
          }

          const degraded = degradeDiagnostics(result.diagnostics);
          if (degraded.length > 0) {
            draftCounts.degradedWithDiagnostic += 1;
            draftCounts.degradedGroups.push(
              `${relative(folder, file)} > ${group.description}: ${[...new Set(degraded.map((d) => d.code))].join(', ')}`,
            );
            return;
          }

          const output = compileFresh(draft.ajv, result.schema, { remotes });
          if ('error' in output) {
            throw new Error(
              `Ajv cannot compile the output: ${output.error.message}\n${JSON.stringify(result.schema)}`,
            );
          }
          const outcomes = group.tests.map((test) => ({
            test: test.description,
            valid: output.validate(test.data),
          }));
          expect(outcomes).toStrictEqual(
            group.tests.map((test) => ({ test: test.description, valid: test.valid })),
          );
          if (isValidSchema(group.schema) === true) {
            expect(isValidSchema(result.schema)).toBe(true);
          }
          if (!hasRemoteRef(group.schema)) {
            expect(danglingRefs(result.schema)).toStrictEqual([]);
          }
          draftCounts.refVerified += 1;
        });
      });
    });
  }
}
