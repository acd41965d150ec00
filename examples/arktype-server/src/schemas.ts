import { scope } from 'arktype';

/**
 * The discussion board's types, as one ArkType scope. `User` is referenced from several types,
 * and `NewComment` / `Comment` hold lists of themselves: ArkType's JSON Schema converter emits
 * such a cyclic scope as a root `$ref` into `$defs`, with a `$ref` at every use.
 */
export const board = scope({
  User: {
    id: 'string',
    name: 'string',
    email: 'string.email',
  },
  /** A comment to post, with replies to post under it. */
  NewComment: {
    body: 'string > 0',
    'replies?': 'NewComment[]',
  },
  /** A posted comment and its replies. */
  Comment: {
    id: 'string',
    author: 'User',
    body: 'string',
    replies: 'Comment[]',
  },
  StartDiscussionInput: {
    title: 'string > 0',
    author: 'User',
    'watchers?': 'User[]',
    comments: 'NewComment[] > 0',
  },
  ReplyInput: {
    discussion_id: 'string',
    comment_id: 'string',
    author: 'User',
    body: 'string > 0',
  },
  GetThreadInput: {
    discussion_id: 'string',
  },
  Thread: {
    discussion_id: 'string',
    title: 'string',
    watchers: 'User[]',
    comments: 'Comment[]',
  },
}).export();
