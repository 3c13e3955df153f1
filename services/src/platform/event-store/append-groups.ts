import type { AppendResult, StreamAppend } from './event-store';

/** One caller's append, as the store prepared it (event ids chosen). */
export interface PreparedAppend {
  readonly appends: readonly StreamAppend[];
  readonly eventIds: readonly string[];
}

export interface AppendGroupLimits {
  /** Statements of small appends on their way at once; more small appends wait and go together. */
  readonly inFlight: number;
  /** An append with more events than this runs alone, at once: it would make a group's statement long. */
  readonly maxEventsToGroup: number;
  /** Events in one group's statement. */
  readonly maxGroupEvents: number;
}

export const DEFAULT_APPEND_GROUP_LIMITS: AppendGroupLimits = { inFlight: 2, maxEventsToGroup: 50, maxGroupEvents: 500 };

interface Waiting extends PreparedAppend {
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit for small appends (docs/PERFORMANCE.md, issue 26). Each append is one statement
 * and one commit, and a commit costs a WAL flush plus the statement's fixed cost; with many
 * callers at once, the appends that arrive while `inFlight` statements run go together in the
 * next one: one multi-stream append, one commit. Every append keeps its own rules: a group holds
 * no stream twice, and when its statement fails (a conflict, a reused key) each member runs
 * again alone, so a caller sees exactly the answer it would have had alone. Events of a group share
 * one transaction, so read-all order is unchanged; each member is answered the group's position,
 * at or after its own last event, which read-your-writes may wait for.
 */
export class AppendGroups {
  private readonly waiting: Waiting[] = [];
  private running = 0;
  private pumpScheduled = false;

  constructor(
    private readonly execute: (prepared: PreparedAppend) => Promise<AppendResult>,
    private readonly limits: AppendGroupLimits = DEFAULT_APPEND_GROUP_LIMITS,
  ) {}

  submit(prepared: PreparedAppend): Promise<AppendResult> {
    if (prepared.eventIds.length > this.limits.maxEventsToGroup) return this.execute(prepared);
    return new Promise<AppendResult>((resolve, reject) => {
      this.waiting.push({ ...prepared, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.pumpScheduled) return;
    while (this.running < this.limits.inFlight && this.waiting.length > 0) {
      const group = this.takeGroup();
      this.running++;
      void this.run(group).finally(() => {
        this.running--;
        // The members just answered append again at once, most of them: let them all queue
        // before the next group is taken, or the first would take the free statement alone.
        this.pumpScheduled = true;
        setImmediate(() => {
          this.pumpScheduled = false;
          this.pump();
        });
      });
    }
  }

  /** The oldest waiting append, then every later one that fits (no stream twice, within the size), in arrival order. */
  private takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (let index = 0; index < this.waiting.length; ) {
      const candidate = this.waiting[index]!;
      const fits =
        group.length === 0 ||
        (events + candidate.eventIds.length <= this.limits.maxGroupEvents && candidate.appends.every((append) => !streams.has(append.streamId)));
      if (!fits) {
        index++;
        continue;
      }
      group.push(candidate);
      events += candidate.eventIds.length;
      for (const append of candidate.appends) streams.add(append.streamId);
      this.waiting.splice(index, 1);
    }
    return group;
  }

  private async run(group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      const [alone] = group as [Waiting];
      await this.execute(alone).then(alone.resolve, alone.reject);
      return;
    }
    let combined: AppendResult;
    try {
      combined = await this.execute({ appends: group.flatMap((member) => member.appends), eventIds: group.flatMap((member) => member.eventIds) });
    } catch {
      // Nothing of the group was written (one statement): each member again, alone, for its own answer.
      await Promise.all(group.map((member) => this.execute(member).then(member.resolve, member.reject)));
      return;
    }
    for (const member of group) {
      const mine = new Set(member.appends.map((append) => append.streamId));
      // combined.streams is in stream id order, so each member's part is too.
      member.resolve({ position: combined.position, streams: combined.streams.filter((stream) => mine.has(stream.streamId)), duplicate: false });
    }
  }
}
