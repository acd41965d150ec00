import * as v from 'valibot';
import { INVALID_ARGUMENTS, VALID_ARGUMENTS, type ValidatorTool } from './validatorTool.ts';

interface Category {
  name: string;
  children?: Category[] | undefined;
}
const Category: v.GenericSchema<Category> = v.object({
  name: v.string(),
  children: v.optional(v.array(v.lazy(() => Category))),
});

type Filter = { property: string; equals: string } | { and: Filter[] } | { or: Filter[] };
const Filter: v.GenericSchema<Filter> = v.union([
  v.object({ property: v.string(), equals: v.string() }),
  v.object({ and: v.array(v.lazy(() => Filter)) }),
  v.object({ or: v.array(v.lazy(() => Filter)) }),
]);

const Email = v.pipe(v.string(), v.email());
const DateTime = v.pipe(v.string(), v.isoTimestamp());

const schemas = {
  create_issue: v.object({
    title: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
    body: v.optional(v.string()),
    labels: v.optional(v.pipe(v.array(v.string()), v.maxLength(10)), []),
    assignee: v.nullable(v.string()),
    priority: v.optional(v.picklist(['low', 'medium', 'high']), 'medium'),
  }),
  search_pages: v.object({
    query: v.string(),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
    cursor: v.optional(v.string()),
    sort: v.optional(v.union([v.literal('relevance'), v.literal('created'), v.literal('updated')])),
  }),
  schedule_meeting: v.object({
    start: DateTime,
    end: DateTime,
    attendees: v.pipe(v.array(Email), v.minLength(1)),
    timezone: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z_]+\/[A-Za-z_]+$/))),
  }),
  update_settings: v.object({
    settings: v.record(v.string(), v.union([v.string(), v.number(), v.boolean()])),
    dry_run: v.optional(v.boolean(), false),
  }),
  set_page_properties: v.object({
    page_id: v.string(),
    properties: v.record(
      v.string(),
      v.variant('type', [
        v.object({ type: v.literal('title'), title: v.string() }),
        v.object({ type: v.literal('number'), number: v.nullable(v.number()) }),
        v.object({ type: v.literal('select'), select: v.object({ name: v.string() }) }),
      ]),
    ),
  }),
  edit_tree: v.object({ root: Category }),
  move_item: v.object({
    id: v.string(),
    position: v.tuple([v.number(), v.number()]),
    layer: v.optional(v.pipe(v.number(), v.integer())),
  }),
  send_notification: v.object({
    channel: v.variant('kind', [
      v.object({ kind: v.literal('email'), to: Email, subject: v.string() }),
      v.object({ kind: v.literal('sms'), phone: v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/)) }),
      v.object({
        kind: v.literal('webhook'),
        url: v.pipe(v.string(), v.url()),
        headers: v.optional(v.record(v.string(), v.string())),
      }),
    ]),
  }),
  create_user: v.intersect([
    v.object({ id: v.pipe(v.string(), v.uuid()), email: Email }),
    v.object({ created_at: DateTime, role: v.picklist(['admin', 'member']) }),
  ]),
  query_database: v.object({ database_id: v.string(), filter: Filter }),
  transfer_funds: v.object({
    amount: v.pipe(v.number(), v.gtValue(0)),
    currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
    memo: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(140)))),
  }),
  set_metadata: v.object({ target: v.string(), metadata: v.record(v.string(), v.unknown()) }),
  book_flight: v.object({
    flight: v.string(),
    passengers: v.pipe(
      v.array(
        v.object({
          name: v.string(),
          birth_date: v.pipe(v.string(), v.isoDate()),
          seat: v.optional(v.nullable(v.string())),
        }),
      ),
      v.minLength(1),
      v.maxLength(9),
    ),
  }),
  log_event: v.object({
    level: v.picklist(['debug', 'info', 'warn', 'error']),
    message: v.string(),
    context: v.optional(v.record(v.string(), v.unknown())),
    at: v.optional(DateTime),
  }),
  resize_image: v.object({
    width: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4096)),
    height: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4096)),
    fit: v.optional(v.picklist(['cover', 'contain', 'fill']), 'cover'),
    background: v.optional(v.pipe(v.string(), v.hexColor())),
  }),
  geocode: v.object({
    location: v.union([
      v.pipe(v.string(), v.minLength(1)),
      v.tuple([
        v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
        v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
      ]),
    ]),
  }),
};

/** Realistic Valibot tools covering the features of issue 11, one per name of `VALID_ARGUMENTS`. */
export const VALIBOT_TOOLS: readonly ValidatorTool<v.GenericSchema>[] = Object.entries(schemas).map(
  ([name, schema]) => ({
    name,
    description: `${name.replace(/_/g, ' ')} (Valibot)`,
    schema: schema as v.GenericSchema,
    valid: VALID_ARGUMENTS[name] ?? [],
    invalid: INVALID_ARGUMENTS[name] ?? [],
  }),
);
