import { START, comparePositions } from '@portal/contracts';
import { passwordHashing } from '../auth/auth.module';
import type { Platform } from '../platform/platform';
import { seedDemoBusiness } from './demo-business.seed';
import { OrgCommands } from '../admin/org.commands';

/**
 * Seeds the demo business once, into an empty event store only; several processes starting at
 * once seed it once (advisory lock). Answers whether it seeded.
 */
export async function seedIfEmpty(platform: Platform): Promise<boolean> {
  const lock = await platform.database.tryLock('seed-demo-business');
  if (!lock) return false;
  try {
    if (comparePositions(await platform.eventStore.head(), START) !== 0) return false;
    const started = Date.now();
    const org = new OrgCommands(platform.database, platform.eventStore, passwordHashing(platform));
    const summary = await seedDemoBusiness(platform.eventStore, org);
    platform.logger.info({ offices: summary.offices, agents: summary.agents, ms: Date.now() - started }, 'demo business seeded');
    return true;
  } finally {
    await lock.release();
  }
}
