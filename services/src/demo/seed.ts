import { type Position, START, comparePositions } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { InventoryCommands } from '../inventory/inventory.commands';
import { seedDemoDevices } from './demo-devices.seed';
import { passwordHashing } from '../auth/auth.module';
import type { Platform } from '../platform/platform';
import { seedDemoBusiness } from './demo-business.seed';
import { OrgCommands } from '../admin/org.commands';

/**
 * Seeds the demo business once, into an empty event store only; several processes starting at
 * once seed it once (advisory lock). Answers whether it seeded.
 */
export async function seedIfEmpty(platform: Platform, options: { devices?: number } = {}): Promise<boolean> {
  const lock = await platform.database.tryLock('seed-demo-business');
  if (!lock) return false;
  try {
    if (comparePositions(await platform.eventStore.head(), START) !== 0) return false;
    const started = Date.now();
    const org = new OrgCommands(platform.database, platform.eventStore, passwordHashing(platform));
    const summary = await seedDemoBusiness(platform.eventStore, org);
    platform.logger.info({ offices: summary.offices, agents: summary.agents, ms: Date.now() - started }, 'demo business seeded');
    const devices = options.devices ?? platform.config.SEED_DEVICES;
    if (devices > 0) {
      // Device commands read the organisation (offices, agents) and their own lists: wait for the read models as a user would.
      const settle = async (position: Position) => {
        if (!(await waitForProjections(platform.database, ['org', 'inventory'], position, 60_000))) throw new Error('the projections did not catch up while seeding devices');
      };
      await settle(summary.position);
      const deviceStarted = Date.now();
      const seeded = await seedDemoDevices(new InventoryCommands(platform.database, platform.eventStore), summary.officeDetails, devices, settle);
      platform.logger.info({ ...seeded, ms: Date.now() - deviceStarted }, 'demo devices seeded');
    }
    return true;
  } finally {
    await lock.release();
  }
}
