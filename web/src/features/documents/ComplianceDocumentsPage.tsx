import { COMPLIANCE_STATUS, complianceStatusName } from '@portal/contracts/documents/documents.codes';
import { COMPLIANCE_PAGE_SIZE } from '@portal/contracts/documents/documents.schemas';
import type { ComplianceDocumentRow } from '@portal/contracts/documents/documents.views';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import ReportPage from '../../app/report/ReportPage';
import { complianceRoutes } from './compliance-api';
import { shownDateTime } from '../../app/format';
import SignDocumentModal from './SignDocumentModal';

/**
 * Compliance Documents (doc 2 §2; /compliancedocument for managers, /agent-compliancedocument for
 * agents): the caller's documents, a page of 10 — Name, Status (Pending orange, Completed green),
 * Date and Time (when signed once signed, else when published), and View Document, which opens the full-screen viewer: to read and sign a pending
 * one, to read the signed copy of a completed one.
 */
export default function ComplianceDocumentsPage() {
  const [viewing, setViewing] = useState<ComplianceDocumentRow>();

  const columns: ColumnsType<ComplianceDocumentRow> = [
    { title: 'Name', dataIndex: 'document_name', key: 'document_name', render: (name: string) => <div style={{ minWidth: 140, maxWidth: 420, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{name}</div> },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: number) => <Tag color={status === COMPLIANCE_STATUS.COMPLETED ? 'green' : 'orange'}>{complianceStatusName(status)}</Tag>,
    },
    {
      title: 'Date and Time',
      dataIndex: 'created_date',
      key: 'created_date',
      // A signed row's time is when it was signed (what the signer did), a pending one's when it was published; the caption says which.
      render: (published: string, row) => (
        <Flex vertical>
          <span>{shownDateTime(row.signed_at ?? published)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.signed_at ? 'Signed' : 'Published'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      render: (_value, row) => (
        <Button size="small" aria-label={`View Document ${row.document_name}`} onClick={() => setViewing(row)}>
          View Document
        </Button>
      ),
    },
  ];

  return (
    <>
      <ReportPage<ComplianceDocumentRow>
        title="Compliance Documents"
        list={complianceRoutes.list}
        answerKey="items"
        rowKey="id"
        columns={columns}
        identifyingColumn="document_name"
        pageSize={COMPLIANCE_PAGE_SIZE}
      />
      {viewing && <SignDocumentModal document={viewing} onClose={() => setViewing(undefined)} />}
    </>
  );
}
