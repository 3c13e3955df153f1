/**
 * Every row of a list in pages of `pageSize`, keyset by a unique text key (`after` = the last
 * key read; null for the first page), so that an export of any size reads with flat memory and
 * no OFFSET scans. The next page is already being read while the caller handles this one.
 */
export async function* keysetPages<Row>(read: (after: string | null) => Promise<Row[]>, keyOf: (row: Row) => string, pageSize: number): AsyncGenerator<Row[]> {
  // A read-ahead the caller never awaits (it stopped early) must not become an unhandled rejection.
  const ahead = (after: string | null) => {
    const promise = read(after);
    promise.catch(() => undefined);
    return promise;
  };
  let next = ahead(null);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    const more = rows.length === pageSize;
    if (more) next = ahead(keyOf(rows[rows.length - 1]!));
    yield rows;
    if (!more) return;
  }
}
