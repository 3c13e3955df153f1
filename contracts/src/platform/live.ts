import type { ExportProgress } from './export';

/**
 * The socket.io events the console receives (DESIGN.md §7). Connect on `/socket.io` with
 * `auth: { token }` (the session JWT).
 */
export const LIVE_EVENT = {
  /** A scope's dashboard figures: once per room at connect, then (≤ 4/s per room) after changes. */
  counts: 'counts',
  /** An export of this user: progress while it runs, then done (with its signed url) or failed. */
  export: 'export',
  /** The user has new messages (or read them elsewhere): refetch the unread count (GET /api/v1/messages/unread). No payload. */
  messages: 'messages',
} as const;

/** A `counts` push: the room (`all`, `retailer:<id>`, `market:<id>`, `office:<id>`, `agent:<id>`) and its figures. */
export interface LiveCounts {
  readonly room: string;
  /** Active agents whose office is in the room's scope. */
  readonly agents: number;
  /** Active offices in the room's scope. */
  readonly offices: number;
  /** Devices of the in-stock group (the In Stock card) in the room's scope; an agent room: the agent's. */
  readonly devices_in_stock: number;
}

/** An `export` push: the export's progress, as GET /api/v1/exports/:id answers it, and its id. */
export interface ExportPush extends ExportProgress {
  readonly export_id: string;
}
