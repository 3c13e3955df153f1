import type { AnswerCartonsBody } from '@portal/contracts/inventory/inventory.schemas';
import type { JobCartonRow, ReceiveJobRow } from '@portal/contracts/inventory/inventory.views';
import { useQuery } from '@tanstack/react-query';
import ActionButton from '../../app/widgets/ActionButton';
import { Drawer, Form, Input, Modal, Popover, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { type Key, useRef, useState } from 'react';
import { call, queryKey, route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import { type ListAnswer, rowsOf } from './api/lists';
import { shownDeviceType } from '../../app/format';
import ImeiLink from '../../app/widgets/ImeiLink';
import PrintLabelsButton from '../../app/widgets/PrintLabelsButton';
import ScanInput, { type ScanResolution } from '../../app/widgets/ScanInput';
import { useInertMeasureRows } from '../../app/report/inert-measure-rows';

const jobs = route('GET', '/api/v1/manager/managerjob_v2');
const jobCartons = route('POST', '/api/v1/manager/managerdevicelist');
const answerCartons = route('POST', '/api/v1/manager/manager_accept_selected_cartons');

/**
 * The decline reason's rule text. Doc 1 §5 reports the old screen's rule text as 'Please select
 * delivery method' — a copy-paste slip there (nothing to select, no delivery method): under a
 * reason box it only confuses. We say what the field asks, as the placeholder and the server do.
 */
export const DECLINE_REASON_REQUIRED = 'Please provide a reason';

type AnswerRequest = Pick<AnswerCartonsBody, 'job_id' | 'status' | 'decline_reason'> & { carton_numbers: string[] };

/** What the Cartons List says of a scanned code that is not a carton waiting here (issue 27, docs/SCANNING.md). */
export const RECEIVE_SCAN_MESSAGES = {
  carton: (code: string) => `Carton ${code} is not waiting to be received here`,
  answered: (code: string, status: string) => `Carton ${code} is not waiting to be received here: it is ${status}`,
  imei: (code: string) => `IMEI ${code} is not in a carton waiting to be received here`,
} as const;

/** A scan on the Cartons List: a carton of the job still waiting (status 0), or the carton holding a scanned IMEI. */
export function resolveReceiveScan(cartons: readonly JobCartonRow[], code: string): ScanResolution {
  const carton = cartons.find((one) => one.carton_number === code);
  if (carton) return carton.status === 0 ? { imeis: carton.imei } : { refused: RECEIVE_SCAN_MESSAGES.answered(code, carton.status_text) };
  const holder = cartons.find((one) => one.imei.includes(code));
  if (holder) return holder.status === 0 ? { imeis: [code] } : { refused: RECEIVE_SCAN_MESSAGES.answered(holder.carton_number, holder.status_text) };
  return { refused: /^\d+$/.test(code) ? RECEIVE_SCAN_MESSAGES.imei(code) : RECEIVE_SCAN_MESSAGES.carton(code) };
}

const STATUS_COLOUR: Record<JobCartonRow['status'], string> = { 0: 'orange', 1: 'green', 2: 'red' };

function ImeiPopover({ carton }: { carton: JobCartonRow }) {
  return (
    <Popover
      trigger="click"
      title={`IMEIs of ${carton.carton_number}`}
      content={
        <ol style={{ maxHeight: 300, overflow: 'auto', minWidth: 200, margin: 0, paddingInlineStart: 24 }}>
          {carton.imei.map((imei) => (
            <li key={imei}>
              <ImeiLink imei={imei} />
            </li>
          ))}
        </ol>
      }
    >
      <Typography.Link>View IMEI</Typography.Link>
    </Popover>
  );
}

const columns: ColumnsType<JobCartonRow> = [
  { title: 'Carton Number', dataIndex: 'carton_number', key: 'carton_number' },
  { title: 'Device Type', dataIndex: 'device_type', key: 'device_type', render: shownDeviceType },
  { title: 'IMEI Count', dataIndex: 'imei_count', key: 'imei_count' },
  { title: 'Status', key: 'status', render: (_value, carton) => <Tag color={STATUS_COLOUR[carton.status]}>{carton.status_text}</Tag> },
  { title: 'Decline Reason', dataIndex: 'decline_reason', key: 'decline_reason', render: (reason: string | null) => reason ?? '—' },
  { title: 'IMEIs', key: 'imeis', render: (_value, carton) => <ImeiPopover carton={carton} /> },
];

/**
 * The Cartons List drawer of a receive job (doc 1 §2.5, §4): select-all and a checkbox per carton
 * still waiting (status 0), the IMEI count, a View IMEI popover, and Accept (status 1) and Decline
 * (status 2, with a reason asked in a confirmation). After either the job list and this list reload.
 * Print labels (issue 27): of the selected cartons, or of every carton of the job when none is.
 */
export default function CartonsListDrawer({ job, onClose }: { job: ReceiveJobRow; onClose: () => void }) {
  const body = { job_id: job.id };
  const cartons = useQuery({
    queryKey: [...queryKey(jobCartons), body],
    queryFn: async () => rowsOf(await call<ListAnswer<JobCartonRow>>(jobCartons, { body })),
  });
  const [selected, setSelected] = useState<Key[]>([]);
  const [declining, setDeclining] = useState(false);
  const [reasonForm] = Form.useForm<{ decline_reason: string }>();
  const command = useCommand<AnswerRequest>(answerCartons, [jobs, jobCartons]);
  const cartonNumbers = selected.map(String);
  const everyCarton = (cartons.data ?? []).map((carton) => carton.carton_number);
  // The scan input (issue 27): a scanned carton, or a scanned IMEI's carton, ticks its row; taking the scan off unticks it.
  const [scanKey, setScanKey] = useState(0);
  const tableHolder = useRef<HTMLDivElement>(null);
  useInertMeasureRows(tableHolder);
  const scannedBefore = useRef<string[]>([]);
  const cartonsOf = (imeis: readonly string[]) => (cartons.data ?? []).filter((carton) => carton.imei.some((imei) => imeis.includes(imei))).map((carton) => carton.carton_number);
  const scanned = (now: string[]) => {
    const gone = cartonsOf(scannedBefore.current.filter((imei) => !now.includes(imei)));
    const ticked = cartonsOf(now);
    scannedBefore.current = now;
    setSelected((current) => [...new Set([...current.map(String).filter((carton) => !gone.includes(carton) || ticked.includes(carton)), ...ticked])]);
  };

  const answered = () => {
    setSelected([]);
    setScanKey((key) => key + 1);
    setDeclining(false);
    reasonForm.resetFields();
  };
  const accept = () => command.mutate({ job_id: job.id, carton_numbers: cartonNumbers, status: 1 }, { onSuccess: answered });
  const decline = ({ decline_reason }: { decline_reason: string }) => command.mutate({ job_id: job.id, carton_numbers: cartonNumbers, status: 2, decline_reason: decline_reason.trim() }, { onSuccess: answered });

  return (
    <Drawer
      open
      title="Cartons List"
      size={820}
      onClose={onClose}
      footer={
        <Space>
          <ActionButton type="primary" blockedBecause={selected.length === 0 && 'Select the cartons to accept.'} loading={command.isPending && !declining} onClick={accept}>
            Accept
          </ActionButton>
          <ActionButton danger blockedBecause={selected.length === 0 && 'Select the cartons to decline.'} onClick={() => setDeclining(true)}>
            Decline
          </ActionButton>
          <PrintLabelsButton kind="carton" items={selected.length > 0 ? cartonNumbers : everyCarton} emptyReason="The job's cartons are not listed yet.">
            {selected.length > 0 ? 'Print labels' : 'Print all labels'}
          </PrintLabelsButton>
          <Typography.Text type="secondary">{selected.length > 0 ? `${selected.length} carton(s) selected` : 'Select the cartons to accept or decline'}</Typography.Text>
        </Space>
      }
    >
      <Typography.Paragraph>
        Job {job.inventory_request_order_id ?? job.id} · {job.office_name} ({job.office_number}) · {job.total_carton_count} cartons, {job.total_device_count} devices
      </Typography.Paragraph>
      {cartons.isError && <Typography.Text type="danger">{cartons.error.message}</Typography.Text>}
      <ScanInput key={scanKey} label="Scan cartons" resolve={async (code) => resolveReceiveScan(cartons.data ?? (await cartons.refetch()).data ?? [], code)} onChange={scanned} />
      <div ref={tableHolder}>
        <Table<JobCartonRow>
          rowKey="carton_number"
          size="small"
          columns={columns}
          dataSource={cartons.data ? [...cartons.data] : []}
          loading={cartons.isFetching}
          pagination={false}
          scroll={{ y: 520 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (carton) => ({ disabled: carton.status !== 0 }) }}
        />
      </div>
      <Modal
        open={declining}
        title="Decline the selected cartons?"
        okText="Decline"
        okButtonProps={{ danger: true }}
        confirmLoading={command.isPending}
        onOk={() => reasonForm.submit()}
        onCancel={() => setDeclining(false)}
        forceRender
      >
        <Form form={reasonForm} layout="vertical" onFinish={decline}>
          <Form.Item name="decline_reason" label="Reason" rules={[{ required: true, whitespace: true, message: DECLINE_REASON_REQUIRED }]}>
            <Input.TextArea rows={4} placeholder="Please provide a reason" maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
