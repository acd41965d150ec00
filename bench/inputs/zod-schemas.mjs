// Realistic Zod tool schemas: a 40-field "create order" input with nested objects, arrays,
// enums, formats, defaults and one registered (`.meta({ id })`) type that Zod emits as `$ref`.
import * as z from 'zod';

const Address = z
  .object({
    line1: z.string().min(1).max(200).describe('Street and number.'),
    line2: z.string().max(200).optional(),
    city: z.string().min(1).max(100),
    region: z.string().max(100).optional(),
    postalCode: z.string().regex(/^[A-Za-z0-9 -]{3,10}$/),
    country: z.string().length(2).describe('ISO 3166-1 alpha-2 code.'),
  })
  .meta({ id: 'BenchAddress', description: 'A postal address.' });

const LineItem = z.object({
  sku: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(10000),
  unitPrice: z.number().nonnegative(),
  currency: z.enum(['USD', 'EUR', 'GBP', 'JPY']),
  note: z.string().max(500).optional(),
});

/**
 * The fields of the 40-field schema, in order, so that smaller tools can take a prefix.
 */
export const orderFields = {
  customerId: z.string().uuid().describe('The customer placing the order.'),
  email: z.string().email(),
  phone: z
    .string()
    .regex(/^\+?[0-9 ()-]{7,20}$/)
    .optional(),
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  company: z.string().max(200).optional(),
  billingAddress: Address,
  shippingAddress: Address.optional(),
  items: z.array(LineItem).min(1).max(100),
  couponCode: z.string().max(32).optional(),
  currency: z.enum(['USD', 'EUR', 'GBP', 'JPY']).default('USD'),
  paymentMethod: z.enum(['card', 'invoice', 'paypal', 'bank_transfer']),
  cardToken: z.string().optional(),
  invoiceDueDays: z.number().int().min(0).max(120).optional(),
  giftWrap: z.boolean().default(false),
  giftMessage: z.string().max(300).optional(),
  deliveryDate: z.string().date().optional(),
  deliveryWindow: z.enum(['morning', 'afternoon', 'evening']).optional(),
  priority: z.enum(['low', 'normal', 'high']).default('normal'),
  tags: z.array(z.string().min(1).max(40)).max(20).optional(),
  metadata: z.record(z.string(), z.string().max(500)).optional(),
  source: z.enum(['web', 'mobile', 'api', 'phone']),
  referrer: z.string().url().optional(),
  affiliateId: z.string().optional(),
  taxExempt: z.boolean().optional(),
  taxId: z.string().max(40).optional(),
  notes: z.string().max(2000).optional(),
  requestedBy: z.string().optional(),
  approvedBy: z.string().optional(),
  costCenter: z.string().max(20).optional(),
  projectCode: z.string().max(20).optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .default('en'),
  timezone: z.string().optional(),
  marketingOptIn: z.boolean().default(false),
  loyaltyNumber: z.string().optional(),
  splitShipment: z.boolean().default(false),
  maxShipments: z.number().int().min(1).max(10).optional(),
  insurance: z
    .object({ enabled: z.boolean(), amount: z.number().positive().optional() })
    .optional(),
  customs: z
    .object({
      contents: z.enum(['merchandise', 'gift', 'documents', 'sample']),
      declaredValue: z.number().nonnegative(),
      hsCode: z
        .string()
        .regex(/^[0-9]{6,10}$/)
        .optional(),
    })
    .optional(),
  idempotencyKey: z.string().min(8).max(64),
};

/** The realistic 40-field schema. */
export const createOrder = z.object(orderFields);

/**
 * A hundred tools of varied size: tool i takes the first 5 + (i mod 36) fields of the order.
 *
 * @returns `{ name, description, schema }` per tool.
 */
export function hundredTools() {
  const names = Object.keys(orderFields);
  const tools = [];
  for (let index = 0; index < 100; index++) {
    const count = 5 + (index % 36);
    const shape = {};
    for (const name of names.slice(0, count)) shape[name] = orderFields[name];
    tools.push({
      name: `tool_${String(index).padStart(3, '0')}`,
      description: `Benchmark tool ${index} with ${count} fields.`,
      schema: z.object(shape),
    });
  }
  return tools;
}
