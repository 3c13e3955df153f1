import fs from 'node:fs/promises';
import type { Response } from 'express';
import { DomainError } from '../commands/command-errors';
import type { UploadStorage } from '../storage/uploads';

/**
 * Answers a stored file through express's `sendFile`, which answers `Range` requests (206 with
 * Content-Range; 416 for a range past the end) and conditional requests, so a <video> element can
 * seek and a browser can resume. `key` is one UploadStorage made (read back from an event, never
 * client text); the storage's root is given to sendFile apart, so its refusal of dot-folders
 * applies below the root only: the default data folder `.data` is one. A file that is gone
 * answers 404 in words before anything is written.
 */
export async function sendStoredFile(response: Response, storage: UploadStorage, key: string, contentType: string, disposition: string, missing: string): Promise<void> {
  const found = await fs.stat(storage.locationOf(key)).catch(() => undefined);
  if (!found?.isFile()) throw new DomainError(missing, 404);
  const { root, relativePath } = storage.fileOf(key);
  await new Promise<void>((resolve, reject) => {
    response.sendFile(relativePath, { root, headers: { 'Content-Type': contentType, 'Content-Disposition': disposition, 'Cache-Control': 'private, max-age=3600' }, acceptRanges: true, lastModified: true, dotfiles: 'deny' }, (error) => {
      // An aborted download (the player seeking elsewhere) is no failure of ours.
      if (error && !response.headersSent) reject(error);
      else resolve();
    });
  });
}
