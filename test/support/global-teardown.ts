import { dropTestDatabases, testRunId, withServerClient } from '../../services/src/platform/testing/test-database';
import { stopContainers } from './containers';

export default async function globalTeardown(): Promise<void> {
  await withServerClient((client) => dropTestDatabases(client, { run: testRunId(), staleAfterMs: 6 * 3600_000 })).catch(() => undefined);
  await stopContainers();
}
