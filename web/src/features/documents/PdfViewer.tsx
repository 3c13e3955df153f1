import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Spin, Typography, theme } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type PdfDocument, PdfLoadFailure, openPdf } from './pdf-document';

/** The widest a page is drawn: wider screens centre it (a line of text stays readable). */
const MAX_PAGE_WIDTH = 960;
/** The width drawn before the holder could be measured (no layout yet). */
const UNMEASURED_WIDTH = 800;

/** The holder's inner width, followed as the window or the holder changes (a phone turned). */
function useWidthOf(holder: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [holder]);
  return width;
}

type Loading = { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; pdf: PdfDocument };

/**
 * A PDF behind a signed link, one page at a time on a canvas fitted to the width, with Previous,
 * Next and 'Page X of N' (doc 2 §2 "a full-screen PDF viewer with paging"). A spinner while it
 * loads; a document that cannot be loaded says why, with Try again. `onLastPageShown` is told
 * once the last page has been drawn (the consent waits for it).
 */
export default function PdfViewer({ url, title, onLastPageShown }: { url: string; title: string; onLastPageShown?: () => void }) {
  const { token } = theme.useToken();
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const [page, setPage] = useState(1);
  const [drawing, setDrawing] = useState(false);
  const measured = useWidthOf(holder);
  const width = Math.min(measured || UNMEASURED_WIDTH, MAX_PAGE_WIDTH);
  const lastPageShown = useRef(onLastPageShown);
  lastPageShown.current = onLastPageShown;

  useEffect(() => {
    const aborted = new AbortController();
    let opened: PdfDocument | undefined;
    setLoading({ state: 'loading' });
    setPage(1);
    openPdf(url, aborted.signal).then(
      (pdf) => {
        opened = pdf;
        if (aborted.signal.aborted) pdf.close();
        else setLoading({ state: 'ready', pdf });
      },
      (failure: unknown) => {
        if (aborted.signal.aborted) return;
        setLoading({ state: 'failed', reason: failure instanceof PdfLoadFailure ? failure.message : 'The document could not be loaded.' });
      },
    );
    return () => {
      aborted.abort();
      opened?.close();
    };
  }, [url, attempt]);

  const pdf = loading.state === 'ready' ? loading.pdf : undefined;
  useEffect(() => {
    if (!pdf || !canvas.current) return;
    setDrawing(true);
    const rendering = pdf.renderPage(page, canvas.current, width);
    let current = true;
    rendering.done.then(
      () => {
        if (!current) return;
        setDrawing(false);
        if (page === pdf.pageCount) lastPageShown.current?.();
      },
      () => {
        if (current) setLoading({ state: 'failed', reason: `Page ${page} could not be drawn.` });
      },
    );
    return () => {
      current = false;
      rendering.cancel();
    };
  }, [pdf, page, width]);

  let shown;
  if (loading.state === 'failed') {
    shown = (
      <Result
        status="warning"
        title="The document could not be shown"
        subTitle={loading.reason}
        extra={
          <Button type="primary" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        }
      />
    );
  } else if (!pdf) {
    shown = (
      <Flex vertical align="center" gap={12} style={{ padding: 48 }} role="status">
        <Spin size="large" />
        <Typography.Text type="secondary">Loading the document…</Typography.Text>
      </Flex>
    );
  } else {
    const pageCount = pdf.pageCount;
    shown = (
      <>
        {/* The paging stays in reach while a long page is scrolled (a phone). */}
        <Flex
          align="center"
          justify="center"
          gap={8}
          style={{ position: 'sticky', top: 0, zIndex: 1, padding: '8px 0', background: token.colorBgElevated, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <Button icon={<LeftOutlined />} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Typography.Text aria-live="polite" style={{ minWidth: 96, textAlign: 'center' }}>
            Page {page} of {pageCount}
          </Typography.Text>
          <Button icon={<RightOutlined />} iconPlacement="end" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Flex>
        <Spin spinning={drawing} delay={200}>
          <canvas ref={canvas} role="img" aria-label={`${title}, page ${page} of ${pageCount}`} style={{ display: 'block', margin: '12px auto', maxWidth: '100%', boxShadow: token.boxShadowTertiary, background: '#fff' }} />
        </Spin>
      </>
    );
  }

  return (
    <div ref={holder} style={{ width: '100%' }}>
      {shown}
    </div>
  );
}
