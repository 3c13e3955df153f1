import { Col, Form, Input, Row, Select } from 'antd';
import { US_STATE_OPTIONS } from '../format';
import { type FieldSchema, checkedBy } from '../schema-rule';

/**
 * City, State (US states by short name) and ZIP, each checked by its contracts field schema in
 * the spec's words ('Please input City', 'Please input State', 'Please input ZIP'): the shipping
 * forms of Submit RMA and Order Devices.
 */
export default function CityStateZipFields({ shape, spans = [10, 7, 7] }: { shape: { city: FieldSchema; state: FieldSchema; zip: FieldSchema }; spans?: readonly [number, number, number] }) {
  return (
    <Row gutter={12}>
      <Col span={spans[0]}>
        <Form.Item name="city" label="City" required rules={[checkedBy(shape.city)]}>
          <Input placeholder="City" maxLength={100} />
        </Form.Item>
      </Col>
      <Col span={spans[1]}>
        <Form.Item name="state" label="State" required rules={[checkedBy(shape.state)]}>
          <Select placeholder="State" options={US_STATE_OPTIONS} showSearch={{ optionFilterProp: ['value', 'name'] }} />
        </Form.Item>
      </Col>
      <Col span={spans[2]}>
        <Form.Item name="zip" label="ZIP" required rules={[checkedBy(shape.zip)]}>
          <Input placeholder="ZIP" inputMode="numeric" maxLength={5} />
        </Form.Item>
      </Col>
    </Row>
  );
}
