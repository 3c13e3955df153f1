import { COMPLIANCE_PAGE_SIZE } from '@portal/contracts/documents/documents.schemas';
import type { PublishedDocumentRow } from '@portal/contracts/documents/documents.views';
import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { can } from '../../app/access';
import ReportPage, { type PagedAnswer } from '../../app/report/ReportPage';
import { useSession } from '../../app/session-context';
import { complianceRoutes } from './compliance-api';
import { shownDateTime } from '../../app/format';
import PublishDocumentDrawer from './PublishDocumentDrawer';
import VerifyDocumentCard from './VerifyDocumentCard';

/** Text that wraps within `maxWidth`: the seven columns fit a 1366 px laptop beside the sidebar, the last one whole. */
const wrapped = (maxWidth: number) => (text: string | null) => <div style={{ minWidth: 72, maxWidth, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{text}</div>;

/**
 * Publish Documents (ours: the spec shows no publishing screen; the super role and retailer
 * managers): the compliance documents they published — Name, Audience, how many of it signed,
 * Retailer (the super role's, or when any row names one), Published By, Created At and the PDF —
 * with Publish Document, and a card to verify a signed file.
 */
export default function PublishDocumentsPage() {
  const { user } = useSession();
  const [publishing, setPublishing] = useState(false);
  const [rowsNameRetailers, setRowsNameRetailers] = useState(false);
  const showsRetailer = can.seeRetailers(user?.role_id ?? []) || rowsNameRetailers;

  const columns: ColumnsType<PublishedDocumentRow> = [
    { title: 'Name', dataIndex: 'document_name', key: 'document_name', render: wrapped(200) },
    { title: 'Audience', dataIndex: 'audience_text', key: 'audience_text', render: wrapped(200) },
    { title: 'Signed', key: 'signed', render: (_value, row) => `${row.signed} of ${row.audience_size}` },
    ...(showsRetailer ? [{ title: 'Retailer', dataIndex: 'retailer_name', key: 'retailer_name', render: (name: string | null) => wrapped(140)(name ?? 'All retailers') }] : []),
    { title: 'Published By', dataIndex: 'published_by_name', key: 'published_by_name', render: wrapped(140) },
    // The date over the time (it wraps at the space between them): a column's width saved.
    { title: 'Created At', dataIndex: 'created_at', key: 'created_at', render: (at: string) => wrapped(90)(shownDateTime(at)) },
    {
      title: 'Document',
      key: 'document_url',
      render: (_value, row) => (
        <a href={row.document_url} target="_blank" rel="noopener noreferrer" aria-label={`View ${row.document_name}`}>
          View
        </a>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ReportPage<PublishedDocumentRow>
        title="Publish Documents"
        list={complianceRoutes.published}
        answerKey="items"
        rowKey="id"
        columns={columns}
        identifyingColumn="document_name"
        pageSize={COMPLIANCE_PAGE_SIZE}
        refreshable
        onAnswer={(answer: PagedAnswer<PublishedDocumentRow>) => setRowsNameRetailers(answer.items.data.some((row) => row.retailer_name !== null))}
        actions={
          <Button type="primary" onClick={() => setPublishing(true)}>
            Publish Document
          </Button>
        }
      />
      <VerifyDocumentCard />
      {publishing && <PublishDocumentDrawer onClose={() => setPublishing(false)} />}
    </Flex>
  );
}
