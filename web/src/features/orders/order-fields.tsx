import { ORDER_MAX_QUANTITY, atLeastOneMessage, type createInventoryOrderBody } from '@portal/contracts/orders/orders.schemas';
import type { InventoryOrderRow } from '@portal/contracts/orders/orders.views';
import { Col, Form, type FormRule, Input, InputNumber, Row } from 'antd';
import { checkedBy } from '../../app/schema-rule';
import CityStateZipFields from '../../app/widgets/CityStateZipFields';

/** The form fields the three order drawers share (doc 2 §3 "Inventory order", §5 "Order request"), each checked by the contracts schema's field. */

const SHIPPING_FIELDS = ['ship_to_name', 'company_name', 'address', 'address2', 'address3', 'city', 'state', 'zip', 'contact_phone_number', 'email'] as const;
type ShippingField = (typeof SHIPPING_FIELDS)[number];
/** The shipping fields' schemas: the same in createInventoryOrderBody, answerInventoryOrderBody and resubmitInventoryOrderBody. */
export type ShippingShape = Pick<typeof createInventoryOrderBody.shape, ShippingField>;

/** A form's values before its schema reads them (text, numbers, blanks). */
export type OrderFormValues = Record<string, string | number | null | undefined>;

/** An order's shipping as its drawer opens with it (approve/reject, resubmit: prefilled from the row). */
export function shippingOf(order: InventoryOrderRow): OrderFormValues {
  return Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, order[field] ?? undefined]));
}

/** Where the order goes and who takes it: ship-to name, company, three address lines, city, state, ZIP, contact number, e-mail. */
export function ShippingFields({ shape }: { shape: ShippingShape }) {
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="ship_to_name" label="Ship To Name" required rules={[checkedBy(shape.ship_to_name)]}>
            <Input placeholder="Ship to name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="company_name" label="Company" rules={[checkedBy(shape.company_name)]}>
            <Input placeholder="Company (optional)" maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="address" label="Address" required rules={[checkedBy(shape.address)]}>
        <Input placeholder="Street address" maxLength={200} />
      </Form.Item>
      <Form.Item name="address2" label="Address 2" rules={[checkedBy(shape.address2)]}>
        <Input placeholder="Address 2 (optional)" maxLength={200} />
      </Form.Item>
      <Form.Item name="address3" label="Address 3" rules={[checkedBy(shape.address3)]}>
        <Input placeholder="Address 3 (optional)" maxLength={200} />
      </Form.Item>
      <CityStateZipFields shape={shape} />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="contact_phone_number" label="Contact Number" required rules={[checkedBy(shape.contact_phone_number)]}>
            <Input placeholder="10-digit number" inputMode="tel" maxLength={14} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label="Email" required rules={[checkedBy(shape.email)]}>
            <Input placeholder="Email" inputMode="email" maxLength={254} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

const REQUESTED = ['devices_requested', 'tablets_requested', 'sims_requested'] as const;
type RequestedField = (typeof REQUESTED)[number];
type RequestedShape = Pick<typeof createInventoryOrderBody.shape, RequestedField>;

/** The quantities asked for: phones and tablets only for an office in CA (doc 2 §5), SIMs always. */
export function requestedOf(order: InventoryOrderRow, phonesAndTablets: boolean): OrderFormValues {
  return phonesAndTablets
    ? { devices_requested: order.devices_requested, tablets_requested: order.tablets_requested, sims_requested: order.sims_requested }
    : { sims_requested: order.sims_requested };
}

/**
 * At least one of the shown quantities is not zero, said before sending in the decider's words
 * (contracts' atLeastOneMessage): the spec's sentence where phones and tablets are offered, "at
 * least one SIM" where SIMs are all the office may order.
 */
const atLeastOne =
  (phonesAndTablets: boolean): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const shown: readonly RequestedField[] = phonesAndTablets ? REQUESTED : ['sims_requested'];
      const total = shown.reduce((sum, field) => sum + (Number(getFieldValue(field)) || 0), 0);
      if (total <= 0) throw new Error(atLeastOneMessage(phonesAndTablets));
    },
  });

const quantityInput = (label: string) => <InputNumber placeholder={label} min={0} max={ORDER_MAX_QUANTITY} precision={0} style={{ width: '100%' }} />;

/** Phones, Tablets (only when `phonesAndTablets`: the office is in CA) and SIMs requested, whole numbers from 0. */
export function RequestedQuantityFields({ shape, phonesAndTablets }: { shape: RequestedShape; phonesAndTablets: boolean }) {
  return (
    <Row gutter={12}>
      {phonesAndTablets && (
        <>
          <Col span={8}>
            <Form.Item name="devices_requested" label="Phones" rules={[checkedBy(shape.devices_requested)]}>
              {quantityInput('Phones')}
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="tablets_requested" label="Tablets" rules={[checkedBy(shape.tablets_requested)]}>
              {quantityInput('Tablets')}
            </Form.Item>
          </Col>
        </>
      )}
      <Col span={8}>
        <Form.Item
          name="sims_requested"
          label="SIMs"
          dependencies={phonesAndTablets ? ['devices_requested', 'tablets_requested'] : []}
          rules={[checkedBy(shape.sims_requested), atLeastOne(phonesAndTablets)]}
        >
          {quantityInput('SIMs')}
        </Form.Item>
      </Col>
    </Row>
  );
}
