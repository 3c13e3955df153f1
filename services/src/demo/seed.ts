import { type Position, START, comparePositions } from '@portal/contracts';
import { waitForProjections } from '@portal/projections';
import { UploadStorage } from '../platform/storage/uploads';
import { BulkInventory } from './bulk-inventory';
import { seedDemoDevices } from './demo-devices.seed';
import { seedCommandBus } from './seed-inventory';
import { passwordHashing } from '../auth/auth.module';
import type { Platform } from '../platform/platform';
import { runInBackground } from '../platform/db/database';
import { seedDemoBusiness } from './demo-business.seed';
import { seedDemoDocuments } from './demo-documents.seed';
import { seedDemoHelp } from './demo-help.seed';
import { seedDemoOnboarding } from './demo-onboarding.seed';
import { seedDemoSubscriptions } from './demo-subscriptions.seed';
import { OrgCommands } from '../admin/org.commands';
import { recordCheckpointWithConfiguredKey } from '../platform/event-store/checkpoints';

/** Above this many devices the seed takes the bulk path unless told otherwise. */
const BULK_FROM = 50_000;
/**
 * Events per append of the bulk path on the embedded database: its one connection runs one
 * append at a time, and the requests of the first minutes wait behind it — about 1,000 events
 * is ~70 ms there; PostgreSQL takes large batches (readers wait for nothing).
 */
const EMBEDDED_FLUSH_EVENTS = 1_000;

export interface SeedOptions {
  readonly devices?: number;
  /** true: the bulk path; false: one command at a time; default: bulk on the embedded database and above 50,000 devices. */
  readonly bulk?: boolean;
  /** The business "now" the demo history ends at (tests fix it to compare two seeds). */
  readonly now?: Date;
}

/**
 * Seeds the demo business once, into an empty event store only; several processes starting at
 * once seed it once (advisory lock). Answers whether it seeded. It is background work: on the
 * embedded database every request waiting for the one connection goes first.
 */
export function seedIfEmpty(platform: Platform, options: SeedOptions = {}): Promise<boolean> {
  return runInBackground(() => seedOnce(platform, options));
}

async function seedOnce(platform: Platform, options: SeedOptions): Promise<boolean> {
  const lock = await platform.database.tryLock('seed-demo-business');
  if (!lock) return false;
  try {
    if (comparePositions(await platform.eventStore.head(), START) !== 0) return false;
    const started = Date.now();
    const org = new OrgCommands(platform.database, platform.eventStore, passwordHashing(platform));
    const summary = await seedDemoBusiness(platform.eventStore, org);
    // Onboarding's candidates and the documents before the help centre's story: tests wait for the help seed's last announcement as the seed's end.
    await seedDemoOnboarding(platform, summary.officeDetails, summary.position);
    await seedDemoDocuments(platform, summary.officeDetails, summary.position);
    await seedDemoSubscriptions(platform, summary.officeDetails);
    await seedDemoHelp(platform, summary.officeDetails);
    platform.logger.info({ offices: summary.offices, agents: summary.agents, ms: Date.now() - started }, 'demo business seeded');
    const devices = options.devices ?? platform.config.SEED_DEVICES;
    if (devices > 0) {
      // Device commands read the organisation (offices, agents) and their own lists: wait for the read models as a user would.
      const settle = async (position: Position) => {
        if (!(await waitForProjections(platform.database, ['org', 'inventory', 'rma', 'sales'], position, 30 * 60_000))) throw new Error('the projections did not catch up while seeding devices');
      };
      await settle(summary.position);
      const deviceStarted = Date.now();
      // The embedded database has one connection and runs on this thread: ~9,000 commands, each
      // waiting for the read models, took 4-6 minutes there; the bulk path's same story in small
      // appends takes well under a minute and holds the connection ~70 ms at a time.
      const embedded = platform.database.kind === 'pglite';
      const bulk = options.bulk ?? (embedded || devices > BULK_FROM);
      if (bulk) {
        // Same decisions, events appended in atomic batches; the read models catch up meanwhile.
        const retailerOf = new Map(summary.officeDetails.map((office) => [office.id, office.retailerId]));
        const stateOf = new Map(summary.officeDetails.map((office) => [office.id, office.stateShortName]));
        const inventory = new BulkInventory(platform.eventStore, { flushEvents: embedded ? EMBEDDED_FLUSH_EVENTS : undefined, retailerOf, stateOf, uploads: UploadStorage.underDataDirectory(platform.config.dataDirectory) });
        const seeded = await seedDemoDevices(inventory, summary.officeDetails, devices, async () => undefined, options.now);
        await settle(await inventory.flush());
        platform.logger.info({ ...seeded, path: 'bulk', ms: Date.now() - deviceStarted }, 'demo devices seeded');
      } else {
        const commands = await seedCommandBus(platform);
        try {
          const seeded = await seedDemoDevices(commands.inventory, summary.officeDetails, devices, settle, options.now);
          platform.logger.info({ ...seeded, path: 'commands', ms: Date.now() - deviceStarted }, 'demo devices seeded');
        } finally {
          await commands.close();
        }
      }
    }
    // The demo store's first signed checkpoint (docs/AUDIT.md), over everything seeded.
    if (platform.eventStore.name === 'postgres') await recordCheckpointWithConfiguredKey(platform);
    return true;
  } finally {
    await lock.release();
  }
}
