import type { RmaDeviceRow } from '@portal/contracts/rma/rma.views';
import { Form, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import ReportPage from '../../app/report/ReportPage';
import ActionButton from '../../app/widgets/ActionButton';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { OFFICE_MIN_CHARS, RMA_ANSWER, type RmaAnswer } from './rma-choices';
import { rmaDeviceColumns } from './rma-columns';
import RmaDeviceFilters from './rma-filters';

const list = route('GET', '/api/v1/manager/get_rma_devices_for_approval');
const answerDevices = route('POST', '/api/v1/manager/approve_reject_rma_devices');
/** Accepted agent requests leave the Approved RMA Request list's pending state once approved. */
const alsoChanged = [route('GET', '/api/v1/manager/get_approved_rma_device_list_v2')];

/** IMEI, Office, Agent Name, Manager Name, Reason 1, Reason 2, Comment, Date; sorted by the server (sort_by, sort). */
const columns: ColumnsType<RmaDeviceRow> = [
  rmaDeviceColumns.imei,
  rmaDeviceColumns.office,
  rmaDeviceColumns.agent,
  rmaDeviceColumns.manager,
  rmaDeviceColumns.reasonOne,
  rmaDeviceColumns.reasonTwo,
  rmaDeviceColumns.comment,
  rmaDeviceColumns.date,
];

interface AnswerForm {
  comments?: Record<string, string | undefined>;
}
interface AnswerRequest {
  status: RmaAnswer;
  rma_devices_list: { rma_device_id: string; comments: string | null }[];
}

/**
 * The Approve / Reject drawer (doc 2 §4, §5): the chosen IMEIs, each with an optional comment;
 * Submit answers them all with status 2 (approve) or 3 (reject), all or none.
 */
function AnswerDrawer({ devices, status, onClose, onAnswered }: { devices: readonly RmaDeviceRow[]; status: RmaAnswer; onClose: () => void; onAnswered: () => void }) {
  const [form] = Form.useForm<AnswerForm>();
  const command = useCommand<AnswerRequest>(answerDevices, [list, ...alsoChanged]);
  const submit = (values: AnswerForm) =>
    command.mutate(
      { status, rma_devices_list: devices.map((device) => ({ rma_device_id: device.id, comments: values.comments?.[device.id]?.trim() || null })) },
      { onSuccess: onAnswered },
    );

  return (
    <CommandDrawer title={status === RMA_ANSWER.accept ? 'Approve RMA' : 'Reject RMA'} submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<AnswerForm> form={form} name="rma-answer" layout="vertical" onFinish={submit}>
        {devices.map((device) => (
          <Form.Item key={device.id} name={['comments', device.id]} label={`IMEI ${device.imei}`} extra={device.reason_text}>
            <Input.TextArea placeholder="Comment (optional)" maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        ))}
      </Form>
    </CommandDrawer>
  );
}

/**
 * Approve RMA (approvedrma, doc 2 §2, §4): initiated RMA devices awaiting approval, with a keyword
 * and an office filter (type-ahead from 4 characters), a table sorted by the server, row
 * selection, and Approve / Reject opening the drawer for the selected devices.
 */
export default function ApproveRmaPage() {
  const [selected, setSelected] = useState<readonly RmaDeviceRow[]>([]);
  const [resetKey, setResetKey] = useState(0);
  const [answering, setAnswering] = useState<RmaAnswer>();
  const blocked = selected.length === 0 && 'Select RMA devices in the table to answer them.';
  const count = selected.length > 0 ? ` (${selected.length})` : '';

  return (
    <>
      <ReportPage<RmaDeviceRow>
        title="Approve RMA"
        list={list}
        rowKey="id"
        columns={columns}
        selection={{ remember: 'across-pages', resetKey, onChange: (_keys, rows) => setSelected(rows) }}
        filters={<RmaDeviceFilters officeMinChars={OFFICE_MIN_CHARS.approve} />}
        actions={
          <Space>
            <ActionButton type="primary" blockedBecause={blocked} onClick={() => setAnswering(RMA_ANSWER.accept)}>
              Approve{count}
            </ActionButton>
            <ActionButton danger blockedBecause={blocked} onClick={() => setAnswering(RMA_ANSWER.decline)}>
              Reject{count}
            </ActionButton>
          </Space>
        }
      />
      {answering !== undefined && (
        <AnswerDrawer
          devices={selected}
          status={answering}
          onClose={() => setAnswering(undefined)}
          onAnswered={() => {
            setAnswering(undefined);
            setResetKey((key) => key + 1);
          }}
        />
      )}
    </>
  );
}
