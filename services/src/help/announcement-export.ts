import { type AnnouncementRow, announcementCount, announcementPages } from '@portal/projections';
import { type ExportDefinition, formatExportDate } from '../exports/export-definition';

/** The Announcements table (doc 3 §2) as a file: Message, File (each document's name and link), Created At. */
export const announcementExport: ExportDefinition<AnnouncementRow, Record<string, never>> = {
  name: 'announcements',
  columns: [
    { heading: 'Message', value: (row) => row.message_text },
    { heading: 'File', value: (row) => row.documents.map((document) => `${document.name} (${document.aws_document_url})`).join('; ') },
    { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
  ],
  // Announcements are for every role that has the screen: no scope narrows them.
  rows: (db) => announcementPages(db),
  count: (db) => announcementCount(db),
};

/** Help's exports, for the export registry. */
export const HELP_EXPORTS = [announcementExport] as const;
