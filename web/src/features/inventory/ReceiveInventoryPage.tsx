import type { ReceiveJobRow } from '@portal/contracts/inventory/inventory.views';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureMessage, route } from '../../app/api-client';
import { notice } from '../../app/notice';
import ReportPage from '../../app/report/ReportPage';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { useSession } from '../../app/session-context';
import CartonsListDrawer from './CartonsListDrawer';
import { shownDate } from '../../app/format';
import UploadedDateFilter from './UploadedDateFilter';
import { can } from '../../app/access';
import UploadManifestDrawer from './UploadManifestDrawer';
import PrintLabelsButton from '../../app/widgets/PrintLabelsButton';
import { jobCartonNumbers } from './api/job-cartons';

const jobs = route('GET', '/api/v1/manager/managerjob_v2');

/**
 * The job columns, each as wide as its content (the spec's fixed 1500 px scroll width, doc 1 §2.5,
 * wrapped headers and sources in narrow columns); the table scrolls sideways past the screen's
 * width with Cartons List kept in view. Sortable columns are receiveJobsQuery's sort keys.
 */
function jobColumns(open: (job: ReceiveJobRow) => void): ColumnsType<ReceiveJobRow> {
  return [
    { title: 'Order ID', dataIndex: 'inventory_request_order_id', key: 'inventory_request_order_id', render: (id: string | null) => id ?? '—' },
    { title: 'Order Date', dataIndex: 'order_date', key: 'order_date', sorter: true, render: (at: string | null) => shownDate(at) },
    { title: 'From Office', dataIndex: 'from_office_number', key: 'from_office_number', render: (office: string | null) => office ?? '—' },
    { title: 'Office Number', dataIndex: 'office_number', key: 'office_number', sorter: true },
    { title: 'Office Name', dataIndex: 'office_name', key: 'office_name' },
    { title: 'Cartons', dataIndex: 'total_carton_count', key: 'total_carton_count', sorter: true },
    { title: 'Devices', dataIndex: 'total_device_count', key: 'total_device_count', sorter: true },
    { title: 'Source', dataIndex: 'assign_source_text', key: 'assign_source_text' },
    { title: 'Status', dataIndex: 'status_text', key: 'status_text', render: (status: string) => <Tag color={status === 'Pending' ? 'orange' : 'green'}>{status}</Tag> },
    { title: 'Decline Reason', dataIndex: 'decline_reason', key: 'decline_reason', render: (reason: string | null) => reason ?? '—' },
    { title: 'Uploaded Date', dataIndex: 'assigned_date', key: 'assigned_date', sorter: true, render: (at: string) => shownDate(at) },
    {
      title: 'Cartons List',
      key: 'cartons',
      fixed: 'right',
      render: (_value, job) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(job)} aria-label={`Cartons of job ${job.inventory_request_order_id ?? job.id}`}>
            View Cartons
          </Button>
          {/* Issue 27: a label for every carton of the job. */}
          <PrintLabelsButton kind="carton" type="link" size="small" items={() => jobCartonNumbers(job.id)} aria-label={`Print carton labels, job ${job.inventory_request_order_id ?? job.id}`}>
            Labels
          </PrintLabelsButton>
        </Space>
      ),
    },
  ];
}

/**
 * Receive Inventory (ReceiveInventory, doc 1 §2.5): the receive jobs with keyword, source and
 * uploaded-date filters and Export Report; a job opens its Cartons List drawer. Roles 1 and 12
 * also upload shipment manifests.
 */
export default function ReceiveInventoryPage() {
  const { user } = useSession();
  const client = useQueryClient();
  const [job, setJob] = useState<ReceiveJobRow>();
  const [uploading, setUploading] = useState(false);
  const uploads = can.uploadManifests(user?.role_id ?? []);

  // Doc 1 §8: a failed Receive search shows the server's text in an error toast.
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && event.query.queryKey[1] === jobs.path) notice.toastError(failureMessage(event.action.error));
      }),
    [client],
  );

  return (
    <>
      <ReportPage<ReceiveJobRow>
        title="Receive Inventory"
        list={jobs}
        exportRoute={route('GET', '/api/v1/manager/manager_jobs_export')}
        rowKey="id"
        columns={jobColumns(setJob)}
        filters={
          <>
            <Form.Item name="keyword">
              <Input placeholder="Search" allowClear />
            </Form.Item>
            <Form.Item name="assign_source">
              <TypeaheadSelect aria-label="Source" route={route('GET', '/api/v1/reference/assign_source')} search="client" placeholder="Source" style={{ minWidth: 180 }} />
            </Form.Item>
            <UploadedDateFilter />
          </>
        }
        actions={
          uploads && (
            <Button type="primary" onClick={() => setUploading(true)}>
              Upload Manifest
            </Button>
          )
        }
      />
      {job && <CartonsListDrawer job={job} onClose={() => setJob(undefined)} />}
      {uploading && <UploadManifestDrawer onClose={() => setUploading(false)} />}
    </>
  );
}
