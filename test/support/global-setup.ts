import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../services/src/platform/db/database';
import { allMigrations } from '../../services/src/platform/db/all-migrations';
import { migrate } from '../../services/src/platform/db/migrations';
import {
  databaseUrl,
  dropTestDatabases,
  stampCreated,
  templateDatabase,
  testDatabaseServerUrl,
  withServerClient,
} from '../../services/src/platform/testing/test-database';
import { startContainersIfDockerAnswers } from './containers';

/**
 * Once per `npm test`: find PostgreSQL and Redis (testcontainers when a Docker engine answers
 * and no URL is given), then migrate a template database that every test file clones.
 */
export default async function globalSetup(): Promise<void> {
  await startContainersIfDockerAnswers();
  process.env.PORTAL_TEST_RUN = randomBytes(3).toString('hex');
  await withServerClient(async (client) => {
    // What killed runs left behind; a run never lasts six hours.
    await dropTestDatabases(client, { staleAfterMs: 6 * 3600_000 });
    await client.query(`create database ${templateDatabase()}`);
    await stampCreated(client, templateDatabase());
  });
  const template = await openDatabase({ url: databaseUrl(testDatabaseServerUrl(), templateDatabase()), poolSize: 1 });
  try {
    await migrate(template.db, allMigrations);
  } finally {
    await template.close();
  }
}
