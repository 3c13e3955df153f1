import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { type CreateInventoryOrderBody, createInventoryOrderBody } from '@portal/contracts/orders/orders.schemas';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import { officeLabel } from '../../app/format';
import { notice } from '../../app/notice';
import TypeaheadSelect, { type TypeaheadOption } from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { type OrderFormValues, RequestedQuantityFields, ShippingFields } from './order-fields';
import { DELIVERY_METHOD_OPTIONS, PHONES_AND_TABLETS_STATE } from './orders-choices';

const offices = route('GET', '/api/v1/reference/offices');
const { shape } = createInventoryOrderBody;

/** An office of `reference/offices`, with its state's code (`short_code`, e.g. 'CA'). */
type OfficeWithState = OfficeOption;
interface OfficeChoice extends TypeaheadOption {
  readonly short_code: string | null;
}
const officeChoice = (office: OfficeWithState): OfficeChoice => ({ value: office.id, label: officeLabel(office), short_code: office.short_code ?? null });
const isOfficeChoice = (option: TypeaheadOption | undefined): option is OfficeChoice => option !== undefined && 'short_code' in option;

export interface RequestOrderDrawerProps {
  /** POST manager/create_inventory_request_order. */
  command: ApiRoute;
  /** The lists a new order changes. */
  reload: readonly ApiRoute[];
  onClose: () => void;
  onRequested: () => void;
}

/**
 * Request Order (Order Devices, doc 2 §2, §5; payload docs/ORDERS.md): the office (type-ahead),
 * the delivery method, where it goes, and how many. Phones and Tablets appear only for an office
 * in CA; SIMs always; at least one not zero. Each field is checked by contracts'
 * createInventoryOrderBody in the spec's words, then the whole body; the server's message follows.
 */
export default function RequestOrderDrawer({ command: api, reload, onClose, onRequested }: RequestOrderDrawerProps) {
  const [form] = Form.useForm<OrderFormValues>();
  const command = useCommand<CreateInventoryOrderBody>(api, reload);
  const [officeState, setOfficeState] = useState<string | null>(null);
  const phonesAndTablets = officeState === PHONES_AND_TABLETS_STATE;

  // The Form.Item keeps office_id; this follows the chosen office's state.
  const chooseOffice = (value: string | undefined, option?: TypeaheadOption) => {
    const state = value && isOfficeChoice(option) ? option.short_code : null;
    setOfficeState(state);
    // Another office outside CA takes no phones or tablets: what was typed for them is dropped.
    if (state !== PHONES_AND_TABLETS_STATE) form.setFieldsValue({ devices_requested: undefined, tablets_requested: undefined });
  };

  const submit = (values: OrderFormValues) => {
    const asked = phonesAndTablets ? values : { ...values, devices_requested: undefined, tablets_requested: undefined };
    const checked = createInventoryOrderBody.safeParse(asked);
    if (!checked.success) {
      notice.failure(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    command.mutate(checked.data, { onSuccess: onRequested });
  };

  return (
    <CommandDrawer title="Request Order" submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<OrderFormValues> form={form} name="order-request" layout="vertical" onFinish={submit}>
        <Form.Item name="office_id" label="Office" required rules={[checkedBy(shape.office_id)]}>
          <TypeaheadSelect<OfficeWithState> route={offices} toOption={officeChoice} placeholder="Select office" style={{ width: '100%' }} onChange={chooseOffice} />
        </Form.Item>
        <Form.Item name="method_of_delivery" label="Delivery Method" required rules={[checkedBy(shape.method_of_delivery)]}>
          <Select placeholder="Delivery method" options={DELIVERY_METHOD_OPTIONS} />
        </Form.Item>
        <ShippingFields shape={shape} />
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {phonesAndTablets ? 'Phones, tablets and SIMs: at least one.' : 'Phones and tablets are ordered only for an office in CA; SIMs for any office.'}
        </Typography.Text>
        <RequestedQuantityFields shape={shape} phonesAndTablets={phonesAndTablets} />
      </Form>
    </CommandDrawer>
  );
}
