/**
 * A tool of a validator corpus: what an MCP server registers. The three corpora (Zod, Valibot,
 * ArkType) hold the same tools, covering issue 11's list: optional, nullable, defaults, enums,
 * literal unions, discriminated unions, records, recursion, tuples, ISO date strings, regex
 * strings, bounds, intersections.
 */
export interface ValidatorTool<Schema> {
  /** The tool name, the same across the Zod, Valibot and ArkType corpora. */
  readonly name: string;
  /** What the tool does. */
  readonly description: string;
  /** The input schema, in the validator's own terms. */
  readonly schema: Schema;
  /** A few arguments the schema accepts (at least one), to round-trip through a profile. */
  readonly valid: readonly unknown[];
  /** Arguments the schema refuses (one per tool), to see whether a library's validation still does. */
  readonly invalid: readonly unknown[];
}

/** The arguments each tool of the three corpora accepts (the same tools, written three times). */
export const VALID_ARGUMENTS: Readonly<Record<string, readonly unknown[]>> = {
  create_issue: [
    { title: 'Crash on save', labels: ['bug'], assignee: null, priority: 'high' },
    { title: 'x', body: 'details', assignee: 'ana' },
  ],
  search_pages: [{ query: 'roadmap' }, { query: 'q', limit: 100, cursor: 'abc', sort: 'updated' }],
  schedule_meeting: [
    {
      start: '2026-12-01T10:00:00Z',
      end: '2026-12-01T11:00:00Z',
      attendees: ['a@example.com'],
      timezone: 'Europe/Paris',
    },
  ],
  update_settings: [
    { settings: { theme: 'dark', fontSize: 14, beta: true } },
    { settings: {}, dry_run: true },
  ],
  set_page_properties: [
    {
      page_id: 'p1',
      properties: {
        Name: { type: 'title', title: 'Plan' },
        Score: { type: 'number', number: null },
        Status: { type: 'select', select: { name: 'Done' } },
      },
    },
  ],
  edit_tree: [{ root: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] } }],
  move_item: [
    { id: 'i1', position: [10, -2.5] },
    { id: 'i2', position: [0, 0], layer: 3 },
  ],
  send_notification: [
    { channel: { kind: 'email', to: 'a@example.com', subject: 'Hi' } },
    { channel: { kind: 'sms', phone: '+33612345678' } },
    { channel: { kind: 'webhook', url: 'https://example.com/hook', headers: { 'x-key': 'v' } } },
  ],
  create_user: [
    {
      id: '123e4567-e89b-12d3-a456-426614174000',
      email: 'a@example.com',
      created_at: '2026-01-02T03:04:05Z',
      role: 'admin',
    },
  ],
  query_database: [
    { database_id: 'd', filter: { property: 'Status', equals: 'Done' } },
    {
      database_id: 'd',
      filter: { and: [{ property: 'A', equals: 'x' }, { or: [{ property: 'B', equals: 'y' }] }] },
    },
  ],
  transfer_funds: [
    { amount: 12, currency: 'EUR', memo: null },
    { amount: 0.01, currency: 'USD', memo: 'rent' },
  ],
  set_metadata: [{ target: 't', metadata: { any: [1, { nested: true }], n: null } }],
  book_flight: [
    {
      flight: 'AF123',
      passengers: [
        { name: 'Ana', birth_date: '1990-05-17', seat: null },
        { name: 'Bo', birth_date: '2001-01-01' },
      ],
    },
  ],
  log_event: [
    { level: 'info', message: 'started' },
    { level: 'error', message: 'failed', context: { code: 500 }, at: '2026-12-01T10:00:00Z' },
  ],
  resize_image: [
    { width: 800, height: 600 },
    { width: 1, height: 4096, fit: 'contain', background: '#ffffff' },
  ],
  geocode: [{ location: 'Paris' }, { location: [48.85, 2.35] }],
};

/**
 * One argument per tool that the three validators refuse (the same tools, written three times),
 * each breaking one rule a provider's schema may not carry: a bound, a pattern, a format, a tuple's
 * length, an enum, a discriminator, a record's value type, a property deep in a recursion.
 */
export const INVALID_ARGUMENTS: Readonly<Record<string, readonly unknown[]>> = {
  create_issue: [{ title: '', assignee: null }],
  search_pages: [{ query: 'q', limit: 0 }],
  schedule_meeting: [
    { start: 'tomorrow', end: '2026-12-01T11:00:00Z', attendees: ['a@example.com'] },
  ],
  update_settings: [{ settings: { theme: ['dark'] } }],
  set_page_properties: [
    { page_id: 'p1', properties: { Due: { type: 'date', date: '2026-12-01' } } },
  ],
  edit_tree: [{ root: { name: 'a', children: [{ children: [] }] } }],
  move_item: [{ id: 'i1', position: [1] }],
  send_notification: [{ channel: { kind: 'sms', phone: '0612' } }],
  create_user: [
    {
      id: 'not-a-uuid',
      email: 'a@example.com',
      created_at: '2026-01-02T03:04:05Z',
      role: 'admin',
    },
  ],
  query_database: [{ database_id: 'd', filter: { and: [{ property: 'A' }] } }],
  transfer_funds: [{ amount: -5, currency: 'EUR' }],
  set_metadata: [{ target: 't', metadata: 'x' }],
  book_flight: [{ flight: 'AF123', passengers: [] }],
  log_event: [{ level: 'fatal', message: 'm' }],
  resize_image: [{ width: 5000, height: 10 }],
  geocode: [{ location: [91, 0] }],
};
