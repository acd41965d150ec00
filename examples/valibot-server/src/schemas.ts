import * as v from 'valibot';

/** A person on the board; the same schema object types the reporter and every assignee. */
export const User = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description('Stable user id, e.g. "u_42".')),
    name: v.string(),
    email: v.pipe(v.string(), v.email()),
  }),
  v.description('A member of the board.'),
);

/** A category and its sub-categories, nested to any depth (`v.lazy`). */
export interface CategoryNode {
  name: string;
  color?: string | undefined;
  children: CategoryNode[];
}

/**
 * The schema of {@link CategoryNode}. `v.lazy` is how Valibot spells recursion; its JSON Schema
 * converter emits it as `{"$ref": "#/$defs/0"}`.
 */
export const CategoryNodeSchema: v.GenericSchema<CategoryNode> = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  color: v.optional(v.pipe(v.string(), v.hexColor())),
  children: v.array(v.lazy(() => CategoryNodeSchema)),
});

/** Task priority, lowest first. */
export const Priority = v.picklist(['low', 'normal', 'high', 'urgent']);

/** Arguments of `create_task`: `User` in two fields. */
export const CreateTaskInput = v.object({
  title: v.pipe(v.string(), v.minLength(1)),
  description: v.optional(v.string()),
  priority: v.optional(Priority, 'normal'),
  category: v.pipe(v.string(), v.description('Path of the category, e.g. "Engineering/Backend".')),
  reporter: User,
  assignees: v.optional(v.array(User), []),
});

/** A stored task, as `create_task` returns it. */
export const Task = v.object({
  id: v.string(),
  title: v.string(),
  description: v.optional(v.string()),
  priority: Priority,
  category: v.string(),
  reporter: User,
  assignees: v.array(User),
});

/** Arguments of `define_categories`: a recursive category tree to add to the board. */
export const DefineCategoriesInput = v.object({
  categories: v.pipe(v.array(CategoryNodeSchema), v.minLength(1)),
});

/** What `define_categories` and `list_categories` return: the whole tree of the board. */
export const CategoryTree = v.object({
  categories: v.array(CategoryNodeSchema),
});

/** Arguments of `list_categories`. */
export const ListCategoriesInput = v.object({});
