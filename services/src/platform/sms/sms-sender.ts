import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { JobQueue } from '../queue/job-queue';

export interface SmsMessage {
  /** Ten digits (doc 3 §9), sent as a US number. */
  readonly to: string;
  readonly text: string;
}

export const SMS_QUEUE = 'sms';

/**
 * The SMS port: an HTTP provider when SMS_URL is set (POST JSON { to, text } with
 * `Authorization: Bearer SMS_API_KEY`; a non-2xx answer fails the job, which is retried);
 * otherwise each message is written as a .txt file to the sms-outbox folder, which tests and a
 * first look read (the mail sender's outbox, for texts).
 */
export class SmsSender {
  constructor(
    private readonly url: string | undefined,
    private readonly apiKey: string | undefined,
    private readonly outboxDirectory: string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const to = `+1${message.to}`;
    if (this.url) {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.apiKey && { authorization: `Bearer ${this.apiKey}` }) },
        body: JSON.stringify({ to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the SMS provider answered ${response.status}`);
      return;
    }
    await fs.mkdir(this.outboxDirectory, { recursive: true });
    const file = path.join(this.outboxDirectory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
    await fs.writeFile(file, `To: ${to}\n\n${message.text}\n`);
  }
}

/** Texts go out as jobs, like mail: a slow or failing provider never holds a request, and a failure is retried. */
export function enqueueSms(queue: JobQueue, message: SmsMessage): Promise<string> {
  return queue.add(SMS_QUEUE, 'send', message, { attempts: 5, backoffMs: 2000 });
}

export function processSms(queue: JobQueue, sender: SmsSender): void {
  queue.process<SmsMessage>(SMS_QUEUE, (job) => sender.send(job.data), { concurrency: 2 });
}
