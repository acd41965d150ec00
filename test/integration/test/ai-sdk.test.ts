import * as arktypeAdapter from '@toolschema/arktype';
import * as core from '@toolschema/core';
import * as valibotAdapter from '@toolschema/valibot';
import * as zodAdapter from '@toolschema/zod';
import { addGlobalDefs } from '@valibot/to-json-schema';
import type { Tool } from 'ai';
import { scope } from 'arktype';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { type Ai7Tool, aiSdkMajor, loadAiSdk, nodeMajor } from './aiSdk.ts';

// `ai` 6 on Node.js 20, `ai` 7 on Node.js 22 and later (see ./aiSdk.ts).
const { asSchema, generateText, tool, MockLanguageModel, version } = await loadAiSdk();

// The AI SDK (`ai` 6 and 7) takes any Standard Schema as a tool's `inputSchema`, but dispatches on
// `~standard.vendor`: a `'zod'` schema is converted and validated through Zod's internals. The
// wrappers are not Zod objects, so they must not claim Zod's vendor.

/** What every case's tool is called with, and gets back after validation. */
const ARGUMENTS = { title: 'Notes', author: { name: 'Ada' }, reviewers: [{ name: 'Bob' }] };

const ZodUser = z.object({ name: z.string() }).meta({ id: 'AiSdkZodUser' });
const ZodCreatePage = z.object({ title: z.string(), author: ZodUser, reviewers: z.array(ZodUser) });

const ValibotUser = v.object({ name: v.string() });
addGlobalDefs({ AiSdkValibotUser: ValibotUser });
const ValibotCreatePage = v.object({
  title: v.string(),
  author: ValibotUser,
  reviewers: v.array(ValibotUser),
});

const arktypeTypes = scope({
  User: { name: 'string' },
  CreatePage: { title: 'string', author: 'User', reviewers: 'User[]' },
}).export();

/** The user object as the AI SDK sends it (it closes every object for the model). */
const user = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
  additionalProperties: false,
};

/**
 * Runs one model step whose only content is a call to `create_page` with {@link ARGUMENTS}, with
 * a mock model (no network).
 *
 * @param createPage The tool.
 * @returns The tools the model was given and the tool's result.
 */
async function callCreatePage(createPage: Tool) {
  const model = new MockLanguageModel({
    doGenerate: async () => ({
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'create_page',
          input: JSON.stringify(ARGUMENTS),
        },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    }),
  });
  const result = await generateText({
    model,
    prompt: 'Create a page.',
    tools: { create_page: createPage },
  });
  return {
    sent: model.doGenerateCalls[0]?.tools,
    results: result.toolResults.map((part) => part.output),
  };
}

describe(`the wrappers in the AI SDK ${aiSdkMajor} (Node.js ${nodeMajor})`, () => {
  it(`runs ai ${aiSdkMajor}: 7 on Node.js 22 and later, 6 before`, () => {
    expect(version.split('.')[0]).toBe(String(nodeMajor >= 22 ? 7 : 6));
  });

  const cases = [
    {
      name: '@toolschema/zod',
      wrapped: zodAdapter.toToolInputSchema(ZodCreatePage),
      required: ['title', 'author', 'reviewers'],
    },
    {
      name: '@toolschema/core (Zod through Standard JSON Schema)',
      wrapped: core.toToolInputSchema(ZodCreatePage),
      required: ['title', 'author', 'reviewers'],
    },
    {
      name: '@toolschema/valibot',
      wrapped: valibotAdapter.toToolInputSchema(ValibotCreatePage),
      required: ['title', 'author', 'reviewers'],
    },
    {
      name: '@toolschema/arktype',
      wrapped: arktypeAdapter.toToolInputSchema(arktypeTypes.CreatePage),
      required: ['author', 'reviewers', 'title'],
    },
  ];

  it.each(cases)('$name: asSchema lists the self-contained draft-07 schema', async (item) => {
    expect(await asSchema(item.wrapped).jsonSchema).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        title: { type: 'string' },
        author: user,
        reviewers: { type: 'array', items: user },
      },
      required: item.required,
      additionalProperties: false,
    });
  });

  it.each(cases)('$name: the tool is sent self-contained and called validated', async (item) => {
    const received: unknown[] = [];
    const createPage = tool({
      description: 'Creates a page',
      inputSchema: item.wrapped,
      execute: async (args) => {
        received.push(args);
        return args.title;
      },
    });
    const { sent, results } = await callCreatePage(createPage);
    expect(sent?.map((sentTool) => sentTool.type === 'function' && sentTool.name)).toStrictEqual([
      'create_page',
    ]);
    const [first] = sent ?? [];
    expect(first?.type === 'function' ? first.inputSchema : undefined).toStrictEqual(
      await asSchema(item.wrapped).jsonSchema,
    );
    expect(received).toStrictEqual([ARGUMENTS]);
    expect(results).toStrictEqual(['Notes']);
  });

  it("keeps the handler argument types in ai 6's declarations", () => {
    tool({
      inputSchema: zodAdapter.toToolInputSchema(ZodCreatePage),
      execute: async (args) => {
        expectTypeOf(args).toEqualTypeOf<z.output<typeof ZodCreatePage>>();
        return '';
      },
    });
    tool({
      inputSchema: valibotAdapter.toToolInputSchema(ValibotCreatePage),
      execute: async (args) => {
        expectTypeOf(args).toEqualTypeOf<v.InferOutput<typeof ValibotCreatePage>>();
        return '';
      },
    });
    tool({
      inputSchema: arktypeAdapter.toToolInputSchema(arktypeTypes.CreatePage),
      execute: async (args) => {
        expectTypeOf(args).toEqualTypeOf<typeof arktypeTypes.CreatePage.infer>();
        return '';
      },
    });
  });

  it("keeps the handler argument types in ai 7's declarations too", () => {
    // Type-level: `tool` is the identity at run time, so this runs on Node.js 20 as well.
    const tool7 = tool as unknown as Ai7Tool;
    tool7({
      inputSchema: zodAdapter.toToolInputSchema(ZodCreatePage),
      execute: async (args) => {
        expectTypeOf(args).toEqualTypeOf<z.output<typeof ZodCreatePage>>();
        return '';
      },
    });
    tool7({
      inputSchema: valibotAdapter.toToolInputSchema(ValibotCreatePage),
      execute: async (args) => {
        expectTypeOf(args).toEqualTypeOf<v.InferOutput<typeof ValibotCreatePage>>();
        return '';
      },
    });
    tool7({
      inputSchema: arktypeAdapter.toToolInputSchema(arktypeTypes.CreatePage),
      execute: async (args) => {
        expectTypeOf(args).toEqualTypeOf<typeof arktypeTypes.CreatePage.infer>();
        return '';
      },
    });
  });

  it('rejects invalid arguments with the validator issues', async () => {
    const result = await asSchema(zodAdapter.toToolInputSchema(ZodCreatePage)).validate?.({
      title: 'Notes',
      author: '{"name":"Ada"}',
      reviewers: [],
    });
    expect(result?.success).toBe(false);
    const cause = result?.success === false ? (result.error as { cause?: unknown }).cause : [];
    expect((cause as { path?: unknown }[]).map((issue) => issue.path)).toStrictEqual([['author']]);
  });
});
