import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { can } from '../../app/access';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import { useSession } from '../../app/session-context';
import { helpRoutes } from './help-queries';
import PublishAnnouncementDrawer from './PublishAnnouncementDrawer';

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

/**
 * Announcements (doc 3 §2, §3): Message, File, Created At, newest first. The publishers (the super
 * role and retailer managers: HELP_PUBLISHER_ROLES) also have Publish Announcement.
 */
export default function AnnouncementsPage() {
  const { user } = useSession();
  const publishes = can.publishHelp(user?.role_id ?? []);
  const [publishing, setPublishing] = useState(false);
  return (
    <>
      <ReportPage<AnnouncementRow>
        title="Announcements"
        list={helpRoutes.announcements}
        rowKey="id"
        columns={columns}
        exportRoute={route('GET', '/api/v1/announcement_export')}
        refreshable
        actions={
          publishes && (
            <Button type="primary" onClick={() => setPublishing(true)}>
              Publish Announcement
            </Button>
          )
        }
      />
      {publishing && <PublishAnnouncementDrawer onClose={() => setPublishing(false)} />}
    </>
  );
}
