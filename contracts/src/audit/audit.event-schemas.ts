import type { EventSchemas } from '../platform/event-schemas';
import { type AuditCheckpointEvent, auditCheckpointRecordedSchema } from './audit.events';

export const AUDIT_CHECKPOINT_EVENT_SCHEMAS = {
  AuditCheckpointRecorded: auditCheckpointRecordedSchema.describe('A signed checkpoint of the event store: every event up to a position, vouched for by a Merkle root and an Ed25519 signature.'),
} satisfies EventSchemas<AuditCheckpointEvent>;
