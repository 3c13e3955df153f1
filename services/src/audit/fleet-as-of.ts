import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type AsOf, type FleetAsOfStatus, type Position, ROLE, asOfText, comparePositions, formatPosition, parsePosition } from '@portal/contracts';
import {
  AS_OF_MODELS_KEPT,
  type AsOfModel,
  FLEET_AS_OF_PROJECTIONS,
  type SqlDb,
  analyzeAsOfModel,
  businessDate,
  createAsOfTables,
  dropAsOfModel,
  failAsOfModel,
  findAsOfModel,
  finishAsOfModel,
  listAsOfModels,
  readModelIn,
  recordAsOfProgress,
  replayInto,
  startAsOfModel,
  touchAsOfModel,
} from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { formatExportDate } from '../exports/export-definition';
import { DomainError } from '../platform/commands/command-errors';
import { runInBackground } from '../platform/db/database';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { endOfBusinessDay } from './device-history';
import { eventTime, happenedBy } from './device-as-of';

/** Who may read the fleet reports as of a past date (issue 23): the super role, retailer managers and auditors. */
const AS_OF_READERS: readonly number[] = [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER, ROLE.AUDITOR];

/** A report read over an as-of model: its database (reading the model's schema) and the instant its ages count at. */
export interface AsOfReader {
  readonly db: SqlDb;
  /** The model's schema (an export's worker reads it too). */
  readonly schema: string;
  readonly moment: string;
}

const FAILED = 'the replay stopped with an error (the service log has it).';

/** The code that builds a model is part of its key: a new projection version builds anew. */
const MODEL_VERSION = FLEET_AS_OF_PROJECTIONS.map((projection) => `${projection.name}${projection.version}`).join('.');

/** Shown as the answer's date: MM-DD-YYYY for a date (the console's format), the text itself otherwise. */
const shownAsOf = (asOf: AsOf) => (asOf.kind === 'date' ? formatExportDate(asOf.date)! : asOfText(asOf));

/**
 * The fleet reports as of a past moment (docs/AUDIT.md "The fleet as of a past date"): a read
 * model of the org, inventory and sales projections replayed from the store up to the moment into
 * a schema of its own, on demand, in short batches; at most AS_OF_MODELS_KEPT are kept (the least
 * recently used is dropped). The report queries then run unchanged over it (`readModelIn`).
 */
@Injectable()
export class FleetAsOf implements OnModuleDestroy {
  private readonly stopping = new AbortController();
  private readonly builds = new Map<string, Promise<void>>();

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.builds.values()]);
  }

  private get db() {
    return this.platform.database.db;
  }

  /** Only the roles that may: others are told so (the reports themselves are theirs, as of now). */
  requireReader(user: AuthenticatedUser): void {
    if (!user.roles.some((role) => AS_OF_READERS.includes(role))) throw new DomainError('Reports as of a past date are for retailer managers and auditors', 403, { as_of: 'Reports as of a past date are for retailer managers and auditors' });
  }

  /** The moment must be past: a date before the business's today, an instant before now, a position the store has. */
  private async checkPast(asOf: AsOf, now: Date): Promise<void> {
    const refuse = (message: string) => {
      throw new DomainError(message, 400, { as_of: message });
    };
    if (asOf.kind === 'date' && asOf.date >= businessDate(now)) refuse('as_of must be a past date: today\'s reports are the live ones');
    if (asOf.kind === 'instant' && Date.parse(asOf.at) > now.getTime()) refuse('as_of cannot be in the future');
    if (asOf.kind === 'position') {
      const head = await this.platform.eventStore.head();
      if (comparePositions(parsePosition(asOf.position) as Position, head) > 0) refuse('as_of is a position the store has not reached');
    }
  }

  /** GET /api/v1/audit/fleet: the model's progress; asking starts it when it is missing (or failed, or abandoned by a stopped process). */
  async status(asOf: AsOf, user: AuthenticatedUser, now = new Date()): Promise<FleetAsOfStatus> {
    this.requireReader(user);
    await this.checkPast(asOf, now);
    const model = await this.ensure(asOf);
    return this.statusOf(asOf, model);
  }

  /** The reader for a report asked as of a moment; 409 with the progress while the model is being built. */
  async reader(asOf: AsOf, user: AuthenticatedUser, now = new Date()): Promise<AsOfReader> {
    this.requireReader(user);
    await this.checkPast(asOf, now);
    const model = await this.ensure(asOf);
    if (model.status === 'ready' && model.moment) return { db: readModelIn(this.db, model.schema), schema: model.schema, moment: model.moment };
    const status = this.statusOf(asOf, model);
    const message = model.status === 'failed'
      ? `The reports as of ${shownAsOf(asOf)} could not be prepared: ${FAILED} Ask again to retry.`
      : `The reports as of ${shownAsOf(asOf)} are being prepared (${status.percent}%). Ask again when they are ready.`;
    throw new DomainError(message, 409, { as_of: message });
  }

  private statusOf(asOf: AsOf, model: AsOfModel): FleetAsOfStatus {
    const { target, checkpoint } = model;
    const percent = model.status === 'ready' ? 100 : target.globalPosition <= 0 ? 0 : Math.min(99, Math.floor((checkpoint.globalPosition / target.globalPosition) * 100));
    return {
      as_of: asOfText(asOf),
      status: model.status,
      percent,
      events_applied: model.eventsApplied,
      moment: model.moment,
      target_position: formatPosition(target),
      started_at: model.createdAt,
      ready_at: model.readyAt,
      // The cause stays in the service's log: a client learns that it failed, not the database's words.
      error: model.status === 'failed' ? FAILED : null,
    };
  }

  /** The model for the moment: found (and marked used), or registered and started in the background. */
  private async ensure(asOf: AsOf): Promise<AsOfModel> {
    const key = `${asOf.kind}:${asOfText(asOf)}@${MODEL_VERSION}`;
    const found = await findAsOfModel(this.db, key);
    if (found?.status === 'ready') {
      await touchAsOfModel(this.db, key);
      return found;
    }
    if (found?.status === 'building' && this.builds.has(key)) return found;
    // Missing, failed, or building in a process that may have stopped: the build lock tells.
    const lock = await this.platform.database.tryLock(`audit-as-of:${key}`);
    if (!lock) return found ?? (await this.waitForRegistration(key));
    try {
      await this.makeRoomFor(key);
      const target = await this.targetOf(asOf);
      const model = await startAsOfModel(this.db, key, target, asOf.kind === 'date' ? endOfBusinessDay(asOf.date) : asOf.kind === 'instant' ? asOf.at : null);
      // Background work: on the embedded database a waiting request gets the one connection first.
      const build = runInBackground(() => this.build(asOf, model)).finally(() => {
        this.builds.delete(key);
        void lock.release();
      });
      this.builds.set(key, build);
      return model;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** Another process holds the build lock and is about to register the model. */
  private async waitForRegistration(key: string): Promise<AsOfModel> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const model = await findAsOfModel(this.db, key);
      if (model) return model;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new DomainError('The reports as of that moment are being prepared by another process; ask again in a moment', 409);
  }

  /** Drops the least recently used models until one more fits; refuses when every kept one is still being built. */
  private async makeRoomFor(key: string): Promise<void> {
    const others = (await listAsOfModels(this.db)).filter((model) => model.key !== key);
    const droppable = others.filter((model) => model.status !== 'building');
    let excess = others.length - (AS_OF_MODELS_KEPT - 1);
    for (const model of droppable) {
      if (excess <= 0) break;
      await dropAsOfModel(this.db, model);
      excess--;
    }
    if (excess > 0) {
      throw new DomainError(`${AS_OF_MODELS_KEPT} reports as of other moments are being prepared; ask again when one of them is ready`, 409, { as_of: 'Another moment is being prepared' });
    }
  }

  /** Where the replay stops: the asked position, or the store's head (a date or an instant keeps what happened by then, backdated facts included). */
  private async targetOf(asOf: AsOf): Promise<Position> {
    const head = await this.platform.eventStore.head();
    if (asOf.kind !== 'position') return head;
    const asked = parsePosition(asOf.position) as Position;
    return comparePositions(asked, head) < 0 ? asked : head;
  }

  private async build(asOf: AsOf, model: AsOfModel): Promise<void> {
    const started = Date.now();
    const logger = this.platform.logger;
    try {
      await createAsOfTables(this.db, FLEET_AS_OF_PROJECTIONS, model.schema);
      const replay = await replayInto(this.db, this.platform.eventStore, FLEET_AS_OF_PROJECTIONS, model.schema, {
        batchSize: this.platform.config.PROJECTION_BATCH_SIZE,
        target: model.target,
        includes: (event) => happenedBy(event, asOf, endOfBusinessDay),
        recordProgress: (trx, progress) => recordAsOfProgress(trx, model.key, progress.checkpoint, progress.applied),
        signal: this.stopping.signal,
      });
      if (!replay.completed) return;
      await analyzeAsOfModel(this.db, model.schema);
      const moment = model.moment ?? (replay.lastIncluded ? eventTime(replay.lastIncluded) : new Date().toISOString());
      await finishAsOfModel(this.db, model.key, moment);
      logger.info({ key: model.key, schema: model.schema, ms: Date.now() - started }, 'as-of read model ready');
    } catch (error) {
      logger.error({ key: model.key, err: error }, 'as-of read model failed');
      await failAsOfModel(this.db, model.key, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    }
  }
}
