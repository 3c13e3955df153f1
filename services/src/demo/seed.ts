import { type Position, START, comparePositions } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { InventoryCommands } from '../inventory/inventory.commands';
import { BulkInventory } from './bulk-inventory';
import { seedDemoDevices } from './demo-devices.seed';
import { passwordHashing } from '../auth/auth.module';
import type { Platform } from '../platform/platform';
import { seedDemoBusiness } from './demo-business.seed';
import { OrgCommands } from '../admin/org.commands';

/**
 * Seeds the demo business once, into an empty event store only; several processes starting at
 * once seed it once (advisory lock). Answers whether it seeded.
 */
/** Above this many devices the seed takes the bulk path unless told otherwise. */
const BULK_FROM = 50_000;

export interface SeedOptions {
  readonly devices?: number;
  /** true: the bulk path; false: one command at a time; default: bulk above 50,000 devices. */
  readonly bulk?: boolean;
  /** The business "now" the demo history ends at (tests fix it to compare two seeds). */
  readonly now?: Date;
}

export async function seedIfEmpty(platform: Platform, options: SeedOptions = {}): Promise<boolean> {
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
        if (!(await waitForProjections(platform.database, ['org', 'inventory'], position, 30 * 60_000))) throw new Error('the projections did not catch up while seeding devices');
      };
      await settle(summary.position);
      const deviceStarted = Date.now();
      const bulk = options.bulk ?? devices > BULK_FROM;
      if (bulk) {
        // Same decisions, events appended in large atomic batches; the read models catch up after.
        const inventory = new BulkInventory(platform.eventStore);
        const seeded = await seedDemoDevices(inventory, summary.officeDetails, devices, async () => undefined, options.now);
        await settle(await inventory.flush());
        platform.logger.info({ ...seeded, path: 'bulk', ms: Date.now() - deviceStarted }, 'demo devices seeded');
      } else {
        const seeded = await seedDemoDevices(new InventoryCommands(platform.database, platform.eventStore), summary.officeDetails, devices, settle, options.now);
        platform.logger.info({ ...seeded, path: 'commands', ms: Date.now() - deviceStarted }, 'demo devices seeded');
      }
    }
    return true;
  } finally {
    await lock.release();
  }
}
