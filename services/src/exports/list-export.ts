import type { Page } from '@portal/contracts';
import type { Paging, Scope, SqlDb } from '@portal/projections';
import type { ExportDefinition } from './export-definition';

const EXPORT_PAGE = 1000;

/**
 * An export that reads a list through the very query its screen uses, a page at a time: the
 * file has exactly the screen's rows. For lists a person pages through (jobs, transfers, a
 * manager's stock); the large device reports get keyset readers of their own.
 */
export function listExport<Row, Filters extends object>(
  name: string,
  columns: ExportDefinition<Row, Filters>['columns'],
  list: (db: SqlDb, scope: Scope, filters: Filters & Paging) => Promise<Page<Row>>,
): ExportDefinition<Row, Filters> {
  return {
    name,
    columns,
    async *rows(db, scope, filters) {
      for (let page = 1; ; page++) {
        const answer = await list(db, scope, { ...filters, page, results: EXPORT_PAGE });
        if (answer.data.length > 0) yield answer.data;
        if (answer.data.length < EXPORT_PAGE) return;
      }
    },
    count: async (db, scope, filters) => (await list(db, scope, { ...filters, page: 1, results: 1 })).total,
  };
}
