import { z } from 'zod';
import { SECRET_FIELD } from './redaction';
import { ORG_EVENT_SCHEMAS } from '../admin/org.event-schemas';
import { AUDIT_CHECKPOINT_EVENT_SCHEMAS } from '../audit/audit.event-schemas';
import { COMPLIANCE_DOCUMENT_EVENT_SCHEMAS, UNIT_FORM_EVENT_SCHEMAS } from '../documents/documents.event-schemas';
import { ANNOUNCEMENT_EVENT_SCHEMAS } from '../help/announcement.event-schemas';
import { HELP_EVENT_SCHEMAS } from '../help/help.event-schemas';
import { INVENTORY_EVENT_SCHEMAS } from '../inventory/inventory.event-schemas';
import { MESSAGE_EVENT_SCHEMAS } from '../messages/messages.event-schemas';
import { CANDIDATE_EVENT_SCHEMAS } from '../onboarding/onboarding.event-schemas';
import { INVENTORY_ORDER_EVENT_SCHEMAS, INVENTORY_ORDER_NUMBER_EVENT_SCHEMAS } from '../orders/orders.event-schemas';
import { RMA_DEVICE_EVENT_SCHEMAS, RMA_ORDER_EVENT_SCHEMAS, RMA_ORDER_NUMBER_EVENT_SCHEMAS } from '../rma/rma.event-schemas';

/** One event type as downstream systems see it: the AsyncAPI document, the catalog page and the feed's `types` check read this. */
export interface CatalogEventType {
  readonly type: string;
  /** The capability whose commands append it (the folder name). */
  readonly capability: string;
  /** What it means, in business terms (the schema's description). */
  readonly description: string;
  /** Its `data` as stored (delivered without the fields `redactSecrets` removes). */
  readonly schema: z.ZodType;
}

const group = (capability: string, schemas: Readonly<Record<string, z.ZodType>>): CatalogEventType[] =>
  Object.entries(schemas).map(([type, schema]) => ({ type, capability, description: schema.description ?? type, schema }));

/** Every event type the portal appends, by capability (device events carry RMA's and sales' custody steps: inventory lists them). */
export const EVENT_CATALOG: readonly CatalogEventType[] = [
  ...group('admin', ORG_EVENT_SCHEMAS),
  ...group('inventory', INVENTORY_EVENT_SCHEMAS),
  ...group('rma', { ...RMA_DEVICE_EVENT_SCHEMAS, ...RMA_ORDER_EVENT_SCHEMAS, ...RMA_ORDER_NUMBER_EVENT_SCHEMAS }),
  ...group('orders', { ...INVENTORY_ORDER_EVENT_SCHEMAS, ...INVENTORY_ORDER_NUMBER_EVENT_SCHEMAS }),
  ...group('onboarding', CANDIDATE_EVENT_SCHEMAS),
  ...group('documents', { ...COMPLIANCE_DOCUMENT_EVENT_SCHEMAS, ...UNIT_FORM_EVENT_SCHEMAS }),
  ...group('messages', MESSAGE_EVENT_SCHEMAS),
  ...group('help', { ...HELP_EVENT_SCHEMAS, ...ANNOUNCEMENT_EVENT_SCHEMAS }),
  ...group('audit', AUDIT_CHECKPOINT_EVENT_SCHEMAS),
];

const byType = new Map(EVENT_CATALOG.map((entry) => [entry.type, entry]));

export function catalogEntry(type: string): CatalogEventType | undefined {
  return byType.get(type);
}

type JsonSchema = { [key: string]: unknown };

/** A JSON Schema without the properties `redactSecrets` removes, at any depth: what a subscriber receives. */
function withoutSecrets(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutSecrets);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withoutSecrets(value);
  if (copy.properties && typeof copy.properties === 'object') {
    copy.properties = Object.fromEntries(Object.entries(copy.properties).filter(([name]) => !SECRET_FIELD.test(name)));
  }
  if (Array.isArray(copy.required)) copy.required = copy.required.filter((name) => typeof name === 'string' && !SECRET_FIELD.test(name));
  return copy;
}

/** The JSON Schema (draft 2020-12) of an event type's `data` as delivered: generated from its zod schema, secrets left out. */
export function deliveredDataSchema(entry: CatalogEventType): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(entry.schema, { unrepresentable: 'any', io: 'output' }) as JsonSchema;
  return withoutSecrets(schema) as JsonSchema;
}
