import { randomBytes } from 'node:crypto';
import { SessionTokens } from './session-tokens';

describe('session tokens', () => {
  const tokens = new SessionTokens(new Uint8Array(randomBytes(48)));

  it('carries the user and the issue time in milliseconds', async () => {
    const now = Date.now();
    expect(await tokens.verify(await tokens.issue('user-1', now))).toEqual({ userId: 'user-1', issuedAtMs: now });
  });

  it('refuses a token whose lifetime ran out, a tampered one, and one signed with another key', async () => {
    expect(await tokens.verify(await tokens.issue('user-1', Date.now() - 1_000_000_001))).toBeNull();
    const [header, payload, signature] = (await tokens.issue('user-1')).split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'user-2' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    const other = new SessionTokens(new Uint8Array(randomBytes(48)));
    expect(await tokens.verify(await other.issue('user-1'))).toBeNull();
    expect(await tokens.verify('not a token')).toBeNull();
  });
});
