import path from 'node:path';
import { sql } from 'kysely';
import type { TestDatabase } from '../../services/src/platform/testing/test-database';
import { type SeededService, call, startSeededService } from '../support/demo';
import { exited, repositoryRoot, startNode } from '../support/processes';

const CLI = path.join(repositoryRoot, 'services', 'dist', 'cli', 'api-key.js');

/** Upstream systems call the integration routes with API keys made by the CLI, scoped to a retailer and revocable. */
describe('integration API keys', () => {
  let seeded: SeededService;
  let test: TestDatabase;

  beforeAll(async () => {
    seeded = await startSeededService();
    ({ test } = seeded);
  }, 180_000);
  afterAll(() => seeded?.stop());

  const cli = async (...args: string[]) => {
    const child = startNode(CLI, args, { DATABASE_URL: test.url, NODE_ENV: 'test' });
    const code = await exited(child);
    return { code, output: child.output() };
  };

  it('creates a key for a retailer, lets it reach only integration routes, and revokes it', async () => {
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(test.database.db)).rows[0]!.id;
    expect((await cli('create', '--retailer', 'no-such-retailer', '--name', 'warehouse')).code).toBe(1);
    const created = await cli('create', '--retailer', retailer, '--name', 'Warehouse system');
    expect(created.code).toBe(0);
    const key = /^(portal_\w+_[\w-]+)$/m.exec(created.output)?.[1];
    expect(key).toBeDefined();
    const id = /API key (\w+) for/.exec(created.output)?.[1];

    const stored = await sql<{ key_hash: string }>`select key_hash from integration_api_keys where id = ${id!}`.execute(test.database.db);
    expect(stored.rows[0]!.key_hash).not.toContain(key!.slice(-20));

    const shipment = await call(seeded.baseUrl, 'POST', '/api/integration/v1/shipments', { headers: { 'x-api-key': key! }, body: {} });
    expect(shipment.status).not.toBe(401);
    expect(shipment.status).not.toBe(403);
    expect((await call(seeded.baseUrl, 'POST', '/api/integration/v1/shipments', { body: {} })).status).toBe(401);
    expect((await call(seeded.baseUrl, 'POST', '/api/integration/v1/shipments', { headers: { 'x-api-key': `${key!.slice(0, -1)}x` }, body: {} })).status).toBe(401);
    // A key is no session: manager routes stay closed to it.
    expect((await call(seeded.baseUrl, 'GET', '/api/v1/offices', { headers: { 'x-api-key': key! } })).status).toBe(401);

    expect((await cli('list')).output).toContain('Warehouse system');
    expect((await cli('revoke', '--id', id!)).code).toBe(0);
    expect((await call(seeded.baseUrl, 'POST', '/api/integration/v1/shipments', { headers: { 'x-api-key': key! }, body: {} })).status).toBe(401);
    expect((await cli('revoke', '--id', id!)).code).toBe(1);
  });
});
