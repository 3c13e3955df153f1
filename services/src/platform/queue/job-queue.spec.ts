import { testRedisPrefix, testRedisUrl } from '../testing/test-database';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { Job, JobQueue } from './job-queue';

const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each([
  ['BullMQ on Redis', () => new BullMqJobQueue(testRedisUrl(), testRedisPrefix())],
  ['in-process', () => new InProcessJobQueue()],
] as const)('job queue: %s', (_name, open) => {
  let queue: JobQueue;
  beforeEach(() => {
    queue = open();
  });
  afterEach(async () => {
    await queue.close();
  });

  it('runs a job with its data and reports progress', async () => {
    const seen: unknown[] = [];
    const progress: unknown[] = [];
    queue.process<{ rows: number }>(
      'exports',
      async (job) => {
        await job.updateProgress({ written: 1, total: job.data.rows });
        seen.push(job.data);
      },
      { onProgress: (_job, value) => progress.push(value) },
    );
    await queue.add('exports', 'csv', { rows: 10 });
    await until(() => seen.length === 1 && progress.length === 1);
    expect(seen).toEqual([{ rows: 10 }]);
    expect(progress).toEqual([{ written: 1, total: 10 }]);
    await until(async () => (await queue.pending('exports')) === 0);
  });

  it('retries a failing job with backoff, then succeeds', async () => {
    const attempts: number[] = [];
    const times: number[] = [];
    queue.process('mail', async (job) => {
      attempts.push(job.attempt);
      times.push(Date.now());
      if (job.attempt < 3) throw new Error('SMTP unavailable');
    });
    await queue.add('mail', 'send', {}, { attempts: 3, backoffMs: 100 });
    await until(() => attempts.length === 3);
    expect(attempts).toEqual([1, 2, 3]);
    // Exponential: ~100 ms, then ~200 ms.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(90);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(180);
  });

  it('reports a job that failed every try, once', async () => {
    const failed: { job: Job<unknown>; error: Error }[] = [];
    queue.process('webhooks', async () => {
      throw new Error('endpoint answered 500');
    }, { onFailed: (job, error) => void failed.push({ job, error }) });
    await queue.add('webhooks', 'deliver', { id: 7 }, { attempts: 2, backoffMs: 20 });
    await until(() => failed.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error.message).toBe('endpoint answered 500');
    expect(failed[0]!.job.data).toEqual({ id: 7 });
  });

  it('adds a job once per job id', async () => {
    let runs = 0;
    await queue.add('exports', 'csv', {}, { jobId: 'export-42' });
    await queue.add('exports', 'csv', {}, { jobId: 'export-42' });
    queue.process('exports', async () => {
      runs++;
    });
    await until(async () => runs >= 1 && (await queue.pending('exports')) === 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(1);
  });
});
