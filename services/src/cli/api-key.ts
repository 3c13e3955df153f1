import { parseArgs } from 'node:util';
import { retailersInScope } from '@portal/projections';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-keys.store';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run apikey:create -- --retailer <retailer id> --name <client name>
  npm run apikey:revoke -- --id <key id>
  npm run apikey:list`;

/** API keys for upstream systems, scoped to one retailer. The key is printed once and stored hashed. */
const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({ args: rest, options: { retailer: { type: 'string' }, name: { type: 'string' }, id: { type: 'string' } }, strict: true });
if (!['create', 'revoke', 'list'].includes(command ?? '')) {
  console.error(USAGE);
  process.exit(2);
}

runCli('apikey', async (platform) => {
  const db = platform.database.db;
  if (command === 'create') {
    if (!values.retailer || !values.name?.trim()) {
      console.error(USAGE);
      return 2;
    }
    const retailers = await retailersInScope(db, { kind: 'all' });
    const retailer = retailers.find((candidate) => candidate.id === values.retailer);
    if (!retailer) {
      console.error(`No retailer ${values.retailer}. Retailers: ${retailers.map((candidate) => `${candidate.id} (${candidate.name})`).join(', ') || 'none'}`);
      return 1;
    }
    const { id, key } = await createApiKey(db, values.retailer, values.name.trim());
    console.log(`API key ${id} for "${values.name.trim()}", retailer ${retailer.name}. Send it as the x-api-key header; it is shown only now:\n${key}`);
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
});
