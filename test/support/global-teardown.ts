import { withServerClient } from '../../services/src/platform/testing/test-database';
import { stopContainers } from './containers';

export default async function globalTeardown(): Promise<void> {
  await withServerClient(async (client) => {
    const left = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'portal\\_test\\_%'`);
    for (const { datname } of left.rows) await client.query(`drop database if exists ${datname} with (force)`);
  }).catch(() => undefined);
  await stopContainers();
}
