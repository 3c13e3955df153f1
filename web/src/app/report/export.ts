import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { type CallOptions, call, failureMessage } from '../api-client';
import { notice } from '../notice';
import { followExport } from './export-progress';

/** The answer of every export and download-by-count call (doc 1 §5, §7): `download`, `message`, `url`. */
export interface ExportAnswer {
  download: number;
  message?: string;
  url?: string;
  /** Ours: the export to follow when it is still being prepared. */
  export_id?: string;
}

/**
 * Calls an export route and follows its answer (doc 1 §5): `download` 0 → its message as a
 * success notice, then a progress notification until the file is ready; otherwise the url opens
 * in a new tab. A failure shows the server's text as an error toast (doc 1 §8).
 */
export async function runExport(api: ApiRoute, options: CallOptions = {}): Promise<void> {
  try {
    const answer = await call<ExportAnswer>(api, options);
    if (answer.download === 0) {
      notice.success(answer.message ?? 'Your report is being prepared.');
      if (answer.export_id) void followExport(answer.export_id);
    } else if (answer.url) window.open(answer.url, '_blank', 'noopener');
  } catch (failure) {
    notice.toastError(failureMessage(failure, 'The export failed.'));
  }
}
