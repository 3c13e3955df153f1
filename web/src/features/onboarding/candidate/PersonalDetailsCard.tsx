import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import { SHIRT_SIZES, candidateProfileBody } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateSelfView } from '@portal/contracts/onboarding/onboarding.views';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { passesSchema, showRefusedFields } from '../../../app/form-problems';
import { formatDate } from '../../../app/report/date-rules';
import { checkedBy } from '../../../app/schema-rule';
import { CANDIDATE_PAGE_ROUTES } from './candidate-api';
import { type SectionValues, changedTexts, dayCheckedBy, openingText } from './profile-form';
import { useCandidateStep } from './use-candidate-profile';

const { shape } = candidateProfileBody;
const SHIRT_OPTIONS = SHIRT_SIZES.map((size) => ({ value: size, label: size }));
const TEXT_FIELDS = ['first_name', 'middle_name', 'last_name', 'rad_id', 'shirt_size'] as const;

type DetailsValues = SectionValues & { dob?: Dayjs | null };

/**
 * 1. Personal details: names, date of birth (MM-DD-YYYY), RAD ID, shirt size and SSN. Each field is
 * checked by contracts' candidateProfileBody in the server's words; Save sends what changed, and a
 * refusal's `fields` land on their items. The SSN is never shown back: only its masked form.
 */
export default function PersonalDetailsCard({ token, profile }: { token: string; profile: CandidateSelfView }) {
  const [form] = Form.useForm<DetailsValues>();
  const step = useCandidateStep<Record<string, unknown>>(CANDIDATE_PAGE_ROUTES.save, token);
  // The saved profile when the section opened: later answers must not overwrite what is being typed.
  const [opening] = useState<DetailsValues>(() => ({
    first_name: openingText(profile.first_name),
    middle_name: openingText(profile.middle_name),
    last_name: openingText(profile.last_name),
    dob: profile.dob ? dayjs(profile.dob) : undefined,
    rad_id: openingText(profile.rad_id),
    shirt_size: openingText(profile.shirt_size),
  }));

  const save = (values: DetailsValues) => {
    const body: Record<string, unknown> = changedTexts(values, profile, TEXT_FIELDS);
    if (values.dob && values.dob.format('YYYY-MM-DD') !== profile.dob) body.dob = formatDate(values.dob);
    const ssn = values.ssn?.trim();
    if (ssn) body.ssn = ssn;
    if (!passesSchema(form, candidateProfileBody, body)) return;
    step.mutate(body, {
      onSuccess: () => form.setFieldValue('ssn', undefined),
      onError: (failure) => showRefusedFields(form, failure),
    });
  };

  return (
    <Card title="1. Personal details">
      <Form<DetailsValues> form={form} name="candidate-details" layout="vertical" initialValues={opening} onFinish={save}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="first_name" label="First Name" rules={[checkedBy(shape.first_name)]}>
              <Input placeholder="First Name" maxLength={30} autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="middle_name" label="Middle Name" rules={[checkedBy(shape.middle_name)]}>
              <Input placeholder="Middle Name" maxLength={30} autoComplete="additional-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="last_name" label="Last Name" rules={[checkedBy(shape.last_name)]}>
              <Input placeholder="Last Name" maxLength={30} autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dob" label="Date of Birth" rules={[dayCheckedBy(shape.dob)]}>
              <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="rad_id" label="RAD ID" rules={[checkedBy(shape.rad_id)]}>
              <Input placeholder="RAD ID" maxLength={9} autoCapitalize="characters" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="shirt_size" label="Shirt Size" rules={[checkedBy(shape.shirt_size)]}>
              <Select placeholder="Shirt Size" options={SHIRT_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="ssn" label="SSN" rules={[checkedBy(shape.ssn)]} extra={profile.masked_ssn_number ? `Saved: ${profile.masked_ssn_number}` : undefined}>
              <Input.Password placeholder="9 digits" inputMode="numeric" maxLength={11} autoComplete="off" />
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
