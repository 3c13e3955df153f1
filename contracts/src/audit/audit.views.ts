/**
 * What auditors read (docs/AUDIT.md): a device's history from the event store itself, every event
 * with its full envelope, and its state as of any instant, folded from its stream with the same
 * evolve the inventory projection uses.
 */

/** Who did it, as the event's metadata says, with the person's name now. */
export interface AuditActor {
  readonly user_id: string | null;
  readonly user_name: string | null;
  readonly roles: readonly number[];
  readonly scope: { readonly retailer_id?: string; readonly ibo_marketer_id?: string; readonly office_id?: string } | null;
  readonly command_id: string | null;
  readonly correlation_id: string | null;
  readonly causation_id: string | null;
  readonly occurred_at: string | null;
}

/** One event of a device's history: its own stream's, or a record it took part in (a job, a transfer, an RMA, an order). */
export interface AuditEvent {
  /** The store's position, "<transactionId>.<globalPosition>": the order every reader sees. */
  readonly position: string;
  readonly event_id: string;
  readonly stream_id: string;
  readonly stream_version: number;
  readonly type: string;
  readonly schema_version: number;
  readonly recorded_at: string;
  readonly data: unknown;
  readonly actor: AuditActor;
  /** The step in words (the device log's line for the device's own events). */
  readonly words: string;
  /** True for the device's own stream; false for a related record's event. */
  readonly own: boolean;
}

/** GET /api/v1/audit/devices/{imei}/history. */
export interface DeviceHistoryAnswer {
  readonly imei: string;
  readonly events: readonly AuditEvent[];
}

/** GET /api/v1/audit/devices/{imei}?as_of=: the device then. */
export interface DeviceStateAsOf {
  readonly imei: string;
  /** The instant asked for (or now), ISO 8601 UTC; for a position, the recorded time of the last event up to it. */
  readonly as_of: string;
  /** The position of the last event folded, null when none was. */
  readonly position: string | null;
  readonly events_applied: number;
  /** An inventory status, or 0 while no office had received it. */
  readonly status: number;
  readonly status_name: string;
  readonly holder: 'agent' | 'office' | 'none';
  readonly office_id: string | null;
  readonly office_name: string | null;
  readonly agent_id: string | null;
  readonly agent_name: string | null;
  readonly carton_number: string | null;
  readonly device_type: string | null;
  /** Where its age counted from then, and its age in days at that moment (business days; null before it was received). */
  readonly aged_from: string | null;
  readonly age_days: number | null;
}

/** GET /api/v1/audit/verify?stream=: does the stream's hash chain hold, and if not, where does it first break. */
export interface StreamVerification {
  readonly stream: string;
  readonly events: number;
  readonly valid: boolean;
  readonly first_break: { readonly stream_position: number; readonly event_id: string; readonly reason: string } | null;
}

/**
 * GET /api/v1/audit/fleet?as_of=: the fleet reports' read model as of a moment (docs/AUDIT.md
 * "The fleet as of a past date"), replayed from the store on demand; the reports answer `as_of`
 * once it is ready.
 */
export interface FleetAsOfStatus {
  /** The moment as asked: a date (YYYY-MM-DD), an instant, or a position. */
  readonly as_of: string;
  readonly status: 'building' | 'ready' | 'failed';
  /** How far the replay is through the store, 0-100. */
  readonly percent: number;
  readonly events_applied: number;
  /** The instant ages are counted at (the end of the day asked, the instant, or the last event's time); null until known. */
  readonly moment: string | null;
  /** The position the replay stops after. */
  readonly target_position: string;
  readonly started_at: string;
  readonly ready_at: string | null;
  /** Why a build failed; null otherwise. */
  readonly error: string | null;
}

/** GET /api/v1/audit/checkpoints/key: the key the checkpoints are signed with (docs/AUDIT.md "Signed checkpoints and proofs"). */
export interface CheckpointKeyAnswer {
  /** The first 16 hex digits of SHA-256 of the raw 32-byte public key. */
  readonly key_id: string;
  readonly public_key_pem: string;
  /** The raw 32-byte Ed25519 public key, base64. */
  readonly public_key_base64: string;
}

/** The signed checkpoint a proof leads up to: the payload's fields, the exact text signed, and who signed it. */
export interface ProofCheckpoint {
  readonly position: string;
  readonly streams: number;
  readonly events: number;
  readonly merkle_root: string;
  readonly signed_at: string;
  readonly key_id: string;
  /** The raw 32-byte Ed25519 public key, base64. */
  readonly public_key: string;
  /** Ed25519 over `payload`'s UTF-8, base64. */
  readonly signature: string;
  /** The exact canonical JSON text that was signed. */
  readonly payload: string;
}

/** One event of the device's stream, as the chain hashes it. */
export interface ProofEvent {
  readonly stream_position: number;
  readonly event_id: string;
  readonly type: string;
  /** The canonical envelope's bytes (es_envelope), base64: hash = SHA-256(previous hash ‖ these bytes). */
  readonly envelope_base64: string;
  /** The stored hash, hex. */
  readonly hash: string;
}

/**
 * GET /api/v1/audit/devices/{imei}/proof: everything `node scripts/verify-proof.mjs` needs to check a
 * device's history offline against a signed checkpoint (docs/AUDIT.md "Signed checkpoints and proofs").
 */
export interface DeviceProofAnswer {
  readonly imei: string;
  readonly stream_id: string;
  readonly checkpoint: ProofCheckpoint;
  /** Every event of the stream at or before the checkpoint's position, in stream order. */
  readonly events: readonly ProofEvent[];
  /** The stream's head at the checkpoint: its leaf is SHA-256(0x00 ‖ stream id ‖ LF ‖ position ‖ LF ‖ head hash). */
  readonly leaf: { readonly index: number; readonly stream_id: string; readonly stream_position: number; readonly head_hash: string };
  /** The siblings from the leaf up to the root: 'left' → node(sibling, current), 'right' → node(current, sibling), node = SHA-256(0x01 ‖ left ‖ right). */
  readonly inclusion: readonly { readonly side: 'left' | 'right'; readonly hash: string }[];
}
