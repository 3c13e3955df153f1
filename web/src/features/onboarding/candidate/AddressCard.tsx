import { candidateProfileBody } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateSelfView } from '@portal/contracts/onboarding/onboarding.views';
import { Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { passesSchema, showRefusedFields } from '../../../app/form-problems';
import { US_STATE_OPTIONS } from '../../../app/format';
import { checkedBy } from '../../../app/schema-rule';
import { CANDIDATE_PAGE_ROUTES } from './candidate-api';
import { type SectionValues, changedTexts, openingText } from './profile-form';
import { useCandidateStep } from './use-candidate-profile';

const { shape } = candidateProfileBody;
const TEXT_FIELDS = ['street_address1', 'street_address2', 'city', 'state', 'zip'] as const;

/**
 * 2. Address: street (1 and 2), city, state (the US states by short name, contracts' usStates) and
 * ZIP, checked by contracts' candidateProfileBody; Save sends what changed, and a refusal's
 * `fields` land on their items.
 */
export default function AddressCard({ token, profile }: { token: string; profile: CandidateSelfView }) {
  const [form] = Form.useForm<SectionValues>();
  const step = useCandidateStep<Record<string, unknown>>(CANDIDATE_PAGE_ROUTES.save, token);
  // The saved address when the section opened: later answers must not overwrite what is being typed.
  const [opening] = useState<SectionValues>(() => ({
    street_address1: openingText(profile.street_address1),
    street_address2: openingText(profile.street_address2),
    city: openingText(profile.city),
    state: openingText(profile.state),
    zip: openingText(profile.zip),
  }));

  const save = (values: SectionValues) => {
    const body = changedTexts(values, profile, TEXT_FIELDS);
    if (!passesSchema(form, candidateProfileBody, body)) return;
    step.mutate(body, { onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <Card title="2. Address">
      <Form<SectionValues> form={form} name="candidate-address" layout="vertical" initialValues={opening} onFinish={save}>
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="street_address1" label="Street Address" rules={[checkedBy(shape.street_address1)]}>
              <Input placeholder="Street Address" maxLength={200} autoComplete="address-line1" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="street_address2" label="Street Address 2" rules={[checkedBy(shape.street_address2)]}>
              <Input placeholder="Apartment, suite, unit (optional)" maxLength={200} autoComplete="address-line2" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="city" label="City" rules={[checkedBy(shape.city)]}>
              <Input placeholder="City" maxLength={100} autoComplete="address-level2" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={7}>
            <Form.Item name="state" label="State" rules={[checkedBy(shape.state)]}>
              <Select placeholder="State" allowClear options={US_STATE_OPTIONS} showSearch={{ optionFilterProp: ['value', 'name'] }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={7}>
            <Form.Item name="zip" label="ZIP" rules={[checkedBy(shape.zip)]}>
              <Input placeholder="ZIP" inputMode="numeric" maxLength={5} autoComplete="postal-code" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" block loading={step.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
