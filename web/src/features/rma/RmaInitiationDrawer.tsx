import { CloseOutlined } from '@ant-design/icons';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { Button, Card, Form, Input, Modal, Select, Space } from 'antd';
import { useCommand } from '../../app/command';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { REASON_OPTIONS } from './rma-choices';

/** The spec's messages (doc 2 §5). */
export const INITIATION_MESSAGES = {
  imei: 'Please input imei',
  reason: 'Please select reason',
  cancel: 'Are you sure you want to cancel initiating the RMA?',
} as const;

interface EntryForm {
  imei: string;
  reason?: number;
  reason_two?: number;
  notes?: string;
}
interface InitiationForm {
  devices: EntryForm[];
}

/** What Initiate RMA sends (doc 2 §3 "RMA initiation entry", sent as imei_list): all or none. */
export interface InitiationRequest {
  imei_list: { imei: string; reason: number; reason_two: number | null; notes: string | null }[];
}

export interface RmaInitiationDrawerProps {
  /** The IMEIs chosen in the table. */
  imeis: readonly string[];
  /** POST manager/rma_device_request_v2 or agent/rma_device_request. */
  command: ApiRoute;
  /** The lists the command changes. */
  reload: readonly ApiRoute[];
  /** Apply to All (the manager's drawer, shown when more than one IMEI is left). */
  applyToAll?: boolean;
  /** Reset: every chosen IMEI back, reasons and comments cleared (the agent's drawer). */
  reset?: boolean;
  onClose: () => void;
  onInitiated: () => void;
}

/**
 * The Initiate RMA drawer (manager rmainitiaterequest and agent agent-Initiaterma, doc 2 §2, §5):
 * one block per chosen IMEI with Reason 1 (required, 'Please select reason'), Reason 2 and a
 * comment, each block cancellable; IMEIs required ('Please input imei'). Cancel asks 'Are you
 * sure you want to cancel initiating the RMA?' first. Submit sends every IMEI in one request,
 * all or none: a refusal names the IMEI in the server's words, in an 'Oops' popup.
 */
export default function RmaInitiationDrawer({ imeis, command: api, reload, applyToAll = false, reset = false, onClose, onInitiated }: RmaInitiationDrawerProps) {
  const [form] = Form.useForm<InitiationForm>();
  const command = useCommand<InitiationRequest>(api, reload);

  const submit = (values: InitiationForm) =>
    command.mutate(
      {
        imei_list: values.devices.map((entry) => ({ imei: entry.imei.trim(), reason: entry.reason!, reason_two: entry.reason_two ?? null, notes: entry.notes?.trim() || null })),
      },
      { onSuccess: onInitiated },
    );

  const cancel = () => Modal.confirm({ title: INITIATION_MESSAGES.cancel, okText: 'Yes', cancelText: 'No', onOk: onClose });

  /** Apply to All: the first IMEI's Reason 1, Reason 2 and comment, copied to every IMEI. */
  const copyFirstToAll = () => {
    const entries = form.getFieldValue('devices') as EntryForm[];
    const [first] = entries;
    if (!first) return;
    form.setFieldValue(
      'devices',
      entries.map((entry) => ({ ...entry, reason: first.reason, reason_two: first.reason_two, notes: first.notes })),
    );
  };

  return (
    <CommandDrawer
      title="Initiate RMA"
      submitting={command.isPending}
      onCancel={cancel}
      onSubmit={() => form.submit()}
      actions={reset && <Button onClick={() => form.resetFields()}>Reset</Button>}
    >
      <Form<InitiationForm> form={form} name="rma-initiation" layout="vertical" initialValues={{ devices: imeis.map((imei) => ({ imei })) }} onFinish={submit}>
        <Form.List
          name="devices"
          rules={[
            {
              validator: async (_rule, entries: EntryForm[] | undefined) => {
                if (!entries || entries.length === 0) throw new Error(INITIATION_MESSAGES.imei);
              },
            },
          ]}
        >
          {(fields, { remove }, { errors }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {applyToAll && fields.length > 1 && (
                <Button onClick={copyFirstToAll} title="Copy the first IMEI's reasons and comment to every IMEI">
                  Apply to All
                </Button>
              )}
              {fields.map((field) => {
                const imei = String(form.getFieldValue(['devices', field.name, 'imei']) ?? '');
                return (
                  <Card
                    key={field.key}
                    size="small"
                    title={`IMEI ${imei}`}
                    data-testid={`rma-entry-${imei}`}
                    extra={
                      <Button
                        size="small"
                        type="text"
                        icon={<CloseOutlined />}
                        aria-label={`Cancel IMEI ${imei}`}
                        onClick={() => {
                          remove(field.name);
                          // The last IMEI cancelled: 'Please input imei' at once, not only on Submit.
                          if (fields.length === 1) void form.validateFields([['devices']]).catch(() => undefined);
                        }}
                      />
                    }
                  >
                    <Form.Item name={[field.name, 'imei']} label="IMEI" rules={[{ required: true, whitespace: true, message: INITIATION_MESSAGES.imei }]}>
                      <Input readOnly />
                    </Form.Item>
                    <Form.Item name={[field.name, 'reason']} label="Reason 1" rules={[{ required: true, message: INITIATION_MESSAGES.reason }]}>
                      <Select placeholder="Reason 1" options={REASON_OPTIONS} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'reason_two']} label="Reason 2">
                      <Select placeholder="Reason 2" allowClear options={REASON_OPTIONS} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'notes']} label="Comment" style={{ marginBottom: 0 }}>
                      <Input.TextArea placeholder="Comment" maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
                    </Form.Item>
                  </Card>
                );
              })}
              {/* Inside a Form.Item: antd colours a list's errors as form errors only there (alone they were plain black text). */}
              <Form.Item style={{ marginBottom: 0 }}>
                <Form.ErrorList errors={errors} />
              </Form.Item>
            </Space>
          )}
        </Form.List>
      </Form>
    </CommandDrawer>
  );
}
