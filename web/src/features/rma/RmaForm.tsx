import { InboxOutlined } from '@ant-design/icons';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { createRmaBody } from '@portal/contracts/rma/rma.schemas';
import { Button, Card, Form, Input, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCommand } from '../../app/command';
import { IMAGE_MESSAGES, imageProblem } from '../../app/upload';
import ScanInput from '../../app/widgets/ScanInput';
import { REASON_OPTIONS } from './rma-choices';
import { resolveOneRmaScan } from './rma-scan';

/** The spec's messages (doc 2 §5 "Direct RMA form"). */
export const RMA_FORM_MESSAGES = { imei: IMAGE_MESSAGES.imei, reason: 'Please enter reason' } as const;

interface RmaFormValues {
  device_image?: UploadFile[];
  imei?: string;
  reason?: number;
  notes?: string;
}

/** The server's own IMEI rule (contracts' createRmaBody: digits, 15 or an ICCID's 19 or 20), in its words. */
export function imeiProblem(imei: string | undefined): string | undefined {
  const checked = createRmaBody.safeParse({ imei: imei ?? '', reason: String(REASON_OPTIONS[0]!.value) });
  return checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === 'imei')?.message;
}

export interface RmaFormProps {
  title: string;
  /** POST manager/create_rma or agent/create_rma (multipart). */
  command: ApiRoute;
  /** The lists a new RMA shows on. */
  reload: readonly ApiRoute[];
  /** Where the form goes once sent (Create RMA: the Approved RMA Request list, doc 2 §2). */
  after: string;
  /**
   * The devices the user may open an RMA for (the same user's Initiate RMA list): a scanned IMEI
   * among them fills the IMEI (issue 27). No scan box without it.
   */
  candidates?: ApiRoute;
}

/**
 * The RMA form with a photo (manager createrma and agent agent-rmareport, doc 2 §2, §5): one image
 * (images only, at most 50,000,000 bytes, dropped or chosen), the IMEI (digits, 'Please enter
 * valid IMEI'), the reason ('Please enter reason', sent as the reason's id) and an optional
 * comment. Submit appears once a file is chosen; the form goes as multipart `device_image`,
 * `imei`, `reason`, `notes`. The server's message follows in a popup, then the screen `after`.
 * Scanning (issue 27, with `candidates`): a scanned IMEI the user may open an RMA for fills the
 * IMEI, which stays the answer with its rule; another is refused in words; taking the scan off the
 * list empties the IMEI it filled.
 */
export default function RmaForm({ title, command: api, reload, after, candidates }: RmaFormProps) {
  const [form] = Form.useForm<RmaFormValues>();
  const navigate = useNavigate();
  const command = useCommand<FormData>(api, reload);
  const files = Form.useWatch('device_image', form);
  const scannedImei = useRef<string | undefined>(undefined);

  const takeScans = (imeis: string[]) => {
    const before = scannedImei.current;
    const latest = imeis.at(-1);
    scannedImei.current = latest;
    if (latest === before) return;
    if (latest !== undefined) {
      form.setFieldValue('imei', latest);
      form.validateFields(['imei']).catch(() => undefined);
    } else if (form.getFieldValue('imei') === before) {
      form.setFieldValue('imei', undefined);
    }
  };

  const send = (values: RmaFormValues) => {
    const file = values.device_image?.[0]?.originFileObj;
    if (!file || !values.imei || values.reason === undefined) return;
    const body = new FormData();
    body.append('device_image', file, file.name);
    body.append('imei', values.imei.trim());
    body.append('reason', String(values.reason));
    const notes = values.notes?.trim();
    if (notes) body.append('notes', notes);
    command.mutate(body, { onSuccess: () => navigate(after) });
  };

  return (
    <Card style={{ maxWidth: 560 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Form<RmaFormValues> form={form} name="rma-form" layout="vertical" onFinish={send}>
        <Form.Item
          name="device_image"
          label="Image"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            { required: true, type: 'array', min: 1, message: IMAGE_MESSAGES.required },
            {
              validator: async (_rule, chosen: UploadFile[] | undefined) => {
                const file = chosen?.[0];
                const problem = file && imageProblem({ type: file.type, size: file.size, name: file.name });
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Upload.Dragger accept="image/*" maxCount={1} listType="picture" beforeUpload={() => false}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag an image of the device here</p>
            <p className="ant-upload-hint">One image, at most 50,000,000 bytes</p>
          </Upload.Dragger>
        </Form.Item>
        {candidates && (
          <ScanInput
            label="Scan the IMEI"
            placeholder="Scan or type an IMEI, then Enter: it fills the IMEI below"
            resolve={(code) => resolveOneRmaScan(candidates, code, scannedImei.current)}
            onChange={takeScans}
          />
        )}
        <Form.Item
          name="imei"
          label="IMEI"
          rules={[
            {
              validator: async (_rule, imei: string | undefined) => {
                const problem = imeiProblem(imei);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input placeholder="IMEI" inputMode="numeric" maxLength={20} />
        </Form.Item>
        <Form.Item name="reason" label="Reason" rules={[{ required: true, message: RMA_FORM_MESSAGES.reason }]}>
          <Select placeholder="Reason" options={REASON_OPTIONS} />
        </Form.Item>
        <Form.Item name="notes" label="Comment">
          <Input.TextArea placeholder="Comment" maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        {/* Doc 2 §2: Submit appears only after a file is chosen. */}
        {files && files.length > 0 && (
          <Button type="primary" htmlType="submit" loading={command.isPending}>
            Submit
          </Button>
        )}
      </Form>
    </Card>
  );
}
