import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';

interface AnnouncementRow {
  id: string;
  message_text: string;
  documents: { name: string; aws_document_url: string }[];
  created_at: string;
}

const columns: ColumnsType<AnnouncementRow> = [
  // A long message wraps in a readable width instead of stretching the table past the screen.
  { title: 'Message', dataIndex: 'message_text', key: 'message_text', render: (text: string) => <div style={{ maxWidth: 560, minWidth: 160, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{text}</div> },
  {
    title: 'File',
    key: 'documents',
    render: (_value, row) =>
      row.documents.length === 0
        ? '—'
        : row.documents.map((document) => (
            <div key={document.aws_document_url}>
              <a href={document.aws_document_url} target="_blank" rel="noreferrer">
                {document.name}
              </a>
            </div>
          )),
  },
  { title: 'Created At', dataIndex: 'created_at', key: 'created_at', render: (at: string) => dayjs(at).format('MM-DD-YYYY') },
];

/** Announcements (doc 3 §2, §3): Message, File, Created At, newest first. */
export default function AnnouncementsPage() {
  return <ReportPage<AnnouncementRow> title="Announcements" list={route('GET', '/api/v1/announcements')} rowKey="id" columns={columns} exportRoute={route('GET', '/api/v1/announcement_export')} />;
}
