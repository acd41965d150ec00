import * as z from 'zod';

/**
 * A person in the workspace. Registered with an `id`, so Zod's JSON Schema converter emits
 * `{"$ref": "#/$defs/User"}` at every use instead of the object itself.
 */
export const User = z
  .object({
    id: z.string().describe('Stable user id, e.g. "u_42".'),
    name: z.string(),
    email: z.email(),
  })
  .meta({ id: 'User', description: 'A member of the workspace.' });

/**
 * Where a page lives: under another page or at the top of the workspace. A registered
 * discriminated union: the shape that makes clients send `"parent": "{\"page_id\":...}"` (a
 * string) when all they see is a `$ref`.
 */
export const Parent = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('page'), page_id: z.string() }),
    z.object({ type: z.literal('workspace') }),
  ])
  .meta({ id: 'Parent', description: 'The page or workspace a page is created under.' });

/** One heading of an outline to import; each heading holds its own sub-headings (recursive). */
export const OutlineNode = z
  .object({
    title: z.string().min(1),
    body: z.string().optional(),
    // The annotation breaks the type-level cycle; Zod's docs recommend it for recursive getters.
    get children(): z.ZodDefault<z.ZodArray<typeof OutlineNode>> {
      return z.array(OutlineNode).default([]);
    },
  })
  .meta({ id: 'OutlineNode' });

/** A page and its descendants, as `get_page_tree` returns it (recursive at the root). */
export const PageTree = z.object({
  id: z.string(),
  title: z.string(),
  get children() {
    return z.array(PageTree);
  },
});

/** Arguments of `create_page`: `User` is used twice, `Parent` once. */
export const CreatePageInput = z.object({
  parent: Parent,
  title: z.string().min(1).describe('Page title.'),
  content: z.string().optional().describe('Markdown body.'),
  author: User,
  reviewers: z.array(User).default([]).describe('People asked to review the page.'),
});

/** A stored page, as `create_page` returns it. */
export const Page = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string().optional(),
  parent: Parent,
  author: User,
  reviewers: z.array(User),
  created_at: z.iso.datetime(),
});

/** Arguments of `import_outline`: a recursive tree of headings under one parent. */
export const ImportOutlineInput = z.object({
  parent: Parent,
  author: User,
  outline: z.array(OutlineNode).min(1),
});

/** What `import_outline` returns: the ids of the pages it created, in document order. */
export const ImportOutlineOutput = z.object({
  created: z.array(z.object({ id: z.string(), title: z.string() })),
});

/** Arguments of `get_page_tree`. */
export const GetPageTreeInput = z.object({
  page_id: z.string().describe('Root of the tree; "workspace" for the whole workspace.'),
  max_depth: z.number().int().min(1).max(10).default(3),
});
