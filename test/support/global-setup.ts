import { openDatabase } from '../../services/src/platform/db/database';
import { allMigrations } from '../../services/src/platform/db/all-migrations';
import { migrate } from '../../services/src/platform/db/migrations';
import { TEMPLATE_DATABASE, databaseUrl, testDatabaseServerUrl, withServerClient } from '../../services/src/platform/testing/test-database';
import { startContainersIfDockerAnswers } from './containers';

/**
 * Once per `npm test`: find PostgreSQL and Redis (testcontainers when a Docker engine answers
 * and no URL is given), then migrate a template database that every test file clones.
 */
export default async function globalSetup(): Promise<void> {
  await startContainersIfDockerAnswers();
  await withServerClient(async (client) => {
    const stale = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'portal\\_test\\_%'`);
    for (const { datname } of stale.rows) await client.query(`drop database if exists ${datname} with (force)`);
    await client.query(`create database ${TEMPLATE_DATABASE}`);
  });
  const template = await openDatabase({ url: databaseUrl(testDatabaseServerUrl(), TEMPLATE_DATABASE), poolSize: 1 });
  try {
    await migrate(template.db, allMigrations);
  } finally {
    await template.close();
  }
}
