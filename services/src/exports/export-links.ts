import type { ExportProgress } from '@portal/contracts';
import type { SqlDb } from '@portal/projections';
import { signingSecret } from '../auth/credentials.store';
import type { Config } from '../platform/config/config';
import { formatExportDate } from './export-definition';
import { signedDownloadPath } from './export-signing';
import type { ExportRecord } from './exports.store';

/** The signed download link of a finished export (absolute when PUBLIC_URL is set). */
export async function exportDownloadUrl(db: SqlDb, config: Pick<Config, 'PUBLIC_URL'>, record: Pick<ExportRecord, 'id' | 'user_id'>): Promise<string> {
  const signed = signedDownloadPath(await signingSecret(db), record.id, record.user_id);
  return `${config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}${signed}`;
}

/** The name the file downloads under (offices-MM-DD-YYYY.csv), which the console's notices show too. */
export const exportDownloadName = (record: Pick<ExportRecord, 'name' | 'created_at' | 'format'>): string => `${record.name}-${formatExportDate(record.created_at)}.${record.format}`;

/** An export's progress as its owner sees it (polled or pushed): its file's name, the link once done, the error once failed. */
export async function exportProgressOf(db: SqlDb, config: Pick<Config, 'PUBLIC_URL'>, record: ExportRecord): Promise<ExportProgress> {
  return {
    status: record.status,
    file_name: exportDownloadName(record),
    rows_written: record.rows_written,
    rows_total: record.rows_total,
    ...(record.status === 'done' && { url: await exportDownloadUrl(db, config, record) }),
    ...(record.status === 'failed' && record.error !== null && { error: record.error }),
  };
}
