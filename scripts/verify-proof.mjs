// Checks a device's proof (GET /api/v1/audit/devices/:imei/proof) offline, with Node alone (docs/AUDIT.md
// "Signed checkpoints and proofs"): node scripts/verify-proof.mjs proof.json [expected-key-id]
// Prints OK, or the first thing that does not hold; exit code 0 or 1.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const [file, expectedKeyId] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/verify-proof.mjs proof.json [expected-key-id]');
  process.exit(2);
}
const fail = (why) => {
  console.log(`FAILED: ${why}`);
  process.exit(1);
};
const sha256 = (...parts) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest();
const proof = (() => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`${file} is not a proof: ${error.message}`);
  }
})();
const { checkpoint = {}, events = [], leaf = {}, inclusion = [] } = proof;

// 1. Each event's hash follows from the previous one and its envelope; the last is the stream's head at the checkpoint.
let previous = Buffer.alloc(0);
for (const event of events) {
  const hash = sha256(previous, Buffer.from(event.envelope_base64, 'base64'));
  if (hash.toString('hex') !== event.hash) fail(`event ${event.stream_position} (${event.event_id}, ${event.type}): its hash does not follow from its envelope and the previous hash — the event was changed`);
  previous = hash;
}
if (events.length === 0 || previous.toString('hex') !== leaf.head_hash) fail(`the events do not end at the stream's head hash at the checkpoint (${leaf.head_hash})`);
if (events.at(-1).stream_position !== leaf.stream_position || leaf.stream_id !== proof.stream_id) fail('the leaf is not the last event of this stream');

// 2. The leaf and its inclusion path reach the Merkle root (RFC 6962: leaf 0x00, node 0x01).
let node = sha256(Buffer.from([0]), Buffer.from(`${leaf.stream_id}\n${leaf.stream_position}\n`, 'utf8'), Buffer.from(leaf.head_hash, 'hex'));
for (const step of inclusion) {
  const sibling = Buffer.from(step.hash, 'hex');
  node = step.side === 'left' ? sha256(Buffer.from([1]), sibling, node) : sha256(Buffer.from([1]), node, sibling);
}
if (node.toString('hex') !== checkpoint.merkle_root) fail(`the inclusion path reaches ${node.toString('hex')}, not the checkpoint's Merkle root ${checkpoint.merkle_root}`);

// 3. The signed text says this root and position, and the signature over it holds for the key.
const payload = JSON.parse(checkpoint.payload);
if (payload.kind !== 'portal-audit-checkpoint' || payload.merkle_root !== checkpoint.merkle_root || payload.position !== checkpoint.position) fail('the signed payload does not name this Merkle root and position');
const publicKey = Buffer.from(checkpoint.public_key, 'base64');
const keyId = sha256(publicKey).toString('hex').slice(0, 16);
if (keyId !== checkpoint.key_id) fail(`the key id ${checkpoint.key_id} is not the public key's (${keyId})`);
const signed = (() => {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') }, format: 'jwk' });
    return verify(null, Buffer.from(checkpoint.payload, 'utf8'), key, Buffer.from(checkpoint.signature, 'base64'));
  } catch {
    return false; // not an Ed25519 key, or a signature of the wrong length
  }
})();
if (!signed) fail('the Ed25519 signature does not hold for the payload and the public key');
if (expectedKeyId && expectedKeyId !== keyId) fail(`signed by key ${keyId}, not the expected ${expectedKeyId}`);

console.log(`OK: ${events.length} events of ${leaf.stream_id} up to position ${leaf.stream_position} are in checkpoint ${checkpoint.position} (${checkpoint.streams} streams, ${checkpoint.events} events), signed ${checkpoint.signed_at} by key ${keyId}`);
