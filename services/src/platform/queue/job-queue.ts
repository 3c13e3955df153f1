/** A job as its processor sees it. */
export interface Job<Data> {
  readonly id: string;
  readonly name: string;
  readonly data: Data;
  /** 1 on the first try. */
  readonly attempt: number;
  updateProgress(progress: number | object): Promise<void>;
}

export interface JobOptions {
  /** Tries in all, the first included; default 3. */
  readonly attempts?: number;
  /** First retry delay; doubles on each retry. Default 1000 ms. */
  readonly backoffMs?: number;
  /** A job id makes adding idempotent: a second add with the same id is ignored. */
  readonly jobId?: string;
}

export type JobProcessor<Data> = (job: Job<Data>) => Promise<unknown>;

export interface ProcessOptions {
  readonly concurrency?: number;
  /** Called after the last try of a job failed. */
  readonly onFailed?: (job: Job<unknown>, error: Error) => void | Promise<void>;
  /** Called in the processing process each time a job reports progress. */
  readonly onProgress?: (job: Job<unknown>, progress: number | object) => void;
}

/**
 * The job queue port: BullMQ on Redis, or in-process for the embedded default
 * (same processors, same retries). Exports, notifications and webhooks run on it.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** Refuses with QueueUnavailableError while the queue's store is unreachable (waiting at most ~2 s for a connection, never until it is back). */
  add<Data>(queue: string, name: string, data: Data, options?: JobOptions): Promise<string>;
  /** Runs `processor` for the jobs of `queue` in this process (the worker side). */
  process<Data>(queue: string, processor: JobProcessor<Data>, options?: ProcessOptions): void;
  /** Jobs waiting, running or delayed for retry. */
  pending(queue: string): Promise<number>;
  close(): Promise<void>;
}

/** Thrown by `add` when the queue's store (Redis) cannot be reached: the job is NOT queued. */
export class QueueUnavailableError extends Error {
  constructor(readonly queue: string) {
    super(`The job queue "${queue}" cannot be reached.`);
    this.name = 'QueueUnavailableError';
  }
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
