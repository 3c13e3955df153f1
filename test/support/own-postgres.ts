import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl of the installed version, on a
 * temporary data directory, its own port and socket directory), so a test can stop and start
 * it without touching the shared server on 5432. As root, initdb refuses to run: the programs
 * run as the postgres user (runuser), which owns the directory.
 */
export interface OwnPostgres {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  remove(): Promise<void>;
}

function binDirectory(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(a) - Number(b));
  if (versions.length === 0) throw new Error(`no PostgreSQL under ${root}`);
  return path.join(root, versions.at(-1)!, 'bin');
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDirectory();
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args);
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(directory, 'data');
  const sockets = path.join(directory, 'sockets');
  await fs.mkdir(sockets);
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', directory]);
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // fsync off: the test restarts the server, it does not pull the plug.
  const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  let running = false;
  const start = async () => {
    await asPostgres('pg_ctl', ['-D', data, '-l', path.join(directory, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = async () => {
    await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async remove() {
      if (running) await stop().catch(() => undefined);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
