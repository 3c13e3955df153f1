import { loadSigningKey } from '../platform/event-store/checkpoint-key';
import { verifyCheckpoints } from '../platform/event-store/checkpoints';
import { verifyAll } from '../platform/event-store/hash-chain';
import { runCli } from './run-cli';

/**
 * `npm run audit:verify`: recomputes every stream's hash chain (docs/AUDIT.md "Tamper evidence")
 * with progress, prints the events per second, and names the first event of each stream whose
 * stored hash does not follow; then recomputes each signed checkpoint's Merkle root from the
 * events at its position and checks its signature ("Signed checkpoints and proofs"), printing each
 * verdict. Exit code 1 when a chain or a checkpoint does not hold.
 */
runCli('audit-verify', async (platform) => {
  if (platform.eventStore.name !== 'postgres') throw new Error('The hash chains are kept by the PostgreSQL event store only (docs/AUDIT.md).');
  const started = Date.now();
  let shown = 0;
  const result = await verifyAll(platform.database.db, ({ streams, events }) => {
    if (Date.now() - shown < 2000) return;
    shown = Date.now();
    console.log(`  ${streams.toLocaleString('en-US')} streams, ${events.toLocaleString('en-US')} events checked …`);
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(`Checked ${result.events.toLocaleString('en-US')} events in ${result.streams.toLocaleString('en-US')} streams in ${seconds.toFixed(1)} s (${Math.round(result.events / Math.max(seconds, 0.001)).toLocaleString('en-US')} events/s).`);
  if (result.breaks.length === 0) console.log('Every chain holds: no event was changed since it was appended.');
  for (const found of result.breaks.slice(0, 50)) console.log(`BROKEN ${found.stream_id} event ${found.stream_position} (${found.event_id}): ${found.reason}`);
  if (result.breaks.length > 50) console.log(`… and ${result.breaks.length - 50} more streams`);

  // Checkpoints: a key other than this deployment's is said, not failed (an older key before a rotation signs older checkpoints).
  const ownKeyId = (await loadSigningKey(platform.config, { create: false }))?.keyId;
  const verdicts = await verifyCheckpoints(platform.database.db, result.breaks, (verdict) => {
    const what = `CHECKPOINT ${verdict.position ?? '?'}${verdict.signed_at ? ` (signed ${verdict.signed_at} by key ${verdict.key_id}${ownKeyId && verdict.key_id !== ownKeyId ? ', not this deployment\'s key' : ''})` : ''}`;
    console.log(verdict.valid ? `${what}: holds` : `${what}: FAILS: ${verdict.problem}`);
  });
  const failed = verdicts.filter((verdict) => !verdict.valid).length;
  if (verdicts.length === 0) console.log('No signed checkpoint is recorded yet (npm run audit:checkpoint records one).');
  else if (failed === 0) console.log(`Every signed checkpoint holds (${verdicts.length}).`);
  else console.log(`${failed} of ${verdicts.length} signed checkpoints do not hold.`);
  return result.breaks.length === 0 && failed === 0 ? 0 : 1;
});
