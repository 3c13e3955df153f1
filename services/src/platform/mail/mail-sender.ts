import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { JobQueue } from '../queue/job-queue';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Where a reply goes when it is not the sender (a support request: the person who asked). */
  readonly replyTo?: string;
}

export const MAIL_QUEUE = 'mail';

/**
 * Sends e-mail through SMTP when MAIL_URL is set (mailpit in docker-compose); otherwise
 * writes each message as an .eml file to the outbox folder, which tests and a first look read.
 */
export class MailSender {
  private readonly transport: Transporter;

  constructor(
    private readonly from: string,
    mailUrl: string | undefined,
    private readonly outboxDirectory: string,
  ) {
    this.transport = mailUrl ? nodemailer.createTransport(mailUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.smtp = mailUrl !== undefined;
  }

  private readonly smtp: boolean;

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    if (this.smtp) return;
    await fs.mkdir(this.outboxDirectory, { recursive: true });
    const file = path.join(this.outboxDirectory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
  }
}

/** Mail goes out as a job, so a slow or failing mail server never holds a request and is retried. */
export function enqueueMail(queue: JobQueue, message: MailMessage): Promise<string> {
  return queue.add(MAIL_QUEUE, 'send', message, { attempts: 5, backoffMs: 2000 });
}

export function processMail(queue: JobQueue, sender: MailSender): void {
  queue.process<MailMessage>(MAIL_QUEUE, (job) => sender.send(job.data), { concurrency: 2 });
}
