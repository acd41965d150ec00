import { createOpenAI } from '@ai-sdk/openai';
import Anthropic from '@anthropic-ai/sdk';
import { betaStandardSchemaTool } from '@anthropic-ai/sdk/helpers/beta/standard-schema';
import { toToolInputSchema } from '@toolschema/zod';
import { generateText, tool } from 'ai';
import OpenAI from 'openai';
import { standardFunction } from 'openai/helpers/standard-schema';
import * as z from 'zod';
import { capturedFetch } from './capturedFetch.ts';

// A tool's arguments with a registered type used twice: alone, Zod lists
// `"organizer": { "$ref": "#/$defs/Person" }`; wrapped, every SDK below sends it inlined.
const Person = z.object({ name: z.string(), email: z.string() }).meta({ id: 'Person' });
const CreateEvent = z.object({ title: z.string(), organizer: Person, guests: z.array(Person) });
const parameters = toToolInputSchema(CreateEvent);

/** The arguments as a model sends them: JSON text for OpenAI's API, an object for Anthropic's. */
const modelArguments = {
  title: 'Launch',
  organizer: { name: 'Ada', email: 'ada@example.com' },
  guests: [{ name: 'Bob', email: 'bob@example.com' }],
};

/**
 * The tool's handler, the same in every SDK: it gets the arguments as Zod parsed them.
 *
 * @param args The parsed arguments.
 * @returns The tool's result.
 */
function createEvent(args: z.output<typeof CreateEvent>): string {
  return `${args.title} by ${args.organizer.name}, ${args.guests.length} guest(s)`;
}

/** An OpenAI Chat Completions answer: a call of `create_event`, or the final text. */
function chatCompletion(call: boolean) {
  const toolCall = {
    id: 'call_1',
    type: 'function',
    function: { name: 'create_event', arguments: JSON.stringify(modelArguments) },
  };
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-example',
    choices: [
      {
        index: 0,
        message: call
          ? { role: 'assistant', content: null, tool_calls: [toolCall] }
          : { role: 'assistant', content: 'Done.' },
        finish_reason: call ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** An Anthropic Messages answer: a `tool_use` of `create_event`, or the final text. */
function anthropicMessage(call: boolean) {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-example',
    content: call
      ? [{ type: 'tool_use', id: 'toolu_1', name: 'create_event', input: modelArguments }]
      : [{ type: 'text', text: 'Done.' }],
    stop_reason: call ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

// The Vercel AI SDK: the wrapper is a tool's `inputSchema`.
const aiSdk = capturedFetch([chatCompletion(true)]);
const aiSdkResult = await generateText({
  model: createOpenAI({ apiKey: 'no-key-needed', fetch: aiSdk.fetch }).chat('gpt-example'),
  prompt: 'Plan the launch.',
  tools: {
    create_event: tool({
      description: 'Create an event',
      inputSchema: parameters,
      execute: async (args) => createEvent(args),
    }),
  },
});

// The OpenAI SDK: the wrapper is `standardFunction`'s `parameters` (strict mode: OpenAI requires
// every property, which this schema does).
const openaiFetch = capturedFetch([chatCompletion(true), chatCompletion(false)]);
const openai = new OpenAI({ apiKey: 'no-key-needed', fetch: openaiFetch.fetch });
const openaiResults: string[] = [];
await openai.chat.completions
  .runTools({
    model: 'gpt-example',
    messages: [{ role: 'user', content: 'Plan the launch.' }],
    tools: [
      standardFunction({
        name: 'create_event',
        parameters,
        function: (args) => {
          const result = createEvent(args);
          openaiResults.push(result);
          return result;
        },
      }),
    ],
  })
  .finalContent();

// The Anthropic SDK: the wrapper is `betaStandardSchemaTool`'s `inputSchema`.
const anthropicFetch = capturedFetch([anthropicMessage(true), anthropicMessage(false)]);
const anthropic = new Anthropic({ apiKey: 'no-key-needed', fetch: anthropicFetch.fetch });
const anthropicResults: string[] = [];
await anthropic.beta.messages
  .toolRunner({
    model: 'claude-example',
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'Plan the launch.' }],
    tools: [
      betaStandardSchemaTool({
        name: 'create_event',
        description: 'Create an event',
        inputSchema: parameters,
        run: (args) => {
          const result = createEvent(args);
          anthropicResults.push(result);
          return result;
        },
      }),
    ],
  })
  .runUntilDone();

/** The first tool of a captured request body, as the SDK wrote it. */
function firstTool(body: unknown): unknown {
  return (body as { tools: unknown[] }).tools[0];
}

// What each SDK sent as the tool (its schema: `function.parameters` or `input_schema`), and what
// the handler returned for the model's arguments.
console.log(
  JSON.stringify(
    {
      'ai-sdk': {
        sent: firstTool(aiSdk.bodies[0]),
        results: aiSdkResult.toolResults.map((part) => part.output),
      },
      openai: { sent: firstTool(openaiFetch.bodies[0]), results: openaiResults },
      anthropic: { sent: firstTool(anthropicFetch.bodies[0]), results: anthropicResults },
    },
    null,
    2,
  ),
);
