import { findGeneration, findProjection, followGeneration, lockKey, projections, startBuilding } from '@portal/projections';
import { runCli } from './run-cli';

/**
 * `npm run projections:rebuild -- <name>`: builds a new generation of a projection from the
 * first event, beside the live one (which keeps answering), then swaps the views over to it
 * in one transaction and drops the old tables. A running worker notices and follows the new one.
 */
const name = process.argv[2];
const projection = name ? findProjection(name) : undefined;
if (!projection) {
  console.error(`Usage: npm run projections:rebuild -- <name>\nProjections: ${projections.map((candidate) => candidate.name).join(', ')}`);
  process.exit(2);
}

runCli('rebuild', async (platform) => {
  const config = platform.config;
  const head = await platform.eventStore.head();
  const generation = await startBuilding(platform.database.db, projection);
  const lock = await platform.database.tryLock(lockKey(projection.name, generation.generation));
  if (!lock) throw new Error(`generation ${generation.generation} of ${projection.name} is locked by another process`);
  console.log(`Rebuilding ${projection.name} v${projection.version} as generation ${generation.generation} up to ${head.transactionId}.${head.globalPosition} …`);
  const started = Date.now();
  const progress = setInterval(() => {
    void findGeneration(platform.database.db, projection.name, generation.generation).then((current) => {
      if (current) console.log(`  ${current.eventsApplied} events applied, at ${current.checkpoint.transactionId}.${current.checkpoint.globalPosition}`);
    });
  }, 2000);
  try {
    await followGeneration(platform.database, platform.eventStore, projection, generation.generation, {
      batchSize: config.PROJECTION_BATCH_SIZE,
      batchDelayMs: config.PROJECTION_BATCH_DELAY_MS,
      stopWhenLive: true,
    });
  } finally {
    clearInterval(progress);
    await lock.release();
  }
  const done = await findGeneration(platform.database.db, projection.name, generation.generation);
  if (done?.status !== 'live') throw new Error(`generation ${generation.generation} did not become live (status ${done?.status ?? 'missing'})`);
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: generation ${generation.generation} is live with ${done.eventsApplied} events applied.`);
  return 0;
});
