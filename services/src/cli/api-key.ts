import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-keys';
import { loadConfigOrExit } from '../platform/config/config';
import { createLogger } from '../platform/logger';
import { openPlatform } from '../platform/platform';

const USAGE = `Usage:
  npm run apikey:create -- --retailer <retailer id> --name <client name>
  npm run apikey:revoke -- --id <key id>
  npm run apikey:list`;

/** API keys for upstream systems, scoped to one retailer. The key is printed once and stored hashed. */
async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({ args: rest, options: { retailer: { type: 'string' }, name: { type: 'string' }, id: { type: 'string' } }, strict: true });
  if (!['create', 'revoke', 'list'].includes(command ?? '')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrExit();
  const platform = await openPlatform(config, createLogger({ LOG_LEVEL: 'warn' }, 'apikey'));
  try {
    const db = platform.database.db;
    if (command === 'create') {
      if (!values.retailer || !values.name?.trim()) {
        console.error(USAGE);
        return 2;
      }
      const retailer = await sql<{ name: string }>`select name from rm.org_retailers where id = ${values.retailer}`.execute(db);
      if (!retailer.rows[0]) {
        console.error(`No retailer ${values.retailer}. Retailers: ${(await sql<{ id: string; name: string }>`select id, name from rm.org_retailers order by name`.execute(db)).rows.map((row) => `${row.id} (${row.name})`).join(', ') || 'none'}`);
        return 1;
      }
      const { id, key } = await createApiKey(db, values.retailer, values.name.trim());
      console.log(`API key ${id} for "${values.name.trim()}", retailer ${retailer.rows[0].name}. Send it as the x-api-key header; it is shown only now:\n${key}`);
      return 0;
    }
    if (command === 'revoke') {
      if (!values.id) {
        console.error(USAGE);
        return 2;
      }
      const revoked = await revokeApiKey(db, values.id);
      console.log(revoked ? `API key ${values.id} revoked.` : `No live API key ${values.id}.`);
      return revoked ? 0 : 1;
    }
    for (const key of await listApiKeys(db)) {
      console.log(`${key.id}  retailer ${key.retailer_id}  ${key.name}  created ${key.created_at.toISOString()}${key.revoked_at ? `  REVOKED ${key.revoked_at.toISOString()}` : ''}`);
    }
    return 0;
  } finally {
    await platform.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
