import { toToolInputSchema, toToolOutputSchema } from '@toolschema/arktype';
import { scope, type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import expected from './arktype.expected.json' with { type: 'json' };
import { describeAdapterOverMcp, type HandlerArgs, INVALID_CREATE_PAGE } from './helpers.ts';

// A scope: Address is used once and twice, Category is cyclic.
const types = scope({
  Address: { street: type('string').describe('Street and number'), city: 'string' },
  Parent: { page_id: 'string' },
  CreatePage: {
    parent: 'Parent',
    title: type('string').describe('Page title'),
    home: 'Address',
    'work?': 'Address',
    priority: 'number.integer = 3',
  },
  Category: { name: 'string', 'children?': 'Category[]' },
  EditTree: { root: 'Category', dryRun: 'boolean = false' },
  PageSummary: { id: 'string', title: 'string', location: 'Address' },
}).export();

const Action = type({ type: "'move'", to: types.Address }).or({
  type: "'delete'",
  'reason?': 'string',
});

describeAdapterOverMcp('@toolschema/arktype', {
  tools: {
    createPage: {
      input: toToolInputSchema(types.CreatePage),
      output: toToolOutputSchema(types.PageSummary),
    },
    editTree: toToolInputSchema(types.EditTree),
    runAction: toToolInputSchema(Action),
    // The cyclic type through ArkType's own Standard JSON Schema.
    plain: types.EditTree,
  },
  // ArkType's own listing of a scope type: a root $ref into $defs, one entry per node.
  expectPlainProblem: (plain) => {
    expect(plain.$ref).toMatch(/^#\/\$defs\//);
    expect(Object.keys(plain.$defs as object).length).toBeGreaterThan(2);
  },
  expected,
  issueMessages: () => {
    const errors = types.CreatePage(INVALID_CREATE_PAGE);
    return errors instanceof type.errors ? errors.map((error) => error.message) : [];
  },
});

describe('@toolschema/arktype handlers', () => {
  it("receive ArkType's output types", () => {
    const createPage = toToolInputSchema(types.CreatePage);
    expectTypeOf<HandlerArgs<typeof createPage>>().toEqualTypeOf<typeof types.CreatePage.infer>();
    const editTree = toToolInputSchema(types.EditTree);
    expectTypeOf<HandlerArgs<typeof editTree>>().toEqualTypeOf<typeof types.EditTree.infer>();
    const runAction = toToolInputSchema(Action);
    expectTypeOf<HandlerArgs<typeof runAction>>().toEqualTypeOf<typeof Action.infer>();
    expect(runAction['~standard'].vendor).toBe('toolschema');
  });
});
