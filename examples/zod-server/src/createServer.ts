import { McpServer } from '@modelcontextprotocol/server';
import type { ToolSchemaDiagnostic, ToolSchemaDiagnosticsContext } from '@toolschema/core';
import { toToolInputSchema, toToolOutputSchema } from '@toolschema/zod';
import type * as z from 'zod';
import {
  CreatePageInput,
  GetPageTreeInput,
  ImportOutlineInput,
  ImportOutlineOutput,
  Page,
  PageTree,
} from './schemas.ts';

type StoredPage = z.infer<typeof Page>;
type OutlineNode = z.infer<typeof ImportOutlineInput>['outline'][number];
type Tree = z.infer<typeof PageTree>;

/** The pages of one server instance, kept in memory (an example has no database). */
class PageStore {
  readonly #pages = new Map<string, StoredPage>();
  #nextId = 1;

  /**
   * Stores a new page.
   *
   * @param page The page without its generated fields.
   * @returns The stored page.
   */
  add(page: Omit<StoredPage, 'id' | 'created_at'>): StoredPage {
    const stored: StoredPage = {
      ...page,
      id: `p_${this.#nextId++}`,
      created_at: new Date().toISOString(),
    };
    this.#pages.set(stored.id, stored);
    return stored;
  }

  /**
   * Builds the tree under a page, or under the workspace for `"workspace"`.
   *
   * @param rootId A page id or `"workspace"`.
   * @param maxDepth How many levels of children to include.
   * @returns The tree, or `undefined` when the page does not exist.
   */
  tree(rootId: string, maxDepth: number): Tree | undefined {
    const root =
      rootId === 'workspace' ? { id: 'workspace', title: 'Workspace' } : this.#pages.get(rootId);
    if (root === undefined) return undefined;
    const childrenOf = (id: string, depth: number): Tree[] => {
      if (depth >= maxDepth) return [];
      return [...this.#pages.values()]
        .filter((page) =>
          id === 'workspace'
            ? page.parent.type === 'workspace'
            : page.parent.type === 'page' && page.parent.page_id === id,
        )
        .map((page) => ({
          id: page.id,
          title: page.title,
          children: childrenOf(page.id, depth + 1),
        }));
    };
    return { id: root.id, title: root.title, children: childrenOf(root.id, 0) };
  }
}

/** Options of {@link createServer}. */
export interface CreateServerOptions {
  /**
   * Receives what toolschema could not keep exactly in a tool's schema (called only when there is
   * something to say). Default: one line per diagnostic on stderr, since stdout is the protocol.
   */
  onDiagnostics?: (
    tool: string,
    diagnostics: ToolSchemaDiagnostic[],
    context: ToolSchemaDiagnosticsContext,
  ) => void;
}

/**
 * Logs diagnostics to stderr.
 *
 * @param tool The tool whose schema they belong to.
 * @param diagnostics What toolschema reported.
 * @param context Which side and target of the schema.
 */
function logDiagnostics(
  tool: string,
  diagnostics: ToolSchemaDiagnostic[],
  context: ToolSchemaDiagnosticsContext,
): void {
  for (const { code, pointer, message } of diagnostics) {
    console.error(`[${tool} ${context.io}] ${code} at "${pointer}": ${message}`);
  }
}

/**
 * Creates the example's MCP server: three tools over an in-memory page store. Every schema goes
 * through `toToolInputSchema` / `toToolOutputSchema`, so `tools/list` carries no `$ref` except
 * the ones a recursive type truly needs.
 *
 * @param options Where diagnostics go.
 * @returns A server with its tools registered, not yet connected.
 */
export function createServer(options: CreateServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'toolschema-example-zod', version: '0.0.0' });
  const store = new PageStore();
  const report = options.onDiagnostics ?? logDiagnostics;
  // The same options for every schema of a tool, so each diagnostic says which tool it is about.
  const schemaOptions = (tool: string) => ({
    onDiagnostics: (diagnostics: ToolSchemaDiagnostic[], context: ToolSchemaDiagnosticsContext) =>
      report(tool, diagnostics, context),
  });

  server.registerTool(
    'create_page',
    {
      description: 'Create a page under another page or at the top of the workspace.',
      inputSchema: toToolInputSchema(CreatePageInput, schemaOptions('create_page')),
      outputSchema: toToolOutputSchema(Page, schemaOptions('create_page')),
    },
    async (args) => {
      // `args` is the parsed value: `reviewers` already holds its default.
      const page = store.add(args);
      return {
        content: [{ type: 'text', text: `Created "${page.title}" (${page.id}).` }],
        structuredContent: page,
      };
    },
  );

  server.registerTool(
    'import_outline',
    {
      description: 'Create one page per heading of a nested outline, keeping the nesting.',
      inputSchema: toToolInputSchema(ImportOutlineInput, schemaOptions('import_outline')),
      outputSchema: toToolOutputSchema(ImportOutlineOutput, schemaOptions('import_outline')),
    },
    async ({ parent, author, outline }) => {
      const created: { id: string; title: string }[] = [];
      // An explicit stack instead of recursion (an outline from a client can be arbitrarily deep),
      // filled in reverse so that pages are created in document order.
      const pending: { parent: StoredPage['parent']; node: OutlineNode }[] = outline
        .map((node) => ({ parent, node }))
        .reverse();
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const page = store.add({
          parent: next.parent,
          title: next.node.title,
          author,
          reviewers: [],
        });
        created.push({ id: page.id, title: page.title });
        const parentOfChildren = { type: 'page', page_id: page.id } as const;
        for (const child of [...next.node.children].reverse()) {
          pending.push({ parent: parentOfChildren, node: child });
        }
      }
      return {
        content: [{ type: 'text', text: `Created ${created.length} pages.` }],
        structuredContent: { created },
      };
    },
  );

  server.registerTool(
    'get_page_tree',
    {
      description: 'Return a page and its descendants as a tree.',
      inputSchema: toToolInputSchema(GetPageTreeInput, schemaOptions('get_page_tree')),
      outputSchema: toToolOutputSchema(PageTree, schemaOptions('get_page_tree')),
    },
    async ({ page_id, max_depth }) => {
      const tree = store.tree(page_id, max_depth);
      if (tree === undefined) {
        return { content: [{ type: 'text', text: `No page ${page_id}.` }], isError: true };
      }
      return { content: [{ type: 'text', text: JSON.stringify(tree) }], structuredContent: tree };
    },
  );

  return server;
}
