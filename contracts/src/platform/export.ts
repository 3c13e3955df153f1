import { z } from 'zod';
import { text, wholeNumberBetween } from './input';

/** What every `*_export` call answers (doc 1 §7): `download` 0 → show `message`; otherwise open `url`. */
export interface ExportAnswer {
  readonly download: 0 | 1;
  readonly message: string;
  readonly url?: string;
  /** Ours, beyond the spec: the export to poll (GET /api/v1/exports/:id) or to follow live. */
  readonly export_id?: string;
  /** Ours: the name the file downloads under (detailed-sales-report-11-28-2026.csv), for the notice. */
  readonly file_name?: string;
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file format of an export; csv unless asked otherwise. */
export const exportFormatQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format is csv or xlsx' }).default('csv'),
});
export type ExportFormatQuery = z.infer<typeof exportFormatQuery>;

/** The query of a list's `*_export` call: the list's own filters, and the file format. */
export const exportQuery = <Schema extends z.ZodType<Record<string, unknown>>>(list: Schema) => z.intersection(list, exportFormatQuery);

export const EXPORT_PREPARING_MESSAGE = 'Your report is being prepared. You will be notified when it is ready.';
export const EXPORT_READY_MESSAGE = 'Your report is ready.';
/** 503 while the job queue (Redis) is unreachable: nothing was queued, the user tries again later. */
/** What a user reads when an export failed after its retries; the real error is in the server log under the export's id. */
export const exportFailedMessage = (exportId: string) =>
  `This report could not be prepared. Please try again; if it fails again, tell your administrator the reference ${exportId}.`;
export const QUEUE_UNAVAILABLE_MESSAGE = 'Reports and e-mails cannot be prepared right now because the job queue is unreachable. Please try again in a few minutes.';

/** The signed download link's query: the signature is the credential. */
/** The `:id` of the export routes. */
export const exportIdParams = z.object({ id: text('id is required').trim().min(1, 'id is required').max(64, 'No such export.') });

export const exportDownloadQuery = z.object({
  expires: wholeNumberBetween(0, 8_640_000_000_000, 'expires must be a number'),
  signature: text('signature is required').min(1, 'signature is required').max(200),
});
export type ExportDownloadQuery = z.infer<typeof exportDownloadQuery>;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** GET /api/v1/exports/:id, for progress polling. */
export interface ExportProgress {
  readonly status: ExportStatus;
  readonly rows_written: number;
  readonly rows_total: number | null;
  /** The name the file downloads under, for the notice (answers before it was added have none). */
  readonly file_name?: string;
  readonly url?: string;
  readonly error?: string;
}
