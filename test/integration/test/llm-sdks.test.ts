/**
 * The wrappers where Standard Schema is taken outside MCP: the Vercel AI SDK's
 * `tool({ inputSchema })`, the OpenAI SDK's `standardFunction` and the Anthropic SDK's
 * `betaStandardSchemaTool`. Each SDK builds its real request against a captured `fetch` (no
 * network) that answers with a tool call: the schema it sends must be the wrapper's
 * self-contained one, and the tool's function must receive the arguments as the validator
 * parsed them (defaults applied).
 */
import Anthropic from '@anthropic-ai/sdk';
import { betaStandardSchemaTool } from '@anthropic-ai/sdk/helpers/beta/standard-schema';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import * as arktypeAdapter from '@toolschema/arktype';
import { type ToolSchema, toolInputJsonSchema } from '@toolschema/core';
import { refsOf } from '@toolschema/test-support';
import * as valibotAdapter from '@toolschema/valibot';
import * as zodAdapter from '@toolschema/zod';
import { addGlobalDefs } from '@valibot/to-json-schema';
import { scope } from 'arktype';
import OpenAI from 'openai';
import { standardFunction } from 'openai/helpers/standard-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { aiSdkMajor, loadAiSdk, nodeMajor } from './aiSdk.ts';

// The AI SDK runs as `ai` 6 on Node.js 20 and `ai` 7 on Node.js 22 and later (see ./aiSdk.ts).
const { createOpenAI, generateText, jsonSchema, tool, version } = await loadAiSdk();

/** The arguments every case's tool receives: an author used twice, a default applied. */
interface PostArgs {
  title: string;
  author: { name: string };
  editor: { name: string };
  priority: number;
}

// The same tool in each validator, with its shared type registered where the validator can.
const ZodAuthor = z.object({ name: z.string() }).meta({ id: 'LlmSdkZodAuthor' });
const zodPost = z.object({
  title: z.string(),
  author: ZodAuthor,
  editor: ZodAuthor,
  priority: z.number().int().default(3),
});

const ValibotAuthor = v.object({ name: v.string() });
addGlobalDefs({ LlmSdkValibotAuthor: ValibotAuthor });
const valibotPost = v.object({
  title: v.string(),
  author: ValibotAuthor,
  editor: ValibotAuthor,
  priority: v.optional(v.pipe(v.number(), v.integer()), 3),
});

const arktypeTypes = scope({
  Author: { name: 'string' },
  Post: { title: 'string', author: 'Author', editor: 'Author', priority: 'number.integer = 3' },
  StrictPost: { title: 'string', author: 'Author', editor: 'Author' },
}).export();

/** One adapter's wrapped tool schemas. */
interface Case {
  name: string;
  /** The tool's arguments, with a default. */
  post: ToolSchema<StandardSchemaV1<unknown, PostArgs>>;
  /**
   * The same without the defaulted property: OpenAI's strict mode, which `standardFunction`
   * always asks for, requires every property (that is a provider rule, not the wrapper's).
   */
  strictPost: ToolSchema<StandardSchemaV1<unknown, Omit<PostArgs, 'priority'>>>;
}

const cases: Case[] = [
  {
    name: 'zod',
    post: zodAdapter.toToolInputSchema(zodPost),
    strictPost: zodAdapter.toToolInputSchema(zodPost.omit({ priority: true })),
  },
  {
    name: 'valibot',
    post: valibotAdapter.toToolInputSchema(valibotPost),
    strictPost: valibotAdapter.toToolInputSchema(v.omit(valibotPost, ['priority'])),
  },
  {
    name: 'arktype',
    post: arktypeAdapter.toToolInputSchema(arktypeTypes.Post),
    strictPost: arktypeAdapter.toToolInputSchema(arktypeTypes.StrictPost),
  },
];

const modelArguments = { title: 'Hello', author: { name: 'Ada' }, editor: { name: 'Bob' } };
const parsedArguments: PostArgs = { ...modelArguments, priority: 3 };

/**
 * A `fetch` that records each request body and answers with the next canned response.
 *
 * @param responses The JSON bodies to answer with, in order.
 * @returns The fetch and the request bodies it saw.
 */
function capturedFetch(responses: unknown[]): { fetch: typeof fetch; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const queue = [...responses];
  const fetchLike = async (_input: unknown, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(String(init?.body)));
    const body = queue.shift();
    if (body === undefined) throw new Error('no canned response left');
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchLike as typeof fetch, bodies };
}

/** A tool of a request body, as the SDKs write them. */
interface SentTool {
  function?: { name?: string; parameters?: unknown };
  input_schema?: unknown;
}

/**
 * The tools of a captured request body.
 *
 * @param body A parsed request body.
 * @returns Its `tools`.
 */
function toolsOf(body: unknown): SentTool[] {
  return (body as { tools?: SentTool[] }).tools ?? [];
}

/** An OpenAI Chat Completions answer: a call of `create_post`, or a final text. */
function chatCompletion(call: boolean): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        message: call
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'create_post', arguments: JSON.stringify(modelArguments) },
                },
              ],
            }
          : { role: 'assistant', content: 'done' },
        finish_reason: call ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** An Anthropic Messages answer: a `tool_use` of `create_post`, or a final text. */
function anthropicMessage(call: boolean): unknown {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: call
      ? [{ type: 'tool_use', id: 'toolu_1', name: 'create_post', input: modelArguments }]
      : [{ type: 'text', text: 'done' }],
    stop_reason: call ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

it(`runs the AI SDK ${aiSdkMajor}: 7 on Node.js 22 and later, 6 before`, () => {
  expect(version.split('.')[0]).toBe(String(nodeMajor >= 22 ? 7 : 6));
});

const title = `the $name wrapper outside MCP (AI SDK ${aiSdkMajor}, Node.js ${nodeMajor})`;

describe.each(cases)(title, ({ post, strictPost }) => {
  const draft07 = post['~standard'].jsonSchema.input({ target: 'draft-07' });
  const draft2020 = post['~standard'].jsonSchema.input({ target: 'draft-2020-12' });

  it('is self-contained in both targets', () => {
    expect(refsOf(draft07)).toStrictEqual([]);
    expect(refsOf(draft2020)).toStrictEqual([]);
  });

  it(`works in the AI SDK ${aiSdkMajor} tool({ inputSchema })`, async () => {
    const { fetch, bodies } = capturedFetch([chatCompletion(true)]);
    const openai = createOpenAI({ apiKey: 'test', fetch });
    const received: unknown[] = [];
    const result = await generateText({
      model: openai.chat('gpt-test'),
      prompt: 'Post it',
      tools: {
        create_post: tool({
          description: 'Creates a post',
          inputSchema: post,
          execute: async (args) => {
            received.push(args);
            return 'ok';
          },
        }),
      },
    });
    expect(bodies).toMatchObject([
      { tools: [{ type: 'function', function: { name: 'create_post' } }] },
    ]);
    // The AI SDK asks the Standard JSON Schema for draft-07 and sends it (closing its objects
    // with additionalProperties: false for OpenAI): nothing left to resolve.
    const parameters = toolsOf(bodies[0])[0]?.function?.parameters;
    expect(parameters).toMatchObject(draft07 as object);
    expect(refsOf(parameters)).toStrictEqual([]);
    expect(received).toStrictEqual([parsedArguments]);
    expect(result.toolResults.map((toolResult) => toolResult.output)).toStrictEqual(['ok']);
  });

  it('works in the OpenAI SDK standardFunction', async () => {
    const { fetch, bodies } = capturedFetch([chatCompletion(true), chatCompletion(false)]);
    const client = new OpenAI({ apiKey: 'test', fetch });
    const received: unknown[] = [];
    const runner = client.chat.completions.runTools({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Post it' }],
      tools: [
        standardFunction({
          name: 'create_post',
          parameters: strictPost,
          function: (args) => {
            received.push(args);
            return 'ok';
          },
        }),
      ],
    });
    expect(await runner.finalContent()).toBe('done');
    // OpenAI's strict normalization of the draft-07 schema: nothing to resolve, every object closed.
    const parameters = toolsOf(bodies[0])[0]?.function?.parameters;
    expect(refsOf(parameters)).toStrictEqual([]);
    expect(parameters).toMatchObject({
      type: 'object',
      properties: {
        title: { type: 'string' },
        author: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        editor: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      additionalProperties: false,
    });
    expect(received).toStrictEqual([modelArguments]);
    // The tool's result went back to the model.
    expect(JSON.stringify(bodies[1])).toContain('"role":"tool"');
  });

  it('works in the Anthropic SDK betaStandardSchemaTool', async () => {
    const { fetch, bodies } = capturedFetch([anthropicMessage(true), anthropicMessage(false)]);
    const client = new Anthropic({ apiKey: 'test', fetch });
    const received: unknown[] = [];
    const runner = client.beta.messages.toolRunner({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Post it' }],
      tools: [
        betaStandardSchemaTool({
          name: 'create_post',
          description: 'Creates a post',
          inputSchema: post,
          run: (args) => {
            received.push(args);
            return 'ok';
          },
        }),
      ],
    });
    const final = await runner.runUntilDone();
    expect(final.content).toStrictEqual([{ type: 'text', text: 'done' }]);
    // The Anthropic helper asks for draft 2020-12 and sends it as the tool's input_schema.
    expect(toolsOf(bodies[0])[0]?.input_schema).toStrictEqual(draft2020);
    expect(received).toStrictEqual([parsedArguments]);
  });

  it('gives plain JSON Schema in one call, taken by each SDK as it is', async () => {
    const parameters = toolInputJsonSchema(strictPost, { target: 'draft-07' });
    expect(parameters).toStrictEqual(
      strictPost['~standard'].jsonSchema.input({ target: 'draft-07' }),
    );
    expect(refsOf(parameters)).toStrictEqual([]);

    const ai = capturedFetch([chatCompletion(false)]);
    await generateText({
      model: createOpenAI({ apiKey: 'test', fetch: ai.fetch }).chat('gpt-test'),
      prompt: 'Post it',
      tools: { create_post: tool({ inputSchema: jsonSchema(parameters) }) },
    });
    expect(toolsOf(ai.bodies[0])[0]?.function?.parameters).toMatchObject(parameters);

    const openai = capturedFetch([chatCompletion(false)]);
    await new OpenAI({ apiKey: 'test', fetch: openai.fetch }).chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Post it' }],
      tools: [{ type: 'function', function: { name: 'create_post', parameters } }],
    });
    expect(toolsOf(openai.bodies[0])[0]?.function?.parameters).toStrictEqual(parameters);

    const anthropic = capturedFetch([anthropicMessage(false)]);
    const input_schema = toolInputJsonSchema(strictPost);
    await new Anthropic({ apiKey: 'test', fetch: anthropic.fetch }).messages.create({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Post it' }],
      tools: [{ name: 'create_post', input_schema }],
    });
    expect(toolsOf(anthropic.bodies[0])[0]?.input_schema).toStrictEqual(input_schema);
  });
});
