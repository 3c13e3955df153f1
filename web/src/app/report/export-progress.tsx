import { Button, Progress, notification } from 'antd';
import { call, route } from '../api-client';
import { notice } from '../notice';

interface ExportProgress {
  status: 'queued' | 'running' | 'done' | 'failed';
  rows_written: number;
  rows_total: number | null;
  url?: string;
  error?: string;
}

const POLL_MS = 1000;
const GIVE_UP_AFTER_MS = 30 * 60_000;

/**
 * A long export: a notification with a progress bar (rows written of the total) until the file is
 * ready, then a Download button (a browser opens a new tab only on a click), or 'Oops' with the error.
 */
export async function followExport(exportId: string, pollMs = POLL_MS): Promise<ExportProgress | null> {
  const key = `export-${exportId}`;
  const started = Date.now();
  const show = (progress: ExportProgress) => {
    const percent = progress.rows_total ? Math.floor((100 * progress.rows_written) / progress.rows_total) : 0;
    notification.open({
      key,
      message: 'Preparing your report',
      description: (
        <div data-testid="export-progress">
          <Progress percent={percent} size="small" status="active" />
          {progress.rows_written.toLocaleString()} of {progress.rows_total?.toLocaleString() ?? '…'} rows
        </div>
      ),
      duration: 0,
    });
  };
  for (;;) {
    const progress = await call<ExportProgress>(route('GET', '/api/v1/exports/:id'), { params: { id: exportId } }).catch(() => null);
    if (!progress) {
      notification.destroy(key);
      return null;
    }
    if (progress.status === 'done' && progress.url) {
      notification.open({
        key,
        message: 'Your report is ready',
        description: (
          <Button type="primary" href={progress.url} target="_blank" rel="noopener" onClick={() => notification.destroy(key)}>
            Download
          </Button>
        ),
        duration: 0,
      });
      return progress;
    }
    if (progress.status === 'failed') {
      notification.destroy(key);
      notice.failure(progress.error ?? 'The report could not be prepared.');
      return progress;
    }
    show(progress);
    if (Date.now() - started > GIVE_UP_AFTER_MS) return progress;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
