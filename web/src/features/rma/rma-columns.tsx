import type { RmaDeviceSort } from '@portal/contracts/rma/rma.schemas';
import type { RmaCandidateRow, RmaDeviceRow } from '@portal/contracts/rma/rma.views';
import { Button, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { officeLabel, shownDate } from '../../app/format';

/** The columns of the RMA lists (doc 2 §2), each defined once and picked by the screens. */

const dash = (value: string | null | undefined) => value || '—';

/** A column the server sorts: its key is sent as `sort_by` (contracts' RMA_DEVICE_SORTS), by ReportPage. */
const sortedBy = (key: RmaDeviceSort) => ({ key, sorter: true });

/** One line of a cell under its first: Reason 2, a comment. */
const secondLine = (label: string, value: string | null) =>
  value ? (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      {label}: {value}
    </Typography.Text>
  ) : null;

type DeviceColumn = ColumnType<RmaDeviceRow>;

/** The columns of an RMA device list (Pending and Approved RMA Request, Approve RMA, the agent's RMA Status). */
export const rmaDeviceColumns = {
  imei: { title: 'IMEI', dataIndex: 'imei', ...sortedBy('imei') },
  office: { title: 'Office', dataIndex: 'office_name', ...sortedBy('office_name'), render: (_name: string | null, row) => officeLabel(row) },
  officeNumber: { title: 'Office Number', dataIndex: 'office_number', key: 'office_number', render: dash },
  agent: { title: 'Agent Name', dataIndex: 'agent_name', ...sortedBy('agent_name'), render: dash },
  manager: { title: 'Manager Name', dataIndex: 'manager_name', ...sortedBy('manager_name'), render: dash },
  status: { title: 'Status', dataIndex: 'status_text', ...sortedBy('status') },
  /** Reason 1, with Reason 2 and the comment under it (Pending and Approved RMA Request's one Reason column). */
  reason: {
    title: 'Reason',
    dataIndex: 'reason_text',
    key: 'reason_text',
    render: (reason: string, row) => (
      <>
        {reason}
        {secondLine('Reason 2', row.reason_two_text)}
        {secondLine('Comment', row.notes)}
      </>
    ),
  },
  reasonOne: { title: 'Reason 1', dataIndex: 'reason_text', key: 'reason_text' },
  reasonTwo: { title: 'Reason 2', dataIndex: 'reason_two_text', key: 'reason_two_text', render: dash },
  /** The comment sent with the RMA. */
  comment: { title: 'Comment', dataIndex: 'notes', key: 'notes', render: dash },
  /** The comment sent with the RMA, and under it the manager's comment on approving or rejecting it. */
  comments: {
    title: 'Comments',
    dataIndex: 'notes',
    key: 'notes',
    render: (notes: string | null, row) =>
      notes || row.comments ? (
        <>
          {notes}
          {secondLine('Manager', row.comments)}
        </>
      ) : (
        '—'
      ),
  },
  date: { title: 'Date', dataIndex: 'created_date', ...sortedBy('created_at'), render: (at: string) => shownDate(at) },
  createdDate: { title: 'Created Date', dataIndex: 'created_date', ...sortedBy('created_at'), render: (at: string) => shownDate(at) },
} satisfies Record<string, DeviceColumn>;

/**
 * The Image column: "View Image" when the RMA device has a photo, "Add Image" when it came without
 * one; both open the image viewer (which shows the photo, or "no photo yet", and sends a new one).
 */
export const imageColumn = (onOpen: (row: RmaDeviceRow) => void): DeviceColumn => ({
  title: 'Image',
  dataIndex: 'device_image_url',
  key: 'device_image_url',
  render: (url: string | null, row) => {
    const label = url ? 'View Image' : 'Add Image';
    return (
      <Button type="link" size="small" style={{ padding: 0 }} aria-label={`${label} of IMEI ${row.imei}`} onClick={() => onOpen(row)}>
        {label}
      </Button>
    );
  },
});

/** The columns of Initiate RMA (manager and agent; doc 2 §2): IMEI, Office, Age (Days), status, Carton Number. */
export const rmaCandidateColumns: ColumnType<RmaCandidateRow>[] = [
  { title: 'IMEI', dataIndex: 'imei', key: 'imei' },
  { title: 'Office', dataIndex: 'office_name', key: 'office_name', render: (_name: string, row) => officeLabel(row) },
  { title: 'Age (Days)', dataIndex: 'device_age', key: 'device_age', render: (age: number | null) => age ?? '—' },
  { title: 'Status', dataIndex: 'status_name', key: 'status_name' },
  { title: 'Carton Number', dataIndex: 'carton_number', key: 'carton_number', render: dash },
];
