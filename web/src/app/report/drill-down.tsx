import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A column renderer for report counts (doc 1 §2.10, §2.13): a non-zero count is a link that runs
 * `onClick` (typically a download by count through `runExport`); zero, or no count, is plain text.
 *
 *   { title: 'In Stock', dataIndex: 'instock', key: 'instock', render: drillDown('instock', (row) => runExport(...)) }
 */
export function drillDown<Row>(countField: keyof Row & string, onClick: (row: Row) => void): (value: unknown, row: Row) => ReactNode {
  return function DrillDownCell(_value, row) {
    const count = Number(row[countField] ?? 0) || 0;
    if (count <= 0) return <span>{count}</span>;
    return (
      <Typography.Link
        onClick={(event) => {
          event.stopPropagation();
          onClick(row);
        }}
      >
        {count}
      </Typography.Link>
    );
  };
}
