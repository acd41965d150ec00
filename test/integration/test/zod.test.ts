import { toToolInputSchema, toToolOutputSchema } from '@toolschema/zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { describeAdapterOverMcp, type HandlerArgs, INVALID_CREATE_PAGE } from './helpers.ts';
import expected from './zod.expected.json' with { type: 'json' };

// Registered types: `.meta({ id })` and `z.globalRegistry.add`, used once and several times.
const Address = z
  .object({ street: z.string().describe('Street and number'), city: z.string() })
  .meta({ id: 'IntegrationZodAddress', description: 'A postal address' });
const Tag = z.string().min(1);
z.globalRegistry.add(Tag, { id: 'IntegrationZodTag' });
const Parent = z.object({ page_id: z.string() }).meta({ id: 'IntegrationZodParent' });

const CreatePage = z.object({
  parent: Parent,
  title: z.string().describe('Page title'),
  home: Address,
  work: Address.optional(),
  tags: z.array(Tag).default([]),
  priority: z.number().int().default(3),
});

const Category = z
  .object({
    name: z.string(),
    get children() {
      return z.array(Category).optional();
    },
  })
  .meta({ id: 'IntegrationZodCategory' });
const EditTree = z.object({ root: Category, dryRun: z.boolean().default(false) });

const Action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), to: Address }),
  z.object({ type: z.literal('delete'), reason: z.string().optional() }),
]);

const PageSummary = z.object({ id: z.string(), title: z.string(), location: Address });

describeAdapterOverMcp('@toolschema/zod', {
  tools: {
    createPage: { input: toToolInputSchema(CreatePage), output: toToolOutputSchema(PageSummary) },
    editTree: toToolInputSchema(EditTree),
    runAction: toToolInputSchema(Action),
    plain: CreatePage,
  },
  expectPlainProblem: (plain) => {
    expect(plain.properties).toMatchObject({
      parent: { $ref: '#/$defs/IntegrationZodParent' },
      home: { $ref: '#/$defs/IntegrationZodAddress' },
    });
    expect(Object.keys(plain.$defs as object).sort()).toStrictEqual([
      'IntegrationZodAddress',
      'IntegrationZodParent',
      'IntegrationZodTag',
    ]);
  },
  expected,
  issueMessages: () =>
    (CreatePage.safeParse(INVALID_CREATE_PAGE).error?.issues ?? []).map((issue) => issue.message),
});

describe('@toolschema/zod handlers', () => {
  it("receive Zod's output types", () => {
    const createPage = toToolInputSchema(CreatePage);
    expectTypeOf<HandlerArgs<typeof createPage>>().toEqualTypeOf<z.output<typeof CreatePage>>();
    const editTree = toToolInputSchema(EditTree);
    expectTypeOf<HandlerArgs<typeof editTree>['root']['children']>().toEqualTypeOf<
      z.output<typeof Category>[] | undefined
    >();
    const runAction = toToolInputSchema(Action);
    expectTypeOf<HandlerArgs<typeof runAction>>().toEqualTypeOf<z.output<typeof Action>>();
    expect(runAction['~standard'].vendor).toBe('toolschema');
  });
});
