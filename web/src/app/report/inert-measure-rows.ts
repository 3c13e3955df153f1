import { type RefObject, useEffect } from 'react';

/**
 * antd's tables copy each column's title into a hidden, zero-height "measure row" (aria-hidden) to
 * size the columns; its copy of the select-all checkbox stays in the tab order, so Tab lands on an
 * invisible box (axe-core: aria-hidden-focus). Marking the row inert takes it out of the tab order
 * and the accessibility tree. The holder is watched: the row comes and goes with the table's layout.
 */
export function useInertMeasureRows(holder: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = holder.current;
    if (!root) return;
    const mark = () => root.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [holder]);
}
