import { EXPORT_LINK_TTL_MS, checkExportSignature, exportSignature, signedDownloadPath } from './export-signing';

describe('export download signatures', () => {
  const secret = new Uint8Array(Buffer.from('a-test-signing-key-of-some-length-0123456789'));
  const other = new Uint8Array(Buffer.from('another-signing-key-of-some-length-987654321'));
  const now = Date.UTC(2026, 0, 15, 12);
  const expires = Math.floor(now / 1000) + 60;

  it('accepts its own signature until the expiry', () => {
    const signature = exportSignature(secret, 'e1', 'u1', expires);
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(checkExportSignature(secret, 'e1', 'u1', expires, signature, now)).toBe('valid');
    expect(checkExportSignature(secret, 'e1', 'u1', expires, signature, expires * 1000)).toBe('expired');
  });

  it('refuses a signature for another export, user, expiry or key, and any tampering', () => {
    const signature = exportSignature(secret, 'e1', 'u1', expires);
    expect(checkExportSignature(secret, 'e2', 'u1', expires, signature, now)).toBe('invalid');
    expect(checkExportSignature(secret, 'e1', 'u2', expires, signature, now)).toBe('invalid');
    expect(checkExportSignature(secret, 'e1', 'u1', expires + 3600, signature, now)).toBe('invalid');
    expect(checkExportSignature(other, 'e1', 'u1', expires, signature, now)).toBe('invalid');
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(checkExportSignature(secret, 'e1', 'u1', expires, tampered, now)).toBe('invalid');
    expect(checkExportSignature(secret, 'e1', 'u1', expires, '', now)).toBe('invalid');
  });

  it('calls a forged signature invalid even when its expiry has passed', () => {
    expect(checkExportSignature(secret, 'e1', 'u1', 1, 'x'.repeat(43), now)).toBe('invalid');
  });

  it('signs a download path valid for 24 hours by default', () => {
    const before = Date.now();
    const url = new URL(signedDownloadPath(secret, 'e1', 'u1'), 'http://portal.test');
    expect(url.pathname).toBe('/api/v1/exports/e1/download');
    const signedExpiry = Number(url.searchParams.get('expires'));
    expect(signedExpiry * 1000).toBeGreaterThanOrEqual(before + EXPORT_LINK_TTL_MS - 1000);
    expect(signedExpiry * 1000).toBeLessThanOrEqual(Date.now() + EXPORT_LINK_TTL_MS);
    expect(checkExportSignature(secret, 'e1', 'u1', signedExpiry, url.searchParams.get('signature')!)).toBe('valid');
  });
});
