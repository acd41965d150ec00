import { toToolInputSchema, toToolOutputSchema } from '@toolschema/valibot';
import { addGlobalDefs, toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeAdapterOverMcp, type HandlerArgs, INVALID_CREATE_PAGE } from './helpers.ts';
import expected from './valibot.expected.json' with { type: 'json' };

const Address = v.object({
  street: v.pipe(v.string(), v.description('Street and number')),
  city: v.string(),
});
const Parent = v.object({ page_id: v.string() });
// Valibot's registered types: global definitions, referred to by `$ref` wherever they are used.
addGlobalDefs({ IntegrationValibotAddress: Address, IntegrationValibotParent: Parent });

const CreatePage = v.object({
  parent: Parent,
  title: v.pipe(v.string(), v.description('Page title')),
  home: Address,
  work: v.optional(Address),
  priority: v.optional(v.pipe(v.number(), v.integer()), 3),
  tags: v.optional(v.array(v.pipe(v.string(), v.minLength(1))), []),
});

type Category = { name: string; children?: Category[] | undefined };
const CategorySchema: v.GenericSchema<Category> = v.object({
  name: v.string(),
  children: v.optional(v.array(v.lazy(() => CategorySchema))),
});
const EditTree = v.object({ root: CategorySchema, dryRun: v.optional(v.boolean(), false) });

const Action = v.variant('type', [
  v.object({ type: v.literal('move'), to: Address }),
  v.object({ type: v.literal('delete'), reason: v.optional(v.string()) }),
]);

const PageSummary = v.object({ id: v.string(), title: v.string(), location: Address });

describeAdapterOverMcp('@toolschema/valibot', {
  tools: {
    createPage: { input: toToolInputSchema(CreatePage), output: toToolOutputSchema(PageSummary) },
    editTree: toToolInputSchema(EditTree),
    runAction: toToolInputSchema(Action),
    // Valibot's own Standard JSON Schema, without toolschema.
    plain: toStandardJsonSchema(CreatePage),
  },
  expectPlainProblem: (plain) => {
    expect(plain.properties).toMatchObject({
      parent: { $ref: '#/$defs/IntegrationValibotParent' },
      home: { $ref: '#/$defs/IntegrationValibotAddress' },
    });
    expect(plain).toHaveProperty('$defs.IntegrationValibotAddress');
  },
  expected,
  issueMessages: () =>
    (v.safeParse(CreatePage, INVALID_CREATE_PAGE).issues ?? []).map((issue) => issue.message),
});

describe('@toolschema/valibot handlers', () => {
  it("receive Valibot's output types", () => {
    const createPage = toToolInputSchema(CreatePage);
    expectTypeOf<HandlerArgs<typeof createPage>>().toEqualTypeOf<
      v.InferOutput<typeof CreatePage>
    >();
    const editTree = toToolInputSchema(EditTree);
    expectTypeOf<HandlerArgs<typeof editTree>['root']>().toEqualTypeOf<Category>();
    const runAction = toToolInputSchema(Action);
    expectTypeOf<HandlerArgs<typeof runAction>>().toEqualTypeOf<v.InferOutput<typeof Action>>();
    expect(runAction['~standard'].vendor).toBe('toolschema');
  });
});
