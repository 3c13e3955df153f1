import { type AnnouncementReader, type AnnouncementRow, announcementCount, announcementPages } from '@portal/projections';
import { type ExportDefinition, formatExportDate } from '../exports/export-definition';

/** The Announcements table (doc 3 §2) as a file: Message, File (each document's name and link), Created At. */
export const announcementExport: ExportDefinition<AnnouncementRow, { reader: AnnouncementReader }> = {
  name: 'announcements',
  columns: [
    { heading: 'Message', value: (row) => row.message_text },
    // A file of ours (a path on this site: stored, or signed per reader and expiring) is named only; a link elsewhere with its address.
    { heading: 'File', value: (row) => row.documents.map((document) => (document.aws_document_url.startsWith('/') ? document.name : `${document.name} (${document.aws_document_url})`)).join('; ') },
    { heading: 'Created At', value: (row) => formatExportDate(row.created_at) },
  ],
  // Announcements are narrowed by their audience and retailer, not by the org scope: the reader decides.
  rows: (db, _scope, filters) => announcementPages(db, filters.reader),
  count: (db, _scope, filters) => announcementCount(db, filters.reader),
};

/** Help's exports, for the export registry. */
export const HELP_EXPORTS = [announcementExport] as const;
