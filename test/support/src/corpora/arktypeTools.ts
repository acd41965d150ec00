import { scope, type Type, type } from 'arktype';
import { INVALID_ARGUMENTS, VALID_ARGUMENTS, type ValidatorTool } from './validatorTool.ts';

const $ = scope({
  Category: { name: 'string', 'children?': 'Category[]' },
  Condition: { property: 'string', equals: 'string' },
  And: { and: 'Filter[]' },
  Or: { or: 'Filter[]' },
  Filter: 'Condition | And | Or',
  TitleProperty: { type: "'title'", title: 'string' },
  NumberProperty: { type: "'number'", number: 'number | null' },
  SelectProperty: { type: "'select'", select: { name: 'string' } },
  Property: 'TitleProperty | NumberProperty | SelectProperty',
  EmailChannel: { kind: "'email'", to: 'string.email', subject: 'string' },
  SmsChannel: { kind: "'sms'", phone: /^\+[1-9]\d{6,14}$/ },
  WebhookChannel: { kind: "'webhook'", url: 'string', 'headers?': 'Record<string, string>' },
  Channel: 'EmailChannel | SmsChannel | WebhookChannel',
}).export();

const DateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const IsoDate = /^\d{4}-\d{2}-\d{2}$/;

const schemas = {
  create_issue: type({
    title: '1 <= string <= 256',
    'body?': 'string',
    labels: type('string[] <= 10').default(() => []),
    assignee: 'string | null',
    priority: ["'low' | 'medium' | 'high'", '=', 'medium'],
  }),
  search_pages: type({
    query: 'string',
    limit: ['1 <= number.integer <= 100', '=', 20],
    'cursor?': 'string',
    'sort?': "'relevance' | 'created' | 'updated'",
  }),
  schedule_meeting: type({
    start: DateTime,
    end: DateTime,
    attendees: 'string.email[] >= 1',
    'timezone?': /^[A-Za-z_]+\/[A-Za-z_]+$/,
  }),
  update_settings: type({
    settings: 'Record<string, string | number | boolean>',
    dry_run: ['boolean', '=', false],
  }),
  set_page_properties: type({ page_id: 'string', properties: { '[string]': $.Property } }),
  edit_tree: type({ root: $.Category }),
  move_item: type({ id: 'string', position: ['number', 'number'], 'layer?': 'number.integer' }),
  send_notification: type({ channel: $.Channel }),
  create_user: type({ id: 'string.uuid', email: 'string.email' }).and({
    created_at: DateTime,
    role: "'admin' | 'member'",
  }),
  query_database: type({ database_id: 'string', filter: $.Filter }),
  transfer_funds: type({
    amount: 'number > 0',
    currency: /^[A-Z]{3}$/,
    'memo?': 'string <= 140 | null',
  }),
  set_metadata: type({ target: 'string', metadata: 'Record<string, unknown>' }),
  book_flight: type({
    flight: 'string',
    passengers: type({ name: 'string', birth_date: IsoDate, 'seat?': 'string | null' })
      .array()
      .atLeastLength(1)
      .atMostLength(9),
  }),
  log_event: type({
    level: "'debug' | 'info' | 'warn' | 'error'",
    message: 'string',
    'context?': 'Record<string, unknown>',
    'at?': DateTime,
  }),
  resize_image: type({
    width: '1 <= number.integer <= 4096',
    height: '1 <= number.integer <= 4096',
    fit: ["'cover' | 'contain' | 'fill'", '=', 'cover'],
    'background?': /^#[0-9a-fA-F]{6}$/,
  }),
  geocode: type({
    location: type('string > 0').or(['-90 <= number <= 90', '-180 <= number <= 180']),
  }),
};

/** Realistic ArkType tools covering the features of issue 11, one per name of `VALID_ARGUMENTS`. */
export const ARKTYPE_TOOLS: readonly ValidatorTool<Type>[] = Object.entries(schemas).map(
  ([name, schema]) => ({
    name,
    description: `${name.replace(/_/g, ' ')} (ArkType)`,
    schema: schema as unknown as Type,
    valid: VALID_ARGUMENTS[name] ?? [],
    invalid: INVALID_ARGUMENTS[name] ?? [],
  }),
);
