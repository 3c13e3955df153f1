import { type Position, comparePositions } from '@portal/contracts';
import { sql } from 'kysely';
import { CHECKPOINT_CHANNEL } from './checkpoints';
import type { ProjectionDatabase } from './ports';
import { Wakeup } from './wakeup';

/**
 * Read-your-writes: waits, bounded, until the live generation of each named projection has
 * applied `position` (a command's answer). True when they all have, false on time-out.
 * It never holds a connection while waiting (PGlite has only one).
 */
export async function waitForProjections(
  store: ProjectionDatabase,
  projections: readonly string[],
  position: Position,
  timeoutMs: number,
): Promise<boolean> {
  if (projections.length === 0) return true;
  const deadline = Date.now() + timeoutMs;
  const wakeup = new Wakeup();
  const unlisten = await store.listen(CHECKPOINT_CHANNEL, () => wakeup.notify());
  try {
    for (;;) {
      wakeup.clear();
      let result;
      try {
        result = await sql<{ projection: string; transaction_id: string; global_position: string }>`
          select projection, transaction_id::text as transaction_id, global_position::text as global_position
          from projection_checkpoints where status = 'live' and projection = any(${[...projections]}::text[])`.execute(store.db);
      } catch (error) {
        // A look that fails while time is left is looked again (a long wait — the seed's — outlives
        // a pool whose connections the catching-up projections all hold past its 5 s time-out).
        if (Date.now() >= deadline) throw error;
        await wakeup.wait(Math.min(deadline - Date.now(), 250));
        continue;
      }
      const reached = result.rows.filter(
        (row) => comparePositions({ transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) }, position) >= 0,
      );
      if (reached.length === projections.length) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await wakeup.wait(Math.min(left, 50));
    }
  } finally {
    await unlisten();
  }
}
