import { Typography } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** The cue's words: one sentence wherever a table runs past its room (pages and drawers alike). */
export const SIDE_SCROLL_CUE = 'More columns to the right: scroll the table sideways →';

/**
 * Whether the table inside `holder` is wider than its room (more columns sideways), followed as
 * the window, the rows and the columns change.
 */
function useWiderThanRoom(holder: RefObject<HTMLDivElement | null>, deps: readonly unknown[]): boolean {
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const measure = () => {
      const content = holder.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      setWider(content ? content.scrollWidth > content.clientWidth + 1 : false);
    };
    measure();
    window.addEventListener('resize', measure);
    // A drawer or card that settles its width after the rows came (an opening drawer) is measured again then.
    const observer = typeof ResizeObserver === 'undefined' || !holder.current ? undefined : new ResizeObserver(measure);
    if (observer && holder.current) observer.observe(holder.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
    // Measured again whenever what the table shows changes.
  }, deps);
  return wider;
}

/**
 * The "scroll sideways" cue of a table wider than its room: put `holder` on the element around the
 * table and `cue` just above it. The one cue of every list page (ReportPage) and drawer table.
 */
export function useSideScrollCue(deps: readonly unknown[]): { holder: RefObject<HTMLDivElement | null>; cue: ReactNode } {
  const holder = useRef<HTMLDivElement>(null);
  const wider = useWiderThanRoom(holder, deps);
  const cue = wider ? (
    <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'right', fontSize: 12, marginBottom: 4 }} data-testid="side-scroll-cue">
      {SIDE_SCROLL_CUE}
    </Typography.Text>
  ) : null;
  return { holder, cue };
}
