import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { type SubmitRmaOrderBody, submitRmaOrderBody } from '@portal/contracts/rma/rma-order.schemas';
import type { RmaDeviceRow } from '@portal/contracts/rma/rma.views';
import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { officeLabel } from '../../app/format';
import { notice } from '../../app/notice';
import { useCommand } from '../../app/command';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import CityStateZipFields from '../../app/widgets/CityStateZipFields';
import { checkedBy } from '../../app/schema-rule';

type ShippingField = Exclude<keyof SubmitRmaOrderBody, 'rma_list'>;
type ShippingForm = Partial<Record<ShippingField, string | number | null>>;

const { shape } = submitRmaOrderBody;
const BOX_MEASURES = [
  { name: 'box_length', label: 'Box length (in)' },
  { name: 'box_width', label: 'Box width (in)' },
  { name: 'box_height', label: 'Box height (in)' },
  { name: 'box_weight', label: 'Box weight (lb)' },
] as const satisfies readonly { name: ShippingField; label: string }[];

export interface SubmitRmaDrawerProps {
  /** The approved RMA devices chosen in the table (all of one office: the page checks before opening). */
  devices: readonly RmaDeviceRow[];
  /** POST manager/submit_rma_order. */
  command: ApiRoute;
  /** The lists a new order changes. */
  reload: readonly ApiRoute[];
  onClose: () => void;
  onSubmitted: () => void;
}

/**
 * The shipping drawer of Submit RMA (doc 2 §3 "Shipping submission", §5): address, city, state
 * (US states by short name), ZIP, number of boxes (required, at least 1) and the box's optional
 * measures (at least 1, decimals allowed), each checked by contracts' submitRmaOrderBody in its
 * words. Submit sends them with the chosen devices as `rma_list`; the server's message follows.
 */
export default function SubmitRmaDrawer({ devices, command: api, reload, onClose, onSubmitted }: SubmitRmaDrawerProps) {
  const [form] = Form.useForm<ShippingForm>();
  const command = useCommand<SubmitRmaOrderBody>(api, reload);
  const office = devices[0] ? officeLabel(devices[0]) : '—';

  const submit = (values: ShippingForm) => {
    // The fields' rules passed; the whole body is read by the same schema (trimmed text, numbers, blanks left out).
    const checked = submitRmaOrderBody.safeParse({ ...values, rma_list: devices.map((device) => device.id) });
    if (!checked.success) {
      notice.failure(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    command.mutate(checked.data, { onSuccess: onSubmitted });
  };

  return (
    <CommandDrawer title="Submit RMA" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Typography.Paragraph>
        {devices.length === 1 ? '1 RMA device' : `${devices.length} RMA devices`} of {office}
      </Typography.Paragraph>
      <Form<ShippingForm> form={form} name="rma-shipping" layout="vertical" onFinish={submit}>
        <Form.Item name="address" label="Address" required rules={[checkedBy(shape.address)]}>
          <Input placeholder="Address" maxLength={200} />
        </Form.Item>
        <CityStateZipFields shape={shape} />
        <Form.Item name="no_of_boxes" label="Number of boxes" required rules={[checkedBy(shape.no_of_boxes)]}>
          <InputNumber placeholder="Number of boxes" min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Row gutter={12}>
          {BOX_MEASURES.map((measure) => (
            <Col span={12} key={measure.name}>
              <Form.Item name={measure.name} label={measure.label} rules={[checkedBy(shape[measure.name])]}>
                <InputNumber placeholder={measure.label} min={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </CommandDrawer>
  );
}
