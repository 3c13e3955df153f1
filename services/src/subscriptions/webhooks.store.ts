import { randomBytes, randomUUID } from 'node:crypto';
import { type Position, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookDeliveryStatus, type WebhookEndpointRow, cursorOf } from '@portal/contracts';
import type { FeedPlace, SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import type { Migration } from '../platform/db/migrations';

/**
 * Webhook endpoints and their delivery log (docs/SUBSCRIPTIONS.md "Webhooks"): operational records
 * kept beside the event log, as API keys are — an endpoint's signing secret must never enter an
 * event (events are what is delivered), and the log is about sending, not about the business.
 *
 * An endpoint is handed the events of its retailer's feed (of its types) from its `cursor` on: each
 * becomes a delivery. A delivery is sent only when no earlier delivery of the same endpoint and
 * stream is still waiting or in flight, so each stream arrives in order even under retries.
 */
export const webhookMigrations: readonly Migration[] = [
  {
    name: '0013_webhooks',
    async up(db) {
      await sql`
        create table webhook_endpoints (
          id text primary key,
          retailer_id text not null,
          url text not null,
          description text,
          event_types text[] not null default '{}',
          secret text not null,
          status smallint not null default 1,
          disabled_reason text,
          failing_since timestamptz,
          cursor_transaction_id bigint not null,
          cursor_global_position bigint not null,
          created_by text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index webhook_endpoints_by_retailer on webhook_endpoints (retailer_id)`.execute(db);
      await sql`
        create table webhook_deliveries (
          id bigint generated always as identity primary key,
          endpoint_id text not null references webhook_endpoints (id) on delete cascade,
          transaction_id bigint not null,
          global_position bigint not null,
          stream_id text not null,
          stream_position bigint not null,
          event_id uuid not null,
          event_type text not null,
          status text not null,
          attempts integer not null default 0,
          tries integer not null default 0,
          next_attempt_at timestamptz,
          claimed_at timestamptz,
          created_at timestamptz not null default now(),
          delivered_at timestamptz
        )`.execute(db);
      // What is still to send, by endpoint and stream in the store's order: the in-order rule's lookup.
      await sql`create index webhook_deliveries_open on webhook_deliveries (endpoint_id, stream_id, transaction_id, global_position) where status in ('pending', 'retrying', 'sending')`.execute(db);
      await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status in ('pending', 'retrying')`.execute(db);
      await sql`create index webhook_deliveries_log on webhook_deliveries (endpoint_id, id desc)`.execute(db);
      await sql`
        create table webhook_attempts (
          delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
          attempted_at timestamptz not null,
          status_code integer,
          latency_ms integer not null,
          response_excerpt text,
          error text
        )`.execute(db);
      await sql`create index webhook_attempts_by_delivery on webhook_attempts (delivery_id, attempted_at)`.execute(db);
    },
  },
];

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes, base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhookEndpoint {
  readonly id: string;
  readonly retailer_id: string;
  readonly url: string;
  readonly event_types: readonly string[];
  readonly secret: string;
  readonly status: 0 | 1;
  readonly failing_since: Date | null;
  readonly cursor: Position;
}

export interface NewEndpoint {
  readonly retailerId: string;
  readonly url: string;
  readonly description: string | null;
  readonly eventTypes: readonly string[];
  /** Who registered it: a user id, or `integration:<key id>`. */
  readonly createdBy: string;
  /** Deliveries start after this position (the store's head when registered). */
  readonly after: Position;
}

export async function countEndpoints(db: SqlDb, retailerId: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from webhook_endpoints where retailer_id = ${retailerId}`.execute(db);
  return result.rows[0]!.n;
}

export async function insertEndpoint(db: SqlDb, endpoint: NewEndpoint): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = newWebhookSecret();
  await sql`
    insert into webhook_endpoints (id, retailer_id, url, description, event_types, secret, cursor_transaction_id, cursor_global_position, created_by)
    values (${id}, ${endpoint.retailerId}, ${endpoint.url}, ${endpoint.description}, ${[...endpoint.eventTypes]}::text[], ${secret},
      ${endpoint.after.transactionId}, ${endpoint.after.globalPosition}, ${endpoint.createdBy})`.execute(db);
  return { id, secret };
}

/** Which retailers' endpoints a caller reaches: one list, or all (the super role). */
export type RetailerReach = { readonly kind: 'all' } | { readonly kind: 'some'; readonly retailerIds: readonly string[] };

const reachCondition = (reach: RetailerReach) => (reach.kind === 'all' ? sql`true` : sql`e.retailer_id = any(${[...reach.retailerIds]}::text[])`);

/** The endpoint, when the caller reaches it; undefined alike for a missing one and one of another retailer. */
export async function endpointIn(db: SqlDb, reach: RetailerReach, id: string): Promise<WebhookEndpoint | undefined> {
  const result = await sql<{ id: string; retailer_id: string; url: string; event_types: string[]; secret: string; status: number; failing_since: Date | null; cursor_transaction_id: string; cursor_global_position: string }>`
    select e.id, e.retailer_id, e.url, e.event_types, e.secret, e.status, e.failing_since, e.cursor_transaction_id::text, e.cursor_global_position::text
    from webhook_endpoints e where e.id = ${id} and ${reachCondition(reach)}`.execute(db);
  const row = result.rows[0];
  return row && toEndpoint(row);
}

function toEndpoint(row: { id: string; retailer_id: string; url: string; event_types: string[]; secret: string; status: number; failing_since: Date | null; cursor_transaction_id: string; cursor_global_position: string }): WebhookEndpoint {
  return {
    id: row.id,
    retailer_id: row.retailer_id,
    url: row.url,
    event_types: row.event_types,
    secret: row.secret,
    status: row.status === 1 ? 1 : 0,
    failing_since: row.failing_since,
    cursor: { transactionId: Number(row.cursor_transaction_id), globalPosition: Number(row.cursor_global_position) },
  };
}

/** The endpoints a caller reaches, with their delivery counts (never their secrets); retailer names from the caller's lookup. */
export async function listEndpoints(db: SqlDb, reach: RetailerReach, retailerName: (id: string) => string | null): Promise<WebhookEndpointRow[]> {
  const result = await sql<{
    id: string; url: string; description: string | null; event_types: string[]; retailer_id: string; status: number; disabled_reason: string | null; created_at: Date;
    failing_since: Date | null; cursor_transaction_id: string; cursor_global_position: string; pending: number; failed: number; delivered: number; last_delivered_at: Date | null;
  }>`
    select e.id, e.url, e.description, e.event_types, e.retailer_id, e.status, e.disabled_reason, e.created_at, e.failing_since,
      e.cursor_transaction_id::text, e.cursor_global_position::text,
      coalesce(c.pending, 0)::int as pending, coalesce(c.failed, 0)::int as failed, coalesce(c.delivered, 0)::int as delivered, c.last_delivered_at
    from webhook_endpoints e
    left join lateral (
      select count(*) filter (where d.status in ('pending', 'retrying', 'sending')) as pending,
        count(*) filter (where d.status = 'failed') as failed,
        count(*) filter (where d.status = 'delivered') as delivered,
        max(d.delivered_at) as last_delivered_at
      from webhook_deliveries d where d.endpoint_id = e.id
    ) c on true
    where ${reachCondition(reach)}
    order by e.created_at, e.id`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    retailer_id: row.retailer_id,
    retailer_name: retailerName(row.retailer_id),
    status: row.status === 1 ? 1 : 0,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
    failing_since: row.failing_since?.toISOString() ?? null,
    pending: row.pending,
    failed: row.failed,
    delivered: row.delivered,
    last_delivered_at: row.last_delivered_at?.toISOString() ?? null,
    cursor: cursorOf({ transactionId: Number(row.cursor_transaction_id), globalPosition: Number(row.cursor_global_position) }),
  }));
}

/** Enable (its failure streak forgotten: the next failure starts a new window) or disable by its owner. */
export async function setEndpointStatus(db: SqlDb, id: string, status: 0 | 1, reason: string | null): Promise<void> {
  await sql`
    update webhook_endpoints set status = ${status}, disabled_reason = ${status === 1 ? null : reason},
      failing_since = ${status === 1 ? null : sql`failing_since`}
    where id = ${id}`.execute(db);
}

export async function deleteEndpoint(db: SqlDb, id: string): Promise<void> {
  await sql`delete from webhook_endpoints where id = ${id}`.execute(db);
}

/** Replay: the endpoint is handed every event after `after` again (same event ids: receivers de-duplicate by webhook-id). */
export async function rewindEndpoint(db: SqlDb, id: string, after: Position): Promise<void> {
  await sql`update webhook_endpoints set cursor_transaction_id = ${after.transactionId}, cursor_global_position = ${after.globalPosition} where id = ${id}`.execute(db);
}

/** Send one delivery again, at once, with a fresh schedule. */
export async function redeliver(db: SqlDb, endpointId: string, deliveryId: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(deliveryId)) return false;
  const result = await sql`
    update webhook_deliveries set status = 'pending', tries = 0, next_attempt_at = now(), claimed_at = null
    where id = ${deliveryId}::bigint and endpoint_id = ${endpointId} and status <> 'sending'`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

export async function deliveryLog(db: SqlDb, endpointId: string, paging: { page: number; results: number; status?: WebhookDeliveryStatus }): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  // 'sending' is shown as pending: it is on its way.
  const statuses = paging.status === undefined ? undefined : paging.status === 'pending' ? ['pending', 'sending'] : [paging.status];
  const where = sql`d.endpoint_id = ${endpointId} ${statuses ? sql`and d.status = any(${statuses}::text[])` : sql``}`;
  const [page, total] = await Promise.all([
    sql<{ id: string; event_id: string; event_type: string; stream_id: string; transaction_id: string; global_position: string; status: string; attempts: number; next_attempt_at: Date | null; created_at: Date; delivered_at: Date | null; attempt_log: WebhookAttemptRow[] | null }>`
      select d.id::text, d.event_id::text, d.event_type, d.stream_id, d.transaction_id::text, d.global_position::text, d.status, d.attempts, d.next_attempt_at, d.created_at, d.delivered_at,
        (select jsonb_agg(jsonb_build_object('attempted_at', a.attempted_at, 'status_code', a.status_code, 'latency_ms', a.latency_ms, 'response_excerpt', a.response_excerpt, 'error', a.error) order by a.attempted_at)
         from webhook_attempts a where a.delivery_id = d.id) as attempt_log
      from webhook_deliveries d where ${where}
      order by d.id desc limit ${paging.results} offset ${(paging.page - 1) * paging.results}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from webhook_deliveries d where ${where}`.execute(db),
  ]);
  return {
    total: total.rows[0]!.n,
    rows: page.rows.map((row) => ({
      id: row.id,
      event_id: row.event_id,
      event_type: row.event_type,
      subject: row.stream_id,
      sequence: cursorOf({ transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) }),
      status: (row.status === 'sending' ? 'pending' : row.status) as WebhookDeliveryStatus,
      attempts: row.attempts,
      next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
      delivered_at: row.delivered_at?.toISOString() ?? null,
      attempt_log: (row.attempt_log ?? []).map((attempt) => ({ ...attempt, attempted_at: new Date(attempt.attempted_at).toISOString() })),
    })),
  };
}

// The worker's side: intake, claims, outcomes.

/** Enabled endpoints: the ones intake hands events to. */
export async function enabledEndpoints(db: SqlDb): Promise<WebhookEndpoint[]> {
  const result = await sql<Parameters<typeof toEndpoint>[0]>`
    select e.id, e.retailer_id, e.url, e.event_types, e.secret, e.status, e.failing_since, e.cursor_transaction_id::text, e.cursor_global_position::text
    from webhook_endpoints e where e.status = 1 order by e.id`.execute(db);
  return result.rows.map(toEndpoint);
}

/**
 * Hands an endpoint the next events of its feed: one delivery each, and the cursor moved past them,
 * in one transaction — but only if the cursor is still where this page started (another worker, or
 * a replay, may have moved it): false then, and nothing is written.
 */
export async function queueDeliveries(db: SqlDb, endpointId: string, from: Position, places: readonly FeedPlace[], next: Position): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await sql`
      update webhook_endpoints set cursor_transaction_id = ${next.transactionId}, cursor_global_position = ${next.globalPosition}
      where id = ${endpointId} and cursor_transaction_id = ${from.transactionId} and cursor_global_position = ${from.globalPosition}`.execute(trx);
    if (Number(moved.numAffectedRows ?? 0) !== 1) return false;
    if (places.length > 0) {
      const rows = places.map((place) => ({ t: place.position.transactionId, g: place.position.globalPosition, s: place.streamId, p: place.streamPosition, e: place.eventId, y: place.type }));
      await sql`
        insert into webhook_deliveries (endpoint_id, transaction_id, global_position, stream_id, stream_position, event_id, event_type, status, next_attempt_at)
        select ${endpointId}, d.t, d.g, d.s, d.p, d.e, d.y, 'pending', now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(t bigint, g bigint, s text, p bigint, e uuid, y text)`.execute(trx);
    }
    return true;
  });
}

export interface ClaimedDelivery {
  readonly id: string;
  readonly endpointId: string;
  readonly tries: number;
}

/**
 * Claims up to `limit` deliveries that are due and first in line — no earlier delivery of the same
 * endpoint and stream still waiting or in flight, and none of them in flight — of enabled
 * endpoints: marked 'sending'. At most one request per endpoint and stream is ever in flight, so
 * each stream arrives in order.
 */
export async function claimDue(db: SqlDb, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  // First in line = the head of its endpoint's and stream's open deliveries: one ordered probe of
  // the open index per candidate (LIMIT 1), a plan that holds without statistics (a join the
  // planner builds from an empty table's estimate scans every open delivery per candidate).
  const result = await sql<{ id: string; endpoint_id: string; tries: number }>`
    update webhook_deliveries d set status = 'sending', claimed_at = ${now}
    where d.id in (
      select c.id from webhook_deliveries c
      join webhook_endpoints e on e.id = c.endpoint_id and e.status = 1
      where c.status in ('pending', 'retrying') and c.next_attempt_at <= ${now}
        and c.id = (
          select head.id from webhook_deliveries head
          where head.endpoint_id = c.endpoint_id and head.stream_id = c.stream_id and head.status in ('pending', 'retrying', 'sending')
          order by head.endpoint_id, head.stream_id, head.transaction_id, head.global_position
          limit 1
        )
      order by c.next_attempt_at, c.id
      limit ${limit}
      for update of c skip locked
    ) and d.status in ('pending', 'retrying')
    returning d.id::text, d.endpoint_id, d.tries`.execute(db);
  return result.rows.map((row) => ({ id: row.id, endpointId: row.endpoint_id, tries: row.tries }));
}

/** A claim whose worker went away (killed mid-send) goes back in line: at least once. */
export async function releaseStaleClaims(db: SqlDb, olderThan: Date): Promise<number> {
  const result = await sql`update webhook_deliveries set status = case when tries = 0 then 'pending' else 'retrying' end, claimed_at = null where status = 'sending' and claimed_at < ${olderThan}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The delivery log keeps settled deliveries (delivered, given up) for a while, a batch at a time:
 * the events themselves stay in the store forever, so a replay from any position still works.
 */
export async function pruneDeliveryLog(db: SqlDb, settledBefore: Date, batch = 5000): Promise<number> {
  const result = await sql`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries where status in ('delivered', 'failed') and created_at < ${settledBefore} order by id limit ${batch}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface DeliveryToSend {
  readonly id: string;
  readonly endpoint: WebhookEndpoint;
  readonly place: { readonly streamId: string; readonly streamPosition: number };
  readonly eventId: string;
  readonly tries: number;
}

export async function deliveryToSend(db: SqlDb, id: string): Promise<DeliveryToSend | undefined> {
  const result = await sql<{ id: string; endpoint_id: string; stream_id: string; stream_position: string; event_id: string; tries: number; status: string }>`
    select d.id::text, d.endpoint_id, d.stream_id, d.stream_position::text, d.event_id::text, d.tries, d.status from webhook_deliveries d where d.id = ${id}::bigint`.execute(db);
  const row = result.rows[0];
  if (!row || row.status !== 'sending') return undefined;
  const endpoint = await endpointIn(db, { kind: 'all' }, row.endpoint_id);
  if (!endpoint) return undefined;
  return { id: row.id, endpoint, place: { streamId: row.stream_id, streamPosition: Number(row.stream_position) }, eventId: row.event_id, tries: row.tries };
}

export interface RecordedAttempt {
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly responseExcerpt: string | null;
  readonly error: string | null;
  readonly status: 'delivered' | 'retrying' | 'failed';
  readonly tries: number;
  readonly nextAttemptAt: Date | null;
  readonly failingSince: Date | null;
  readonly disableEndpoint: boolean;
  readonly disabledReason: string;
}

/** An attempt's record and its outcome, for the delivery and its endpoint, in one transaction. */
export async function recordAttempt(db: SqlDb, delivery: DeliveryToSend, attempt: RecordedAttempt): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
      values (${delivery.id}::bigint, ${attempt.attemptedAt}, ${attempt.statusCode}, ${attempt.latencyMs}, ${attempt.responseExcerpt}, ${attempt.error})`.execute(trx);
    await sql`
      update webhook_deliveries set status = ${attempt.status}, tries = ${attempt.tries}, attempts = attempts + 1, next_attempt_at = ${attempt.nextAttemptAt},
        claimed_at = null, delivered_at = ${attempt.status === 'delivered' ? attempt.attemptedAt : null}
      where id = ${delivery.id}::bigint and status = 'sending'`.execute(trx);
    // A failure keeps the failing_since stored (the first failure's, or one written while this
    // attempt was on its way): the value read when the delivery was claimed may be stale.
    await sql`
      update webhook_endpoints set failing_since = ${attempt.failingSince === null ? null : sql`coalesce(failing_since, ${attempt.failingSince})`}
        ${attempt.disableEndpoint ? sql`, status = 0, disabled_reason = ${attempt.disabledReason}` : sql``}
      where id = ${delivery.endpoint.id}`.execute(trx);
  });
}
