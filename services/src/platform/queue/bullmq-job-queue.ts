import os from 'node:os';
import { Queue, Worker } from 'bullmq';
import IORedis, { type Redis } from 'ioredis';
import { redisReadyWithin } from './redis-ready';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, type JobOptions, type JobProcessor, type JobQueue, type ProcessOptions, QueueUnavailableError } from './job-queue';


/** Jobs on Redis with BullMQ: any number of api processes add, any number of workers process. */
export class BullMqJobQueue implements JobQueue {
  readonly kind = 'bullmq';
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly options: { lockMs?: number } = {},
  ) {
    // BullMQ workers block on Redis, so requests must never give up (maxRetriesPerRequest: null).
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.connection.on('error', () => undefined); // reconnects by itself; readiness reports it
  }

  get redis(): Redis {
    return this.connection;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<Data>(queue: string, name: string, data: Data, options: JobOptions = {}): Promise<string> {
    // The connection would hold the command until Redis is back (maxRetriesPerRequest: null): refuse instead.
    if (!(await redisReadyWithin(this.connection))) throw new QueueUnavailableError(queue);
    const job = await this.queue(queue).add(name, data, {
      jobId: options.jobId,
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    return job.id ?? '';
  }

  process<Data>(queue: string, processor: JobProcessor<Data>, options: ProcessOptions = {}): void {
    // A worker blocks its connection while waiting for jobs: it gets one of its own.
    const connection = this.connection.duplicate({ maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.workerConnections.push(connection);
    const worker = new Worker<Data>(
      queue,
      async (job) =>
        processor({
          id: job.id ?? '',
          name: job.name,
          data: job.data,
          attempt: job.attemptsMade + 1,
          updateProgress: (progress) => job.updateProgress(progress),
        }),
      {
        connection,
        prefix: this.prefix,
        concurrency: options.concurrency ?? 1,
        // The job's `processedBy`: which process runs it (host:pid), for operators and the cluster tests.
        name: `${os.hostname()}:${process.pid}`,
        // A job whose worker died (its lock not renewed) is taken by another worker: the stalled check runs as often as a lock lasts.
        ...(this.options.lockMs !== undefined && { lockDuration: this.options.lockMs, stalledInterval: this.options.lockMs }),
      },
    );
    worker.on('error', () => undefined);
    worker.on('progress', (job, progress) => {
      options.onProgress?.({ id: job.id ?? '', name: job.name, data: job.data, attempt: job.attemptsMade + 1, updateProgress: async () => undefined }, typeof progress === 'object' || typeof progress === 'number' ? progress : { value: progress });
    });
    worker.on('failed', (job, error) => {
      if (!job || !options.onFailed) return;
      const attempts = job.opts.attempts ?? 1;
      if (job.attemptsMade < attempts) return;
      void options.onFailed(
        { id: job.id ?? '', name: job.name, data: job.data, attempt: job.attemptsMade, updateProgress: async () => undefined },
        error,
      );
    });
    this.workers.push(worker);
  }

  async pending(queue: string): Promise<number> {
    const counts = await this.queue(queue).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    for (const connection of this.workerConnections) connection.disconnect();
    this.connection.disconnect();
  }
}
