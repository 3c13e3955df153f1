import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfLoadFailure, openPdf } from './pdf-document';

afterEach(() => vi.unstubAllGlobals());

/** A fetch answering `status` with this body text. */
function answering(status: number, text: string) {
  const fetchMock = vi.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) as unknown }) as Response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const URL_OF_DOCUMENT = '/api/v1/documents/files/original/as-1?expires=1&signature=s';

describe('openPdf', () => {
  it('fetches the signed link as it is, with no bearer token', async () => {
    const fetchMock = answering(410, '{"error":"Gone","message":"This link has expired"}');
    await expect(openPdf(URL_OF_DOCUMENT)).rejects.toEqual(new PdfLoadFailure('This link has expired'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(URL_OF_DOCUMENT);
    expect(init.headers).toEqual({ accept: 'application/pdf' });
  });

  it('says an expired link is expired when the server gives no message, and a failed call that the server did not answer', async () => {
    answering(403, 'not json');
    await expect(openPdf(URL_OF_DOCUMENT)).rejects.toThrow('The link to this document has expired. Close the viewer and open the document again.');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(openPdf(URL_OF_DOCUMENT)).rejects.toThrow('The document could not be loaded: the server did not answer.');
  });
});
