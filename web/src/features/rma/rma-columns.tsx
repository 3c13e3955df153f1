import type { RMA_ORDER_SORTS } from '@portal/contracts/rma/rma-order.schemas';
import type { RmaDeviceSort } from '@portal/contracts/rma/rma.schemas';
import type { RmaCandidateRow, RmaDeviceRow, RmaDeviceStatusRow, RmaOrderRow } from '@portal/contracts/rma/rma.views';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { officeLabel, shownDate } from '../../app/format';
import ImeiLink from '../../app/widgets/ImeiLink';
import { orderStatusColor } from './rma-choices';

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
  imei: { title: 'IMEI', dataIndex: 'imei', ...sortedBy('imei'), render: (imei: string) => <ImeiLink imei={imei} /> },
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
  officeName: { title: 'Office Name', dataIndex: 'office_name', ...sortedBy('office_name'), render: dash },
  /** The RMA order the device was submitted on (Submit RMA), and that order's status; a dash before. */
  rmaOrder: { title: 'RMA Order', dataIndex: 'rma_prefix', key: 'rma_prefix', render: dash },
  orderStatus: { title: 'Order Status', dataIndex: 'order_status_text', key: 'order_status_text', render: dash },
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
  { title: 'IMEI', dataIndex: 'imei', key: 'imei', render: (imei: string) => <ImeiLink imei={imei} /> },
  { title: 'Office', dataIndex: 'office_name', key: 'office_name', render: (_name: string, row) => officeLabel(row) },
  { title: 'Age (Days)', dataIndex: 'device_age', key: 'device_age', render: (age: number | null) => age ?? '—' },
  { title: 'Status', dataIndex: 'status_name', key: 'status_name' },
  { title: 'Carton Number', dataIndex: 'carton_number', key: 'carton_number', render: dash },
];

/** Submit RMA (doc 2 §2): IMEI, Office, Office Number, Agent, Reason 1, Reason 2, Comment, Date. */
export const submitRmaColumns: DeviceColumn[] = [
  rmaDeviceColumns.imei,
  { ...rmaDeviceColumns.officeName, title: 'Office' },
  rmaDeviceColumns.officeNumber,
  rmaDeviceColumns.agent,
  rmaDeviceColumns.reasonOne,
  rmaDeviceColumns.reasonTwo,
  rmaDeviceColumns.comment,
  rmaDeviceColumns.createdDate,
];

/**
 * The RMA device Status report (doc 2 §2, §3 "RMA device"): the request's fields with the
 * device's own (age, inventory status, carton) and its order.
 */
export const rmaDeviceStatusColumns: ColumnType<RmaDeviceStatusRow>[] = [
  rmaDeviceColumns.imei,
  rmaDeviceColumns.officeName,
  rmaDeviceColumns.officeNumber,
  { title: 'Device Age', dataIndex: 'device_age', key: 'device_age', render: (age: number | null) => age ?? '—' },
  { title: 'Device Status', dataIndex: 'status_name', key: 'status_name' },
  { title: 'Carton', dataIndex: 'carton', key: 'carton', render: dash },
  { ...rmaDeviceColumns.manager, title: 'Manager' },
  { ...rmaDeviceColumns.agent, title: 'Agent' },
  { ...rmaDeviceColumns.status, title: 'RMA Status' },
  rmaDeviceColumns.reasonOne,
  rmaDeviceColumns.reasonTwo,
  { ...rmaDeviceColumns.comment, title: 'Notes' },
  rmaDeviceColumns.rmaOrder,
  rmaDeviceColumns.orderStatus,
  { ...rmaDeviceColumns.createdDate, title: 'Created' },
];

type OrderColumn = ColumnType<RmaOrderRow>;
/** An RMA Status column the server sorts (contracts' RMA_ORDER_SORTS). */
const orderSortedBy = (key: (typeof RMA_ORDER_SORTS)[number]) => ({ key, sorter: true });

/** A PDF behind its signed public link (doc 2 §3): a plain link to a new tab, no bearer token. */
const documentLink = (url: string, label: string, order: RmaOrderRow) => (
  <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`${label} of ${order.rma_prefix}`}>
    {label}
  </a>
);

/** The columns of RMA Status (doc 2 §2 RMA Status, §3 "RMA order", §4 chip colours). */
export const rmaOrderColumns = {
  rmaNumber: { title: 'RMA Number', dataIndex: 'rma_prefix', ...orderSortedBy('rma_prefix') },
  iboMarkets: { title: 'IBO/Markets', dataIndex: 'ibo_market_name', ...orderSortedBy('ibo_market_name'), render: dash },
  office: { title: 'Office', dataIndex: 'office_name', key: 'office_name', render: (_name: string | null, row) => officeLabel(row) },
  submittedBy: { title: 'Submitted By', dataIndex: 'submitted_user_name', key: 'submitted_user_name', render: dash },
  boxes: { title: 'Boxes', dataIndex: 'no_of_boxes', key: 'no_of_boxes' },
  devices: { title: 'Devices', dataIndex: 'rma_device_count', ...orderSortedBy('rma_device_count') },
  /** The status as a chip, and a red "Missing n" chip beside it naming the IMEIs the returns desk did not find. */
  status: {
    title: 'Status',
    dataIndex: 'order_status_text',
    ...orderSortedBy('status'),
    render: (text: string, row) => (
      <Space size={4} wrap>
        <Tag color={orderStatusColor(row.status)}>{text}</Tag>
        {row.missing_imeis.length > 0 && (
          <Tooltip title={`Missing IMEIs: ${row.missing_imeis.join(', ')}`}>
            <Tag color="red" tabIndex={0} aria-label={`Missing IMEIs: ${row.missing_imeis.join(', ')}`}>
              Missing {row.missing_imeis.length}
            </Tag>
          </Tooltip>
        )}
      </Space>
    ),
  },
  created: { title: 'Created', dataIndex: 'created_at', ...orderSortedBy('created_at'), render: (at: string) => shownDate(at) },
  approvedAt: { title: 'Approved At', dataIndex: 'approved_at', key: 'approved_at', render: (at: string | null) => shownDate(at) },
  comments: { title: 'Comments', dataIndex: 'comments', key: 'comments', render: dash },
  /** The RMA form, and the shipping label once the order is approved. */
  documents: {
    title: 'Documents',
    key: 'documents',
    render: (_value: unknown, row) => (
      <Space orientation="vertical" size={0}>
        {documentLink(row.rma_form_url, 'RMA Form', row)}
        {row.rma_shipping_label_url && documentLink(row.rma_shipping_label_url, 'Shipping Label', row)}
      </Space>
    ),
  },
} satisfies Record<string, OrderColumn>;
