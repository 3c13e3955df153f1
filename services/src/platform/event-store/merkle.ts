import { createHash } from 'node:crypto';

/**
 * The Merkle tree over stream heads that a signed checkpoint commits to (docs/AUDIT.md "Signed
 * checkpoints and proofs"). RFC 6962 (Certificate Transparency) hashing: a leaf is
 * SHA-256(0x00 ‖ leaf bytes), a node SHA-256(0x01 ‖ left ‖ right), so no leaf can pose as a node.
 * The tree is built bottom-up, pairing neighbours at each level and promoting an odd last node
 * unchanged to the next level; that is exactly RFC 6962's MTH (split at the largest power of two
 * below n), which merkle.spec.ts checks against a literal transcription of the RFC. The root of
 * no leaves is SHA-256 of nothing (RFC 6962 §2.1).
 *
 * An inclusion proof is the list of siblings from the leaf up, each saying on which side it sits,
 * so a verifier needs neither the leaf's index nor the tree's size: a promoted level adds no step.
 */

const LEAF = Buffer.from([0x00]);
const NODE = Buffer.from([0x01]);

const sha256 = (...parts: readonly Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const leafHash = (bytes: Uint8Array): Buffer => sha256(LEAF, bytes);
export const nodeHash = (left: Uint8Array, right: Uint8Array): Buffer => sha256(NODE, left, right);

/**
 * The bytes a stream head contributes as a leaf: utf8(stream id) ‖ "\n" ‖ ascii(stream position)
 * ‖ "\n" ‖ the head's 32 hash bytes.
 */
export function streamHeadLeaf(streamId: string, streamPosition: number, headHash: Uint8Array): Buffer {
  return leafHash(Buffer.concat([Buffer.from(`${streamId}\n${streamPosition}\n`, 'utf8'), headHash]));
}

export interface InclusionStep {
  /** Where the sibling sits: 'left' → parent = node(sibling, current); 'right' → node(current, sibling). */
  readonly side: 'left' | 'right';
  readonly hash: Buffer;
}

/** Hashes between two pauses of the paced tree (~5 ms of work). */
const HASHES_PER_STEP = 2000;

/** The levels, pausing (a yield) after every HASHES_PER_STEP node hashes: the one way the tree is built. */
function* levelsInSteps(leaves: readonly Buffer[]): Generator<void, Buffer[][]> {
  const levels: Buffer[][] = [[...leaves]];
  let hashed = 0;
  for (let level = levels[0]!; level.length > 1; ) {
    const next: Buffer[] = [];
    for (let index = 0; index < level.length; index += 2) {
      next.push(index + 1 < level.length ? nodeHash(level[index]!, level[index + 1]!) : level[index]!);
      if (++hashed % HASHES_PER_STEP === 0) yield;
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** Every level of the tree over `leaves` (already leaf hashes), the leaves first and the root's level last. */
export function merkleLevels(leaves: readonly Buffer[]): Buffer[][] {
  const steps = levelsInSteps(leaves);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * A pause between two steps of background work: what was waiting (requests, above all) goes
 * first, and the process idles three times as long as a step worked (15 ms after ~5 ms), so the
 * work takes a quarter of a core at most — an api process's requests come before a tree nobody
 * is waiting for. Measured at a million devices (keyword report every 100 ms during an api
 * process's start): p50 ~30 ms with a 5 ms pause, ~20 ms with 15 ms, 17 ms once the tree is read.
 */
export const pauseForRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 15));

/**
 * merkleLevels in short steps, each followed by pauseForRequests: at a million streams
 * the tree is ~2 million hashes (~7 s), which in one piece held every request of the process
 * that long (an api process reads the latest checkpoint's tree at start).
 */
export async function merkleLevelsPaced(leaves: readonly Buffer[]): Promise<Buffer[][]> {
  const steps = levelsInSteps(leaves);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await pauseForRequests();
  }
}

export function rootOfLevels(levels: readonly (readonly Buffer[])[]): Buffer {
  return levels.at(-1)![0] ?? sha256();
}

export function merkleRoot(leaves: readonly Buffer[]): Buffer {
  return rootOfLevels(merkleLevels(leaves));
}

/** The siblings from leaf `index` up to the root. */
export function inclusionProof(levels: readonly (readonly Buffer[])[], index: number): InclusionStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= levels[0]!.length) throw new RangeError(`no leaf ${index} in a tree of ${levels[0]!.length}`);
  const steps: InclusionStep[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    if (at % 2 === 1) steps.push({ side: 'left', hash: level[at - 1]! });
    else if (at + 1 < level.length) steps.push({ side: 'right', hash: level[at + 1]! });
    at = Math.floor(at / 2);
  }
  return steps;
}

/** The root the path from `leaf` reaches. */
export function rootFromInclusion(leaf: Uint8Array, steps: readonly InclusionStep[]): Buffer {
  let current: Buffer = Buffer.from(leaf);
  for (const step of steps) current = step.side === 'left' ? nodeHash(step.hash, current) : nodeHash(current, step.hash);
  return current;
}

export function verifyInclusion(leaf: Uint8Array, steps: readonly InclusionStep[], root: Uint8Array): boolean {
  return rootFromInclusion(leaf, steps).equals(root);
}

/** Byte order of the UTF-8 (PostgreSQL's `collate "C"`): how the leaves are sorted, whatever the database's collation. */
export function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
