import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DomainError } from '../commands/command-errors';
import { UploadStorage } from './uploads';

/** Every file under `directory`, relative to it. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

describe('UploadStorage', () => {
  let dataDirectory: string;
  let storage: UploadStorage;
  const png = { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png', extension: 'png' };

  beforeEach(async () => {
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-uploads-'));
    storage = UploadStorage.underDataDirectory(dataDirectory);
  });
  afterEach(async () => {
    await fs.rm(dataDirectory, { recursive: true, force: true });
  });

  it('writes nothing until a command keeps the upload, then exactly the bytes under a key of its own making', async () => {
    const upload = storage.pending('device-images', png);
    expect(upload.key).toMatch(/^device-images\/[0-9a-f-]{36}\.png$/);
    expect(upload.url).toBe(`/files/${upload.key}`);
    expect(await filesUnder(dataDirectory)).toEqual([]);
    const answer = await upload.keepIfAccepted('accepted', async (accepted) => `${accepted}, appended`);
    expect(answer).toBe('accepted, appended');
    expect(await filesUnder(dataDirectory)).toEqual([path.join('files', ...upload.key.split('/'))]);
    expect(await fs.readFile(storage.locationOf(upload.key))).toEqual(png.bytes);
  });

  it('removes the bytes again when the append fails, and the error goes on', async () => {
    const upload = storage.pending('device-images', png);
    await expect(upload.keepIfAccepted('accepted', async () => Promise.reject(new Error('refused late')))).rejects.toThrow('refused late');
    expect(await filesUnder(dataDirectory)).toEqual([]);
  });

  it('never touches the disk for a refused decision: the refusal is thrown before any write', async () => {
    // A storage whose root cannot be written (a file stands where its folder would be): any write would fail with ENOTDIR, not the refusal.
    const blocked = path.join(dataDirectory, 'blocked');
    await fs.writeFile(blocked, 'not a folder');
    const upload = new UploadStorage(blocked).pending('rma-images', png);
    const refusal = new DomainError('IMEI 356938035643809 was not found.', 404);
    let appended = false;
    await expect(upload.keepIfAccepted(refusal, async () => (appended = true))).rejects.toBe(refusal);
    expect(appended).toBe(false);
    await expect(upload.keepIfAccepted('accepted', async () => (appended = true))).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(appended).toBe(false);
  });

  it('answers locations only for keys it makes: never a path built from client text', () => {
    for (const hostile of ['device-images/../../etc/passwd', '../x', 'device-images/x.png', 'device-images/nodir/x', '/etc/passwd', 'device-images\\..\\x']) {
      expect(() => storage.locationOf(hostile)).toThrow(RangeError);
    }
    expect(() => storage.pending('device-images', { ...png, extension: '../png' })).toThrow(RangeError);
  });
});
