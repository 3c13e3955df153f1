import fs from 'node:fs/promises';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { DomainError } from '../commands/command-errors';

/**
 * The one upload mechanism (DESIGN.md §12): a command decides first; only a command that accepts
 * keeps the bytes, under a key this layer makes from an id it generates — never from a file
 * name, an IMEI or any other client text. If the command's append fails after the bytes were
 * written, they are removed again, so a refused upload leaves nothing behind.
 */

/** The areas of the file storage, one per kind of upload (the first segment of every key). */
export type UploadArea = 'device-images' | 'rma-images' | 'training-documents' | 'training-videos' | 'announcement-files' | 'candidate-images' | 'candidate-documents' | 'compliance-documents' | 'signed-documents' | 'unit-forms';

/** An upload whose type was already decided from its bytes (e.g. imageTypeOf). */
export interface ReceivedFile {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** Our own extension for that type (png, jpg …), never the client's. */
  readonly extension: string;
}

export interface PendingUpload {
  /** `device-images/<uuid>.png`: where the bytes will live once kept. */
  readonly key: string;
  /** The key as the console addresses it: `/files/<key>`. */
  readonly url: string;
  readonly contentType: string;
  readonly size: number;
  /**
   * The one way a command keeps an upload: given its decision, a refusal is thrown before any byte
   * is written; an acceptance writes the bytes, then runs `append`; if `append` fails (a refusal
   * found late, a concurrent change) the bytes are removed before the error goes on.
   */
  keepIfAccepted<Decision, T>(decision: Decision | DomainError, append: (accepted: Decision) => Promise<T>): Promise<T>;
}

const KEY_SHAPE = /^[a-z]+(-[a-z]+)*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;
const EXTENSION_SHAPE = /^[a-z0-9]{1,5}$/;

/** Uploaded files under DATA_DIR/files, one folder per area. */
export class UploadStorage {
  constructor(private readonly root: string) {}

  static underDataDirectory(dataDirectory: string): UploadStorage {
    return new UploadStorage(path.join(dataDirectory, 'files'));
  }

  /** A new upload of `area`, not written yet. */
  pending(area: UploadArea, file: ReceivedFile): PendingUpload {
    if (!EXTENSION_SHAPE.test(file.extension)) throw new RangeError(`not an extension of ours: ${file.extension}`);
    const key = `${area}/${uuidv7()}.${file.extension}`;
    const location = this.locationOf(key);
    return {
      key,
      url: `/files/${key}`,
      contentType: file.contentType,
      size: file.bytes.length,
      keepIfAccepted: async <Decision, T>(decision: Decision | DomainError, append: (accepted: Decision) => Promise<T>): Promise<T> => {
        if (decision instanceof DomainError) throw decision;
        await fs.mkdir(path.dirname(location), { recursive: true });
        await fs.writeFile(location, file.bytes, { flag: 'wx' });
        try {
          return await append(decision);
        } catch (error) {
          await fs.rm(location, { force: true });
          throw error;
        }
      },
    };
  }

  /** The bytes of a key this class made (a key read back from an event), or undefined when they are gone. */
  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.locationOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Where a key's bytes live; only keys of the shape this class makes are answered. */
  locationOf(key: string): string {
    return path.join(this.root, this.pathInside(key));
  }

  /**
   * A key as a path relative to the storage's root, for answers that are given the root apart
   * (express's sendFile with `root`: its own checks then cover only what lies below the root,
   * which may itself sit in a dot-folder such as the default `.data`).
   */
  fileOf(key: string): { readonly root: string; readonly relativePath: string } {
    return { root: path.resolve(this.root), relativePath: this.pathInside(key) };
  }

  private pathInside(key: string): string {
    if (!KEY_SHAPE.test(key)) throw new RangeError(`not a storage key: ${key}`);
    return path.join(...key.split('/'));
  }
}
