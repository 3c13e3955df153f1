import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { ExportAnswer } from '@portal/contracts/platform/export';
import { type CallOptions, call, failureMessage } from '../api-client';
import { notice } from '../notice';
import { followExport, showReady } from './export-progress';

/**
 * Calls an export route and follows its answer (doc 1 §5): `download` 0 → its message as a
 * success notice, then a progress notification until the file is ready; otherwise the file is
 * ready at once: 'Your file is ready' with the file's name and its link (a tab opened after the
 * call's wait would be a blocked popup). A failure shows the server's text as an error toast (doc 1 §8).
 */
export async function runExport(api: ApiRoute, options: CallOptions = {}): Promise<void> {
  try {
    const answer = await call<ExportAnswer>(api, options);
    if (answer.download === 0) {
      notice.success(answer.message ?? 'Your report is being prepared.');
      if (answer.export_id) void followExport(answer.export_id);
    } else if (answer.url) showReady(`export-${answer.export_id ?? answer.url}`, answer.url, answer.file_name);
  } catch (failure) {
    notice.toastError(failureMessage(failure, 'The export failed.'));
  }
}
