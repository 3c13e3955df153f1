import { type RawBuilder, sql } from 'kysely';

/** The spec's page parameters (1-based page, page size). */
export interface Paging {
  readonly page: number;
  readonly results: number;
}

/** `limit … offset …` of one page. */
export const pageWindow = (paging: Paging): RawBuilder<unknown> => sql`limit ${paging.results} offset ${(paging.page - 1) * paging.results}`;
