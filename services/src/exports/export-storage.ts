import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config } from '../platform/config/config';

/**
 * Where finished export files live. A file is written complete to a local temporary path first
 * and only then stored under its final name, so nothing half-written is ever served.
 */
export interface ExportStorage {
  readonly kind: 'local' | 's3';
  /** A fresh local path to write a file in the making (unique per export attempt and process). */
  temporaryFile(uniqueName: string): Promise<string>;
  /** Moves a complete local file into the storage under `name`. */
  store(localFile: string, name: string): Promise<void>;
  /** The stored file's bytes; undefined when it is gone. */
  open(name: string): Promise<Readable | undefined>;
  remove(name: string): Promise<void>;
  /**
   * Removes files in the making that nobody has written to for `idleMs`: those of a worker that
   * died mid-export (its job was finished by another worker, under another temporary name).
   * Answers how many it removed.
   */
  removeAbandoned(idleMs: number, now?: number): Promise<number>;
}

/** Removes the files of `directory` whose name `isTemporary` and that were last written before `now - idleMs`. */
async function removeIdleFiles(directory: string, isTemporary: (name: string) => boolean, idleMs: number, now: number): Promise<number> {
  const names = await fs.readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter(isTemporary)) {
    const file = path.join(directory, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || now - stat.mtimeMs < idleMs) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** DATA_DIR/exports (the default). */
export class LocalExportStorage implements ExportStorage {
  readonly kind = 'local';
  constructor(readonly directory: string) {}

  async temporaryFile(uniqueName: string): Promise<string> {
    // Beside the final files, so that storing is one atomic rename.
    await fs.mkdir(this.directory, { recursive: true });
    return path.join(this.directory, `.${uniqueName}.tmp`);
  }

  async store(localFile: string, name: string): Promise<void> {
    await fs.rename(localFile, path.join(this.directory, path.basename(name)));
  }

  async open(name: string): Promise<Readable | undefined> {
    const file = path.join(this.directory, path.basename(name));
    try {
      await fs.access(file);
    } catch {
      return undefined;
    }
    return createReadStream(file);
  }

  async remove(name: string): Promise<void> {
    await fs.rm(path.join(this.directory, path.basename(name)), { force: true });
  }

  removeAbandoned(idleMs: number, now = Date.now()): Promise<number> {
    return removeIdleFiles(this.directory, (name) => name.startsWith('.') && name.endsWith('.tmp'), idleMs, now);
  }
}

/**
 * An S3-compatible bucket (EXPORT_S3_BUCKET); downloads still go through our signed link, which
 * streams the object. The AWS SDK is loaded on first use: a process without a bucket never pays for it.
 */
export class S3ExportStorage implements ExportStorage {
  readonly kind = 's3';
  private client?: Promise<S3Client>;

  constructor(
    private readonly clientConfig: S3ClientConfig,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  private s3(): Promise<S3Client> {
    this.client ??= import('@aws-sdk/client-s3').then(({ S3Client }) => new S3Client(this.clientConfig));
    return this.client;
  }

  async temporaryFile(uniqueName: string): Promise<string> {
    return path.join(os.tmpdir(), `portal-export-${uniqueName}.tmp`);
  }

  private key(name: string): string {
    return `${this.prefix}${path.basename(name)}`;
  }

  async store(localFile: string, name: string): Promise<void> {
    // Multipart for large files; the object appears only when the upload completes.
    const { Upload } = await import('@aws-sdk/lib-storage');
    await new Upload({ client: await this.s3(), params: { Bucket: this.bucket, Key: this.key(name), Body: createReadStream(localFile) } }).done();
    await fs.rm(localFile, { force: true });
  }

  async open(name: string): Promise<Readable | undefined> {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    try {
      const object = await (await this.s3()).send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return object.Body instanceof Readable ? object.Body : undefined;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }

  removeAbandoned(idleMs: number, now = Date.now()): Promise<number> {
    return removeIdleFiles(os.tmpdir(), (name) => name.startsWith('portal-export-') && name.endsWith('.tmp'), idleMs, now);
  }
}

export const exportsDirectory = (dataDirectory: string) => path.join(dataDirectory, 'exports');

/** Local storage unless an S3 bucket is configured. */
export function createExportStorage(config: Pick<Config, 'dataDirectory' | 'EXPORT_S3_BUCKET' | 'EXPORT_S3_ENDPOINT' | 'EXPORT_S3_REGION' | 'EXPORT_S3_PREFIX'>): ExportStorage {
  if (!config.EXPORT_S3_BUCKET) return new LocalExportStorage(exportsDirectory(config.dataDirectory));
  const clientConfig: S3ClientConfig = {
    region: config.EXPORT_S3_REGION,
    ...(config.EXPORT_S3_ENDPOINT && { endpoint: config.EXPORT_S3_ENDPOINT, forcePathStyle: true }),
    // S3-compatible servers do not all speak the SDK's newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  return new S3ExportStorage(clientConfig, config.EXPORT_S3_BUCKET, config.EXPORT_S3_PREFIX);
}
