import * as z from 'zod';
import { INVALID_ARGUMENTS, VALID_ARGUMENTS, type ValidatorTool } from './validatorTool.ts';

interface Category {
  name: string;
  children?: Category[] | undefined;
}
const Category: z.ZodType<Category> = z.object({
  name: z.string(),
  get children() {
    return z.array(Category).optional();
  },
});

type Filter = { property: string; equals: string } | { and: Filter[] } | { or: Filter[] };
const Filter: z.ZodType<Filter> = z.union([
  z.object({ property: z.string(), equals: z.string() }),
  z.object({
    get and() {
      return z.array(Filter);
    },
  }),
  z.object({
    get or() {
      return z.array(Filter);
    },
  }),
]);

const schemas = {
  create_issue: z.object({
    title: z.string().min(1).max(256),
    body: z.string().optional(),
    labels: z.array(z.string()).max(10).default([]),
    assignee: z.string().nullable(),
    priority: z.enum(['low', 'medium', 'high']).default('medium'),
  }),
  search_pages: z.object({
    query: z.string(),
    limit: z.number().int().min(1).max(100).default(20),
    cursor: z.string().optional(),
    sort: z.union([z.literal('relevance'), z.literal('created'), z.literal('updated')]).optional(),
  }),
  schedule_meeting: z.object({
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    attendees: z.array(z.email()).min(1),
    timezone: z
      .string()
      .regex(/^[A-Za-z_]+\/[A-Za-z_]+$/)
      .optional(),
  }),
  update_settings: z.object({
    settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    dry_run: z.boolean().default(false),
  }),
  set_page_properties: z.object({
    page_id: z.string(),
    properties: z.record(
      z.string(),
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('title'), title: z.string() }),
        z.object({ type: z.literal('number'), number: z.number().nullable() }),
        z.object({ type: z.literal('select'), select: z.object({ name: z.string() }) }),
      ]),
    ),
  }),
  edit_tree: z.object({ root: Category }),
  move_item: z.object({
    id: z.string(),
    position: z.tuple([z.number(), z.number()]),
    layer: z.number().int().optional(),
  }),
  send_notification: z.object({
    channel: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('email'), to: z.email(), subject: z.string() }),
      z.object({ kind: z.literal('sms'), phone: z.string().regex(/^\+[1-9]\d{6,14}$/) }),
      z.object({
        kind: z.literal('webhook'),
        url: z.url(),
        headers: z.record(z.string(), z.string()).optional(),
      }),
    ]),
  }),
  create_user: z.intersection(
    z.object({ id: z.uuid(), email: z.email() }),
    z.object({ created_at: z.iso.datetime(), role: z.enum(['admin', 'member']) }),
  ),
  query_database: z.object({ database_id: z.string(), filter: Filter }),
  transfer_funds: z.object({
    amount: z.number().positive().multipleOf(0.01),
    currency: z.string().regex(/^[A-Z]{3}$/),
    memo: z.string().max(140).nullable().optional(),
  }),
  set_metadata: z.object({ target: z.string(), metadata: z.record(z.string(), z.unknown()) }),
  book_flight: z.object({
    flight: z.string(),
    passengers: z
      .array(
        z.object({
          name: z.string(),
          birth_date: z.iso.date(),
          seat: z.string().nullable().optional(),
        }),
      )
      .min(1)
      .max(9),
  }),
  log_event: z.object({
    level: z.enum(['debug', 'info', 'warn', 'error']),
    message: z.string(),
    context: z.record(z.string(), z.unknown()).optional(),
    at: z.iso.datetime().optional(),
  }),
  resize_image: z.object({
    width: z.number().int().min(1).max(4096),
    height: z.number().int().min(1).max(4096),
    fit: z.enum(['cover', 'contain', 'fill']).default('cover'),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
  }),
  geocode: z.object({
    location: z.union([
      z.string().min(1),
      z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
    ]),
  }),
};

/** Realistic Zod 4 tools covering the features of issue 11, one per name of `VALID_ARGUMENTS`. */
export const ZOD_TOOLS: readonly ValidatorTool<z.ZodType>[] = Object.entries(schemas).map(
  ([name, schema]) => ({
    name,
    description: `${name.replace(/_/g, ' ')} (Zod)`,
    schema,
    valid: VALID_ARGUMENTS[name] ?? [],
    invalid: INVALID_ARGUMENTS[name] ?? [],
  }),
);
