import type { ExportProgress } from '@portal/contracts/platform/export';
import { Button, Progress, Typography, notification } from 'antd';
import { call, route } from '../api-client';
import { liveStore } from '../live/live-store';
import { notice } from '../notice';

/** Without the live socket, progress is polled this often. */
const POLL_MS = 1000;
/** With the socket up, pushes carry the progress; a slow poll only guards against a missed push. */
const SAFETY_POLL_MS = 5000;
const GIVE_UP_AFTER_MS = 30 * 60_000;

/**
 * Where export notices stand: the bottom right corner, so that however many there are they never
 * cover the header (its bell and user menu sit top right, where antd puts notifications).
 */
const EXPORT_NOTICE_PLACEMENT = 'bottomRight';

/** The file a notice is about, by the name it downloads under: several notices at once tell which is which. */
function FileName({ name }: { name: string | undefined }) {
  return name ? (
    <Typography.Text strong style={{ display: 'block', marginBottom: 8, wordBreak: 'break-all' }} data-testid="export-file-name">
      {name}
    </Typography.Text>
  ) : null;
}

function showProgress(key: string, progress: ExportProgress) {
  const percent = progress.rows_total ? Math.floor((100 * progress.rows_written) / progress.rows_total) : 0;
  notification.open({
    key,
    placement: EXPORT_NOTICE_PLACEMENT,
    title: 'Preparing your report',
    description: (
      <div data-testid="export-progress">
        <FileName name={progress.file_name} />
        <Progress percent={percent} size="small" status="active" />
        {progress.rows_total === null ? 'Waiting to start…' : `${progress.rows_written.toLocaleString()} of ${progress.rows_total.toLocaleString()} rows`}
      </div>
    ),
    duration: 0,
  });
}

/** A finished file: 'Your file is ready', its name, and its Download link (a browser opens a tab only on a click, never after a wait). */
export function showReady(key: string, url: string, fileName?: string) {
  notification.open({
    key,
    placement: EXPORT_NOTICE_PLACEMENT,
    title: 'Your file is ready',
    description: (
      <div data-testid="export-ready">
        <FileName name={fileName} />
        <Button type="primary" href={url} target="_blank" rel="noopener" onClick={() => notification.destroy(key)}>
          Download
        </Button>
      </div>
    ),
    duration: 0,
  });
}

/**
 * A long export: a notification with a progress bar (rows written of the total) fed by the live
 * socket's pushes (polling when the socket is down), then a Download button (a browser opens a
 * new tab only on a click), or 'Oops' with the error.
 */
export function followExport(exportId: string, pollMs = POLL_MS): Promise<ExportProgress | null> {
  const key = `export-${exportId}`;
  const started = Date.now();
  return new Promise((resolve) => {
    let finished = false;
    let newest = -1;
    const finish = (result: ExportProgress | null) => {
      if (finished) return;
      finished = true;
      unsubscribe();
      resolve(result);
    };
    const take = (progress: ExportProgress) => {
      if (finished) return;
      if (progress.status === 'done' && progress.url) {
        showReady(key, progress.url, progress.file_name);
        finish(progress);
      } else if (progress.status === 'failed') {
        notification.destroy(key);
        notice.failure(progress.error ?? 'The report could not be prepared.');
        finish(progress);
      } else if (progress.rows_written >= newest) {
        // A slow poll's answer must not move the bar back behind a newer push.
        newest = progress.rows_written;
        showProgress(key, progress);
      }
    };
    const unsubscribe = liveStore.onExport(exportId, take);
    void (async () => {
      while (!finished) {
        const progress = await call<ExportProgress>(route('GET', '/api/v1/exports/:id'), { params: { id: exportId } }).catch(() => null);
        if (finished) return;
        if (!progress) {
          notification.destroy(key);
          return finish(null);
        }
        take(progress);
        if (finished) return;
        if (Date.now() - started > GIVE_UP_AFTER_MS) return finish(progress);
        await new Promise((wake) => setTimeout(wake, liveStore.connected() ? Math.max(pollMs, SAFETY_POLL_MS) : pollMs));
      }
    })();
  });
}
