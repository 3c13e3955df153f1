import { z } from 'zod';

/**
 * Signed checkpoints of the event store (docs/AUDIT.md "Signed checkpoints and proofs"): the
 * stream `audit-checkpoints` holds one `AuditCheckpointRecorded` per checkpoint, the signed
 * payload's fields with the signature and the key that made it, so the checkpoint travels with
 * the store it vouches for (and in a file beside it).
 */

export const AUDIT_CHECKPOINT_STREAM = 'audit-checkpoints';

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);

/** What is signed, in this key order (canonicalCheckpointPayload writes it so). */
export const auditCheckpointPayloadSchema = z.object({
  kind: z.literal('portal-audit-checkpoint'),
  version: z.literal(1),
  /** "<transactionId>.<globalPosition>": every event at or before it is covered. */
  position: z.string().regex(/^\d+\.\d+$/),
  /** Streams with at least one event at or before the position: the tree's leaves. */
  streams: z.number().int().nonnegative(),
  /** Events at or before the position. */
  events: z.number().int().nonnegative(),
  /** RFC 6962 Merkle root over the stream heads, sorted by the UTF-8 bytes of their stream ids, hex. */
  merkle_root: hex(32),
  signed_at: z.iso.datetime(),
});
export type AuditCheckpointPayload = z.infer<typeof auditCheckpointPayloadSchema>;

export const auditCheckpointRecordedSchema = auditCheckpointPayloadSchema.extend({
  /** The first 16 hex digits of SHA-256 of the raw 32-byte Ed25519 public key. */
  key_id: hex(8),
  /** The raw 32-byte Ed25519 public key, base64. */
  public_key: base64,
  /** Ed25519 over the canonical payload's UTF-8, base64. */
  signature: base64,
  /** The checkpoint's file in the checkpoint directory: `checkpoint-<position>.json`. */
  file: z.string().regex(/^checkpoint-\d+\.\d+\.json$/),
});
export type AuditCheckpointRecordedData = z.infer<typeof auditCheckpointRecordedSchema>;

export type AuditCheckpointEvent = { type: 'AuditCheckpointRecorded'; data: AuditCheckpointRecordedData };
export const AUDIT_CHECKPOINT_EVENT_TYPES: readonly AuditCheckpointEvent['type'][] = ['AuditCheckpointRecorded'];

/** The exact text that is signed: the payload's fields in their fixed order, no whitespace. */
export function canonicalCheckpointPayload(payload: AuditCheckpointPayload): string {
  const { kind, version, position, streams, events, merkle_root, signed_at } = payload;
  return JSON.stringify({ kind, version, position, streams, events, merkle_root, signed_at });
}
