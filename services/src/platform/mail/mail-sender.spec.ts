import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BullMqJobQueue } from '../queue/bullmq-job-queue';
import { testRedisPrefix, testRedisUrl } from '../testing/test-database';
import { MailSender, enqueueMail, processMail } from './mail-sender';

describe('mail through the job queue', () => {
  it('writes a queued message to the outbox when no SMTP server is configured', async () => {
    const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const queue = new BullMqJobQueue(testRedisUrl(), testRedisPrefix());
    try {
      processMail(queue, new MailSender('Portal <no-reply@portal.test>', undefined, outbox));
      await enqueueMail(queue, { to: 'manager@demo.test', subject: 'Reset your password', text: 'Open /page-reset-password?token=abc' });
      const deadline = Date.now() + 10_000;
      let files: string[] = [];
      while (files.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        files = await fs.readdir(outbox);
      }
      expect(files).toHaveLength(1);
      const message = await fs.readFile(path.join(outbox, files[0]!), 'utf8');
      expect(message).toContain('To: manager@demo.test');
      expect(message).toContain('Subject: Reset your password');
      expect(message).toContain('/page-reset-password?token=abc');
    } finally {
      await queue.close();
      await fs.rm(outbox, { recursive: true, force: true });
    }
  });
});
