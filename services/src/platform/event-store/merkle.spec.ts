import { createHash } from 'node:crypto';
import { compareUtf8, inclusionProof, leafHash, merkleLevels, merkleLevelsPaced, merkleRoot, nodeHash, rootFromInclusion, streamHeadLeaf, verifyInclusion } from './merkle';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** RFC 6962 §2.1 MTH, transcribed literally: k is the largest power of two smaller than n. */
function rfc6962Root(data: readonly Buffer[]): Buffer {
  if (data.length === 0) return sha256(Buffer.alloc(0));
  if (data.length === 1) return sha256(Buffer.concat([Buffer.from([0]), data[0]!]));
  let k = 1;
  while (k * 2 < data.length) k *= 2;
  return sha256(Buffer.concat([Buffer.from([1]), rfc6962Root(data.slice(0, k)), rfc6962Root(data.slice(k))]));
}

const dataOf = (n: number) => Array.from({ length: n }, (_, index) => Buffer.from(`device-${index}\n${index + 1}\n`));

describe('the checkpoints\' Merkle tree', () => {
  it('has RFC 6962\'s root for 0 to 17 leaves', () => {
    for (let n = 0; n <= 17; n++) expect({ n, root: merkleRoot(dataOf(n).map(leafHash)).toString('hex') }).toEqual({ n, root: rfc6962Root(dataOf(n)).toString('hex') });
  });

  it('builds the same levels in short steps, letting other work run between them', async () => {
    for (const n of [0, 1, 2, 17, 4001, 9000]) {
      const leaves = dataOf(n).map(leafHash);
      let turns = 0;
      const counting = setInterval(() => turns++, 0);
      try {
        const paced = await merkleLevelsPaced(leaves);
        expect({ n, levels: paced.map((level) => level.map((hash) => hash.toString('hex'))) }).toEqual({ n, levels: merkleLevels(leaves).map((level) => level.map((hash) => hash.toString('hex'))) });
        // n - 1 node hashes in steps of 2,000: other timers ran while the big trees were built.
        if (n > 4000) expect(turns).toBeGreaterThan(0);
      } finally {
        clearInterval(counting);
      }
    }
  });

  it('proves every leaf of trees of 1 to 17 leaves, and a changed leaf, sibling or root fails', () => {
    for (let n = 1; n <= 17; n++) {
      const leaves = dataOf(n).map(leafHash);
      const levels = merkleLevels(leaves);
      const root = merkleRoot(leaves);
      for (let index = 0; index < n; index++) {
        const proof = inclusionProof(levels, index);
        expect({ n, index, valid: verifyInclusion(leaves[index]!, proof, root) }).toEqual({ n, index, valid: true });
        // The path's length is the depth of that leaf: at most ceil(log2 n).
        expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
        const changed = leafHash(Buffer.from(`device-${index}\n${index + 2}\n`));
        expect({ n, index, valid: verifyInclusion(changed, proof, root) }).toEqual({ n, index, valid: false });
        if (proof.length > 0) {
          const forged = proof.map((step, at) => (at === 0 ? { ...step, hash: sha256(step.hash) } : step));
          expect(verifyInclusion(leaves[index]!, forged, root)).toBe(false);
          const swapped = proof.map((step) => ({ ...step, side: step.side === 'left' ? ('right' as const) : ('left' as const) }));
          expect(verifyInclusion(leaves[index]!, swapped, root)).toBe(false);
        }
        // Another leaf's proof does not prove this one.
        if (n > 1) expect(verifyInclusion(leaves[index]!, inclusionProof(levels, (index + 1) % n), root)).toBe(false);
      }
      expect(rootFromInclusion(leaves[0]!, inclusionProof(levels, 0)).equals(rfc6962Root(dataOf(n)))).toBe(true);
    }
  });

  it('refuses a proof for a leaf the tree does not have', () => {
    const levels = merkleLevels(dataOf(3).map(leafHash));
    expect(() => inclusionProof(levels, 3)).toThrow(RangeError);
    expect(() => inclusionProof(levels, -1)).toThrow(RangeError);
  });

  it('hashes a stream head as 0x00 ‖ stream id ‖ LF ‖ position ‖ LF ‖ head hash, and a node as 0x01 ‖ left ‖ right', () => {
    const head = sha256(Buffer.from('an envelope'));
    expect(streamHeadLeaf('device-356938035643809', 7, head).equals(sha256(Buffer.concat([Buffer.from([0]), Buffer.from('device-356938035643809\n7\n'), head])))).toBe(true);
    const [a, b] = [sha256(Buffer.from('a')), sha256(Buffer.from('b'))];
    expect(nodeHash(a, b).equals(sha256(Buffer.concat([Buffer.from([1]), a, b])))).toBe(true);
  });

  it('orders stream ids by their UTF-8 bytes, as collate "C" does', () => {
    const ids = ['device-2', 'device_1', 'Device-3', 'devicé', 'device-10', 'device-\u{1F600}', 'device-\uFF21'];
    const sorted = [...ids].sort(compareUtf8);
    expect(sorted).toEqual(['Device-3', 'device-10', 'device-2', 'device-\uFF21', 'device-\u{1F600}', 'device_1', 'devicé']);
  });
});
