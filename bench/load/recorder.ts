import type { Answer } from '../inventory/api';

/** One request's outcome, by kind (what the user did). */
interface Outcome {
  readonly ms: number;
  readonly ok: boolean;
}

/** What every simulated user did, by request kind; and the commands accepted, by request id (the events' correlation id). */
export class Recorder {
  readonly byKind = new Map<string, Outcome[]>();
  readonly errors = new Map<string, string[]>();
  /** Request ids of commands answered 2xx: each command's events carry it as their correlation id. */
  readonly acceptedCommands = new Set<string>();
  /** Request ids of commands refused: none of their events may be stored. */
  readonly refusedCommands = new Set<string>();
  /** Commands answered before their read models had caught up (`x-projections-behind: 1`), by kind. */
  readonly behind = new Map<string, number>();
  private recording = true;

  /** Stops counting (the run's time is up; requests still on their way finish unrecorded, their commands still audited). */
  stop(): void {
    this.recording = false;
  }

  record<T>(kind: string, answer: Answer<T>, command: boolean, expected: readonly number[] = [200, 201]): Answer<T> {
    const ok = expected.includes(answer.status);
    if (command) (ok ? this.acceptedCommands : this.refusedCommands).add(answer.requestId);
    if (!this.recording) return answer;
    if (answer.behind) this.behind.set(kind, (this.behind.get(kind) ?? 0) + 1);
    this.timed(kind, answer.ms, ok);
    if (!ok) this.error(kind, `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer;
  }

  /** A failure with no answer (the connection failed) or a step that could not go on. */
  error(kind: string, message: string): void {
    if (!this.recording) return;
    const messages = this.errors.get(kind) ?? [];
    messages.push(message);
    this.errors.set(kind, messages);
  }

  /** An outcome by its time (a request's, or an export's until its file is ready). */
  timed(kind: string, ms: number, ok: boolean): void {
    if (!this.recording) return;
    const outcomes = this.byKind.get(kind) ?? [];
    outcomes.push({ ms, ok });
    this.byKind.set(kind, outcomes);
  }
}
