import { type KeyObject, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config';

/**
 * The Ed25519 key audit checkpoints are signed with (docs/AUDIT.md "Signed checkpoints and
 * proofs"): AUDIT_SIGNING_KEY when set (validated by config.ts), otherwise one generated once and
 * kept in DATA_DIR/audit/signing-key.pem (mode 0600). Not in the database on purpose: whoever can
 * rewrite the events there could then re-sign them too.
 */
export interface CheckpointSigningKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The raw 32-byte public key. */
  readonly publicKeyRaw: Buffer;
  readonly keyId: string;
  readonly source: 'environment' | 'file';
}

/** The first 16 hex digits of SHA-256 of the raw 32-byte public key. */
export const keyIdOf = (publicKeyRaw: Uint8Array): string => createHash('sha256').update(publicKeyRaw).digest('hex').slice(0, 16);

export function rawPublicKey(publicKey: KeyObject): Buffer {
  const { x } = publicKey.export({ format: 'jwk' });
  return Buffer.from(x!, 'base64url');
}

/** A raw 32-byte Ed25519 public key as a key object (through a JWK, as scripts/verify-proof.mjs does). */
export function publicKeyFromRaw(raw: Uint8Array): KeyObject {
  if (raw.length !== 32) throw new RangeError(`an Ed25519 public key is 32 bytes, not ${raw.length}`);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });
}

export const signPayload = (key: CheckpointSigningKey, payload: string): string => sign(null, Buffer.from(payload, 'utf8'), key.privateKey).toString('base64');

/** Whether `signature` (base64) is the raw key's Ed25519 signature of `payload`. */
export function signatureHolds(publicKeyRaw: Uint8Array, payload: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(payload, 'utf8'), publicKeyFromRaw(publicKeyRaw), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export const signingKeyFile = (dataDirectory: string) => path.join(dataDirectory, 'audit', 'signing-key.pem');

function keyOf(privateKey: KeyObject, source: CheckpointSigningKey['source']): CheckpointSigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the audit signing key is not an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  const publicKeyRaw = rawPublicKey(publicKey);
  return { privateKey, publicKey, publicKeyRaw, keyId: keyIdOf(publicKeyRaw), source };
}

/**
 * The signing key: the configured one, else the kept file's; `create` makes and keeps one when
 * there is none (several processes starting at once keep one: the file is linked into place, never
 * overwritten). Undefined when there is none and `create` is false.
 */
export async function loadSigningKey(config: Pick<Config, 'AUDIT_SIGNING_KEY' | 'dataDirectory'>, options: { create: boolean }): Promise<CheckpointSigningKey | undefined> {
  if (config.AUDIT_SIGNING_KEY) return keyOf(createPrivateKey({ key: config.AUDIT_SIGNING_KEY, format: 'pem' }), 'environment');
  const file = signingKeyFile(config.dataDirectory);
  const read = async () => keyOf(createPrivateKey({ key: await fs.readFile(file, 'utf8'), format: 'pem' }), 'file');
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`the audit signing key in ${file} cannot be read: ${(error as Error).message}`);
    if (!options.create) return undefined;
  }
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const temporary = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, pem, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    // Another process kept its key first: that one is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  return read();
}
