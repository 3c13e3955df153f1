import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import type { CallOptions } from '../api-client';
import { runExport } from './export';

/**
 * A column renderer for report counts (doc 1 §2.10, §2.13; doc 2 §2 sales summaries): a non-zero
 * count is a link that runs `onClick` (typically a download by count through `runExport`); zero,
 * or no count, is plain text.
 *
 *   { title: 'In Stock', dataIndex: 'instock', key: 'instock', render: drillDown('instock', (row) => runExport(...)) }
 */
export function drillDown<Row>(countField: keyof Row & string, onClick: (row: Row) => void): (value: unknown, row: Row) => ReactNode {
  return function DrillDownCell(_value, row) {
    const count = Number(row[countField] ?? 0) || 0;
    if (count <= 0) return <span>{count}</span>;
    // A real link (href): reached with Tab and followed with Enter, like any other; it never navigates.
    return (
      <Typography.Link
        href="#"
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onClick(row);
        }}
      >
        {count}
      </Typography.Link>
    );
  };
}

/**
 * Where a summary row's counts download their rows: a route whose path names the row's holder
 * (`GET /api/v1/inventory/office/:id/:type`, `GET /api/v1/sales/agent/:id/:period`), the name of
 * its id parameter and the row's id.
 */
export interface CountDownload<Row> {
  readonly route: ApiRoute;
  readonly idParam: string;
  readonly idOf: (row: Row) => string;
}

/**
 * A count column's renderer whose non-zero counts download what they count (doc 1 §2.10; doc 2
 * §2, §7 breakdown downloads): the route of `download` with the row's id and `params` (the
 * count's type, a period's path word), followed as every export answer is (`runExport`).
 */
export function downloadCount<Row>(countField: keyof Row & string, download: CountDownload<Row>, params: Record<string, string>, query?: CallOptions['query']): (value: unknown, row: Row) => ReactNode {
  return drillDown<Row>(countField, (row) => void runExport(download.route, { params: { [download.idParam]: download.idOf(row), ...params }, ...(query && { query }) }));
}
