import { ANNOUNCEMENT_FILE_MAX_BYTES, HELP_MESSAGES, TRAINING_DOCUMENT_MAX_BYTES, TRAINING_VIDEO_MAX_BYTES, type TrainingKind } from '@portal/contracts/help/help.codes';
import type { UploadFile } from 'antd/es/upload/interface';

/** What a help upload may be: the types the server keeps (by MIME type, or by name when the browser gives none), and its size limit. */
export interface FileRule {
  /** The Upload's `accept`. */
  readonly accept: string;
  readonly types: readonly string[];
  readonly extensions: RegExp;
  readonly maxBytes: number;
  /** The server's words for another type. */
  readonly wrongType: string;
}

export const FILE_RULES = {
  document: { accept: '.pdf', types: ['application/pdf'], extensions: /\.pdf$/i, maxBytes: TRAINING_DOCUMENT_MAX_BYTES, wrongType: HELP_MESSAGES.documentFile },
  video: { accept: '.webm,.mp4', types: ['video/webm', 'video/mp4'], extensions: /\.(webm|mp4)$/i, maxBytes: TRAINING_VIDEO_MAX_BYTES, wrongType: HELP_MESSAGES.videoFile },
  announcement: { accept: '.pdf,.png,.jpg,.jpeg', types: ['application/pdf', 'image/png', 'image/jpeg'], extensions: /\.(pdf|png|jpe?g)$/i, maxBytes: ANNOUNCEMENT_FILE_MAX_BYTES, wrongType: HELP_MESSAGES.announcementFile },
} as const satisfies Record<TrainingKind | 'announcement', FileRule>;

/** A size as the console shows it: kB under a megabyte, MB above (decimal, as the limits are written). */
export function shownSize(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  const megabytes = bytes / 1_000_000;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

export const tooLarge = (rule: FileRule) => `The file must be at most ${shownSize(rule.maxBytes)}`;

/** Why a chosen file cannot be sent under this rule; undefined when it can. */
export function fileProblem(file: Pick<UploadFile, 'name' | 'type' | 'size'>, rule: FileRule): string | undefined {
  const typed = file.type ? (rule.types as readonly string[]).includes(file.type) : rule.extensions.test(file.name);
  if (!typed) return rule.wrongType;
  if ((file.size ?? 0) > rule.maxBytes) return tooLarge(rule);
  return undefined;
}

/** The Upload's one file as the form keeps it: the last chosen. */
export const lastFile = (event: { fileList: UploadFile[] }) => event.fileList.slice(-1);
