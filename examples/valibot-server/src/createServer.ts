import { McpServer } from '@modelcontextprotocol/server';
import { toToolInputSchema, toToolOutputSchema } from '@toolschema/valibot';
import type * as v from 'valibot';
import {
  type CategoryNode,
  CategoryTree,
  CreateTaskInput,
  DefineCategoriesInput,
  ListCategoriesInput,
  Task,
} from './schemas.ts';

type StoredTask = v.InferOutput<typeof Task>;

/** The board of one server instance, kept in memory (an example has no database). */
class Board {
  /** Top-level categories; each holds its sub-categories. */
  readonly categories: CategoryNode[] = [];
  readonly #tasks: StoredTask[] = [];

  /**
   * Merges a category tree into the board: a category with the name of an existing sibling is
   * merged into it, a new one is appended.
   *
   * @param incoming The categories to add, at the top level.
   */
  addCategories(incoming: CategoryNode[]): void {
    // An explicit stack instead of recursion: a tree from a client can be arbitrarily deep.
    const pending = [{ into: this.categories, nodes: incoming }];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      for (const node of next.nodes) {
        let existing = next.into.find((category) => category.name === node.name);
        if (existing === undefined) {
          existing = { name: node.name, children: [] };
          if (node.color !== undefined) existing.color = node.color;
          next.into.push(existing);
        }
        pending.push({ into: existing.children, nodes: node.children });
      }
    }
  }

  /**
   * Tells whether a category path such as `"Engineering/Backend"` exists.
   *
   * @param path Names from the top level down, separated by `/`.
   * @returns `true` when every segment names an existing category.
   */
  hasCategory(path: string): boolean {
    let level: CategoryNode[] | undefined = this.categories;
    for (const name of path.split('/')) {
      level = level?.find((category) => category.name === name)?.children;
      if (level === undefined) return false;
    }
    return true;
  }

  /**
   * Stores a new task.
   *
   * @param task The task without its id.
   * @returns The stored task.
   */
  addTask(task: Omit<StoredTask, 'id'>): StoredTask {
    const stored = { ...task, id: `t_${this.#tasks.length + 1}` };
    this.#tasks.push(stored);
    return stored;
  }
}

/**
 * Creates the example's MCP server: a task board with a recursive category tree. Every schema
 * goes through `toToolInputSchema` / `toToolOutputSchema`, so `tools/list` carries no `$ref`
 * except the ones the recursive category type truly needs.
 *
 * @returns A server with its tools registered, not yet connected.
 */
export function createServer(): McpServer {
  const server = new McpServer({ name: 'toolschema-example-valibot', version: '0.0.0' });
  const board = new Board();

  server.registerTool(
    'define_categories',
    {
      description: 'Add a tree of categories (with sub-categories to any depth) to the board.',
      inputSchema: toToolInputSchema(DefineCategoriesInput),
      outputSchema: toToolOutputSchema(CategoryTree),
    },
    async ({ categories }) => {
      board.addCategories(categories);
      return {
        content: [{ type: 'text', text: JSON.stringify(board.categories) }],
        structuredContent: { categories: board.categories },
      };
    },
  );

  server.registerTool(
    'list_categories',
    {
      description: 'Return the category tree of the board.',
      inputSchema: toToolInputSchema(ListCategoriesInput),
      outputSchema: toToolOutputSchema(CategoryTree),
    },
    async () => ({
      content: [{ type: 'text', text: JSON.stringify(board.categories) }],
      structuredContent: { categories: board.categories },
    }),
  );

  server.registerTool(
    'create_task',
    {
      description: 'Create a task in a category, with a reporter and any number of assignees.',
      inputSchema: toToolInputSchema(CreateTaskInput),
      outputSchema: toToolOutputSchema(Task),
    },
    async (args) => {
      if (!board.hasCategory(args.category)) {
        return {
          content: [{ type: 'text', text: `No category "${args.category}"; define it first.` }],
          isError: true,
        };
      }
      // `args` is Valibot's output: `priority` and `assignees` already hold their defaults.
      const task = board.addTask(args);
      return {
        content: [{ type: 'text', text: `Created task ${task.id}: ${task.title}` }],
        structuredContent: task,
      };
    },
  );

  return server;
}
