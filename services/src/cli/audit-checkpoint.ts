import { CHECKPOINTS_KEPT_BY_POSTGRES, recordCheckpointWithConfiguredKey } from '../platform/event-store/checkpoints';
import { runCli } from './run-cli';

/**
 * `npm run audit:checkpoint`: records a signed checkpoint of the event store now (docs/AUDIT.md
 * "Signed checkpoints and proofs") and prints it; when nothing was appended since the last one,
 * prints that one instead.
 */
runCli('audit-checkpoint', async (platform) => {
  if (platform.eventStore.name !== 'postgres') throw new Error(CHECKPOINTS_KEPT_BY_POSTGRES);
  const outcome = await recordCheckpointWithConfiguredKey(platform);
  switch (outcome.kind) {
    case 'recorded':
      console.log(`Recorded checkpoint ${outcome.checkpoint.data.position}: ${outcome.checkpoint.data.streams.toLocaleString('en-US')} streams, ${outcome.checkpoint.data.events.toLocaleString('en-US')} events, Merkle root ${outcome.checkpoint.data.merkle_root}, signed by key ${outcome.checkpoint.data.key_id}.`);
      console.log(`File: ${outcome.file}`);
      console.log(JSON.stringify(outcome.checkpoint.data, null, 2));
      return 0;
    case 'unchanged':
    case 'not due':
      console.log(`Nothing was appended since checkpoint ${outcome.last.data.position} (signed ${outcome.last.data.signed_at}): that one stands.`);
      console.log(JSON.stringify(outcome.last.data, null, 2));
      return 0;
    case 'empty':
      console.log('The event store is empty: nothing to checkpoint.');
      return 0;
    case 'busy':
      console.error('Another process is recording a checkpoint right now: try again in a moment.');
      return 1;
  }
});
