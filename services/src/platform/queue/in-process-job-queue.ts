import { randomUUID } from 'node:crypto';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, type Job, type JobOptions, type JobProcessor, type JobQueue, type ProcessOptions } from './job-queue';

interface QueuedJob {
  id: string;
  name: string;
  data: unknown;
  attempts: number;
  backoffMs: number;
  attempt: number;
}

interface Registration {
  processor: JobProcessor<unknown>;
  options: ProcessOptions;
  running: number;
}

/**
 * The embedded default's queue: jobs run in this process with the same retries and backoff
 * as on BullMQ. Jobs waiting when the process stops are lost, which a single-site install accepts.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly waiting = new Map<string, QueuedJob[]>();
  private readonly delayed = new Map<string, number>();
  private readonly registrations = new Map<string, Registration>();
  private readonly seenIds = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  async add<Data>(queue: string, name: string, data: Data, options: JobOptions = {}): Promise<string> {
    const id = options.jobId ?? randomUUID();
    if (this.seenIds.has(id)) return id;
    this.seenIds.add(id);
    this.enqueue(queue, { id, name, data, attempts: options.attempts ?? DEFAULT_ATTEMPTS, backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS, attempt: 1 });
    return id;
  }

  process<Data>(queue: string, processor: JobProcessor<Data>, options: ProcessOptions = {}): void {
    this.registrations.set(queue, { processor: processor as JobProcessor<unknown>, options, running: 0 });
    this.drain(queue);
  }

  async pending(queue: string): Promise<number> {
    return (this.waiting.get(queue)?.length ?? 0) + (this.delayed.get(queue) ?? 0) + (this.registrations.get(queue)?.running ?? 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private enqueue(queue: string, job: QueuedJob): void {
    const list = this.waiting.get(queue) ?? [];
    list.push(job);
    this.waiting.set(queue, list);
    queueMicrotask(() => this.drain(queue));
  }

  private drain(queue: string): void {
    const registration = this.registrations.get(queue);
    const list = this.waiting.get(queue);
    if (!registration || !list || this.closed) return;
    const concurrency = registration.options.concurrency ?? 1;
    while (registration.running < concurrency && list.length > 0) {
      const job = list.shift()!;
      registration.running++;
      void this.run(queue, registration, job).finally(() => {
        registration.running--;
        this.drain(queue);
      });
    }
  }

  private async run(queue: string, registration: Registration, queued: QueuedJob): Promise<void> {
    const job: Job<unknown> = {
      id: queued.id,
      name: queued.name,
      data: queued.data,
      attempt: queued.attempt,
      updateProgress: async (progress) => registration.options.onProgress?.(job, progress),
    };
    try {
      await registration.processor(job);
    } catch (error) {
      if (queued.attempt < queued.attempts && !this.closed) {
        const delay = queued.backoffMs * 2 ** (queued.attempt - 1);
        this.delayed.set(queue, (this.delayed.get(queue) ?? 0) + 1);
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.delayed.set(queue, (this.delayed.get(queue) ?? 1) - 1);
          this.enqueue(queue, { ...queued, attempt: queued.attempt + 1 });
        }, delay);
        this.timers.add(timer);
        return;
      }
      await registration.options.onFailed?.(job, error instanceof Error ? error : new Error(String(error)));
    }
  }
}
