import { McpServer } from '@modelcontextprotocol/server';
import { toToolInputSchema, toToolOutputSchema } from '@toolschema/arktype';
import { board } from './schemas.ts';

type User = typeof board.User.infer;
type NewComment = typeof board.NewComment.infer;
type Comment = typeof board.Comment.infer;
type Thread = typeof board.Thread.infer;

/** The discussions of one server instance, kept in memory (an example has no database). */
class Discussions {
  readonly #threads = new Map<string, Thread>();
  #nextId = 1;

  /**
   * Starts a discussion with its first comments (and their replies).
   *
   * @param title The discussion title.
   * @param author Who posts the comments.
   * @param watchers Who is notified of replies.
   * @param comments The comments to post, replies nested inside them.
   * @returns The stored thread.
   */
  start(title: string, author: User, watchers: User[], comments: NewComment[]): Thread {
    const thread: Thread = {
      discussion_id: `d_${this.#nextId++}`,
      title,
      watchers,
      comments: [],
    };
    // An explicit stack instead of recursion: a thread from a client can be arbitrarily deep.
    const pending = comments.map((comment) => ({ into: thread.comments, comment })).reverse();
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const posted = this.#comment(author, next.comment.body);
      next.into.push(posted);
      for (const reply of [...(next.comment.replies ?? [])].reverse()) {
        pending.push({ into: posted.replies, comment: reply });
      }
    }
    this.#threads.set(thread.discussion_id, thread);
    return thread;
  }

  /**
   * Posts a reply under an existing comment, at any depth of the thread.
   *
   * @param discussionId The id `start_discussion` returned.
   * @param commentId The comment to reply to.
   * @param author Who replies.
   * @param body The reply text.
   * @returns The new comment, or `undefined` when the discussion or the comment does not exist.
   */
  reply(discussionId: string, commentId: string, author: User, body: string): Comment | undefined {
    const thread = this.#threads.get(discussionId);
    const pending = [...(thread?.comments ?? [])];
    for (let comment = pending.pop(); comment !== undefined; comment = pending.pop()) {
      if (comment.id === commentId) {
        const posted = this.#comment(author, body);
        comment.replies.push(posted);
        return posted;
      }
      pending.push(...comment.replies);
    }
    return undefined;
  }

  /**
   * Finds a discussion.
   *
   * @param discussionId The id `start_discussion` returned.
   * @returns The thread, or `undefined`.
   */
  get(discussionId: string): Thread | undefined {
    return this.#threads.get(discussionId);
  }

  /**
   * Creates a comment with a fresh id and no replies.
   *
   * @param author Who posts it.
   * @param body The comment text.
   * @returns The comment, not yet attached to a thread.
   */
  #comment(author: User, body: string): Comment {
    return { id: `c_${this.#nextId++}`, author, body, replies: [] };
  }
}

/**
 * Creates the example's MCP server: threaded discussions. Every schema goes through
 * `toToolInputSchema` / `toToolOutputSchema`, so `tools/list` carries no `$ref` except the ones
 * the recursive comment types truly need (ArkType itself puts every type of the scope behind one).
 *
 * @returns A server with its tools registered, not yet connected.
 */
export function createServer(): McpServer {
  const server = new McpServer({ name: 'toolschema-example-arktype', version: '0.0.0' });
  const discussions = new Discussions();

  server.registerTool(
    'start_discussion',
    {
      description: 'Start a discussion with one or more comments, each with nested replies.',
      inputSchema: toToolInputSchema(board.StartDiscussionInput),
      outputSchema: toToolOutputSchema(board.Thread),
    },
    async ({ title, author, watchers, comments }) => {
      const thread = discussions.start(title, author, watchers ?? [], comments);
      return {
        content: [{ type: 'text', text: `Started ${thread.discussion_id}: ${title}` }],
        structuredContent: thread,
      };
    },
  );

  server.registerTool(
    'reply',
    {
      description: 'Reply to a comment of a discussion.',
      inputSchema: toToolInputSchema(board.ReplyInput),
      outputSchema: toToolOutputSchema(board.Comment),
    },
    async ({ discussion_id, comment_id, author, body }) => {
      const posted = discussions.reply(discussion_id, comment_id, author, body);
      if (posted === undefined) {
        return {
          content: [{ type: 'text', text: `No comment ${comment_id} in ${discussion_id}.` }],
          isError: true,
        };
      }
      return {
        content: [{ type: 'text', text: `Posted ${posted.id}.` }],
        structuredContent: posted,
      };
    },
  );

  server.registerTool(
    'get_thread',
    {
      description: 'Return a discussion with all its comments and replies.',
      inputSchema: toToolInputSchema(board.GetThreadInput),
      outputSchema: toToolOutputSchema(board.Thread),
    },
    async ({ discussion_id }) => {
      const thread = discussions.get(discussion_id);
      if (thread === undefined) {
        return {
          content: [{ type: 'text', text: `No discussion ${discussion_id}.` }],
          isError: true,
        };
      }
      return {
        content: [{ type: 'text', text: JSON.stringify(thread) }],
        structuredContent: thread,
      };
    },
  );

  return server;
}
