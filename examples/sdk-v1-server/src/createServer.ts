import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';

/** A registered type (`.meta({ id })`): SDK v1 lists it once under `definitions`, by `$ref`. */
export const Person = z
  .object({ name: z.string().describe('Full name'), email: z.email() })
  .meta({ id: 'Person', description: 'Someone on the team' });

/** A recursive type: a folder holds folders. */
export const Folder = z
  .object({
    name: z.string(),
    get children() {
      return z.array(Folder).optional();
    },
  })
  .meta({ id: 'Folder' });

/** The arguments of `assign_task`: `Person` twice. */
export const AssignTaskInput = z.object({
  title: z.string(),
  assignee: Person,
  reviewer: Person.optional(),
});

/** The arguments of `create_folders`: a tree of folders. */
export const CreateFoldersInput = z.object({ root: Folder });

/**
 * Counts the folders of a tree.
 *
 * @param folder The root folder.
 * @returns How many folders the tree holds, the root included.
 */
function countFolders(folder: z.infer<typeof Folder>): number {
  return 1 + (folder.children ?? []).reduce((sum, child) => sum + countFolders(child), 0);
}

/**
 * A small task tracker on the MCP TypeScript SDK v1, with plain Zod 4 schemas as SDK v1 takes
 * them. Nothing here knows about toolschema: the transport it is connected to does the work.
 *
 * @returns The server, its tools registered.
 */
export function createServer(): McpServer {
  const server = new McpServer({ name: 'toolschema-example-sdk-v1', version: '0.0.0' });
  server.registerTool(
    'assign_task',
    {
      description: 'Assign a task to someone, with an optional reviewer.',
      inputSchema: AssignTaskInput,
    },
    async (args) => {
      const reviewer = args.reviewer === undefined ? '' : `, reviewed by ${args.reviewer.name}`;
      return {
        content: [{ type: 'text', text: `${args.title}: ${args.assignee.name}${reviewer}` }],
      };
    },
  );
  server.registerTool(
    'create_folders',
    { description: 'Create a tree of folders.', inputSchema: CreateFoldersInput },
    async (args) => ({
      content: [{ type: 'text', text: `created ${countFolders(args.root)} folders` }],
    }),
  );
  return server;
}
