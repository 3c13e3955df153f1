import fs from 'node:fs/promises';
import path from 'node:path';

/** A quoted-printable mail body decoded as a mail client would (soft line breaks joined, =XX bytes read). */
export const decodeQuotedPrintable = (mail: string): string =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The decoded mail sent to `address` by the service writing to `dataDir`'s outbox, once it is there (mail goes out as a job); '' after ~5 s. */
export async function mailTo(dataDir: string, address: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let tries = 0; ; tries++) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    const mails = (await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')))).map(decodeQuotedPrintable);
    const mail = mails.find((text) => text.includes(`To: ${address}`));
    if (mail || tries > 50) return mail ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every decoded mail sent to `address` so far, oldest first (file names start with the time). */
export async function mailsTo(dataDir: string, address: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort();
  const mails = (await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')))).map(decodeQuotedPrintable);
  return mails.filter((text) => text.includes(`To: ${address}`));
}
