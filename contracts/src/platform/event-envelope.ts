import { z } from 'zod';

/**
 * Where an event sits in the global feed. The pair (transactionId, globalPosition) is
 * the order every reader sees; it is not commit order (see DESIGN.md §4).
 * On KurrentDB the pair is the $all log's (commit, prepare) position.
 */
export interface Position {
  readonly transactionId: number;
  readonly globalPosition: number;
}

export const START: Position = { transactionId: 0, globalPosition: 0 };

export function comparePositions(a: Position, b: Position): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.globalPosition !== b.globalPosition) return a.globalPosition < b.globalPosition ? -1 : 1;
  return 0;
}

/** A position as one string, for HTTP answers and headers: "<transactionId>.<globalPosition>". */
export function formatPosition(position: Position): string {
  return `${position.transactionId}.${position.globalPosition}`;
}

export function parsePosition(text: string): Position | null {
  const match = /^(\d+)\.(\d+)$/.exec(text);
  if (!match) return null;
  const transactionId = Number(match[1]);
  const globalPosition = Number(match[2]);
  if (!Number.isSafeInteger(transactionId) || !Number.isSafeInteger(globalPosition)) return null;
  return { transactionId, globalPosition };
}

/** Who did it, for whom, and why: stamped on every event by the command that caused it. */
export const eventMetadataSchema = z.object({
  user_id: z.string().optional(),
  roles: z.array(z.number().int()).optional(),
  scope: z
    .object({
      retailer_id: z.string().optional(),
      ibo_marketer_id: z.string().optional(),
      office_id: z.string().optional(),
    })
    .optional(),
  command_id: z.string().optional(),
  correlation_id: z.string().optional(),
  causation_id: z.string().optional(),
  occurred_at: z.string().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event as stored: facts in business terms, never edited or deleted. */
export interface RecordedEvent<Data = unknown> {
  readonly position: Position;
  readonly streamId: string;
  /** 1-based position of the event in its stream. */
  readonly streamPosition: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
}

/** The stream type is the stream id's prefix: `device-356938035643809` is a `device` stream. */
export function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}
