import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { Logger as PinoLogger } from 'nestjs-pino';
import { seedIfEmpty } from './demo/seed';
import { AppModule } from './app.module';
import { loadConfigOrExit } from './platform/config/config';
import { CONSOLE_DIRECTORY } from './platform/http/console.controller';
import { serveRouteAliases } from './platform/http/route-aliases';
import { applySecurityHeaders } from './platform/http/security-headers';
import { answerUnparsableRequests } from './platform/http/client-errors';
import { createLogger } from './platform/logger';
import { openPlatform } from './platform/platform';
import { embeddedDatabaseExists } from './platform/db/database';
import { answerWhileStarting } from './platform/http/starting-server';
import { startLiveGateway } from './platform/realtime/live-gateway';
import { createLiveBus } from './platform/realtime/live-bus';
import type { AuthService } from './auth/auth.service';
import { AUTH_SERVICE } from './auth/auth.tokens';
import { type RunningWorker, startWorker } from './worker';

type Role = 'all' | 'api' | 'worker' | 'seed';

/**
 * One codebase, two entry points: `node main.js api`, `node main.js worker`, or both in one
 * process (the default, and the only choice on the embedded database).
 */
async function main(): Promise<void> {
  const requested = process.argv[2] ?? 'all';
  if (!['all', 'api', 'worker', 'seed'].includes(requested)) {
    console.error(`Unknown role "${requested}": use api, worker, seed or nothing (api and worker)`);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const role = requested as Role;
  if (config.embedded && role !== 'all' && role !== 'seed') {
    console.error('The embedded database (no DATABASE_URL) runs api and worker in one process: start without a role, or set DATABASE_URL.');
    process.exit(2);
  }
  const logger = createLogger(config, role);
  // The first start creates the embedded database (seconds): /health answers meanwhile (DESIGN.md §1).
  const starting = config.embedded && role === 'all' && !embeddedDatabaseExists(config.dataDirectory) ? await answerWhileStarting(config.PORT, config.HOST) : undefined;
  const platform = await openPlatform(config, logger);
  if (role === 'seed') {
    // `seed -- --devices N [--bulk | --commands] [--now ISO]`: how many devices (default
    // SEED_DEVICES), which path, and the business "now". The device commands read the read
    // models, so the projections run here while seeding.
    const valueOf = (flag: string) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined);
    const devices = valueOf('--devices') === undefined ? undefined : Number(valueOf('--devices'));
    const now = valueOf('--now') === undefined ? undefined : new Date(valueOf('--now')!);
    if (devices !== undefined && (!Number.isInteger(devices) || devices < 0)) {
      console.error('--devices takes a whole number of devices, e.g. --devices 20000');
      process.exit(2);
    }
    if (now !== undefined && Number.isNaN(now.getTime())) {
      console.error('--now takes an ISO date-time, e.g. --now 2026-11-20T18:00:00Z');
      process.exit(2);
    }
    const bulk = process.argv.includes('--bulk') ? true : process.argv.includes('--commands') ? false : undefined;
    const worker = startWorker(platform);
    const seeded = await seedIfEmpty(platform, { devices, bulk, now });
    logger.info(seeded ? 'demo business seeded' : 'the event store already holds events: nothing seeded');
    await worker.stop();
    await platform.close();
    return;
  }

  // Redis pub/sub when REDIS_URL is set (api and worker may be separate processes), else in-process.
  const live = createLiveBus(platform);
  let worker: RunningWorker | undefined;
  if (role !== 'api') worker = startWorker(platform, live);

  let closeApi: (() => Promise<void>) | undefined;
  if (role !== 'worker') {
    const app = await NestFactory.create<NestExpressApplication>(AppModule.register(platform), new ExpressAdapter(expressFor(config)), { bufferLogs: true });
    app.useLogger(app.get(PinoLogger));
    applySecurityHeaders(app); // first: every answer, the console's files and errors included, carries them
    answerUnparsableRequests(app.getHttpServer());
    app.use(serveRouteAliases);
    // A shipment of up to 50,000 devices is a few MB of JSON (Express's default is 100 kB).
    app.useBodyParser('json', { limit: '20mb' });
    // The built console's files (hashed assets cached for a year; index.html is answered by ConsoleController).
    app.useStaticAssets(CONSOLE_DIRECTORY, { index: false, maxAge: '365d', immutable: true, setHeaders: (response, file) => {
      if (file.endsWith('version.json')) response.setHeader('cache-control', 'no-cache');
    } });
    const gateway = await startLiveGateway({
      httpServer: app.getHttpServer(),
      db: platform.database.db,
      authenticate: (token) => app.get<AuthService>(AUTH_SERVICE, { strict: false }).authenticate(token),
      live,
      logger: logger.child({ component: 'live' }),
      recheckMs: config.SOCKET_RECHECK_MS,
    });
    if (starting) await starting.handOverTo(app);
    else await app.listen(config.PORT, config.HOST);
    logger.info({ url: `http://localhost:${config.PORT}`, embedded: config.embedded }, 'api listening');
    closeApi = async () => {
      await gateway.close();
      await app.close();
    };
  }
  // The first start of an empty store shows a living business; /health answers meanwhile.
  if (role === 'all' && config.SEED_ON_EMPTY === 'true') {
    void seedIfEmpty(platform).catch((error: unknown) => logger.error({ err: error }, 'seeding the demo business failed'));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await closeApi?.();
    await worker?.stop();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * Express matches routes ignoring case unless told otherwise, while the access guard reads the
 * route table by exact path: `/API/v1/…` reached a controller the guard never checked. Routes
 * match exactly as the table spells them; other spellings are unknown paths (404). The setting
 * must be made before anything touches the app's router, so the app is made here.
 */
function expressFor(config: { TRUST_PROXY?: string }): express.Express {
  const server = express();
  server.set('case sensitive routing', true);
  // Behind a balancer (npm run start:cluster, nginx): the client's address from X-Forwarded-For (config TRUST_PROXY).
  if (config.TRUST_PROXY) server.set('trust proxy', /^\d+$/.test(config.TRUST_PROXY) ? Number(config.TRUST_PROXY) : config.TRUST_PROXY);
  return server;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
