import { InboxOutlined } from '@ant-design/icons';
import { candidateEditBody } from '@portal/contracts/onboarding/onboarding.schemas';
import { STAGE } from '@portal/contracts/onboarding/onboarding.stages';
import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import { Alert, Card, Col, DatePicker, Form, type FormRule, Input, Row, Select, Space, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { route } from '../../app/api-client';
import { useRecordCommand } from '../../app/command';
import { US_STATE_OPTIONS } from '../../app/format';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { formatDate } from '../../app/report/date-rules';
import { type FieldSchema, checkedBy } from '../../app/schema-rule';
import PersonFields from '../../app/widgets/PersonFields';
import ActionButton from '../../app/widgets/ActionButton';
import { CANDIDATE_ROUTES, candidateName } from './candidate-routes';
import {
  type EditCandidateValues,
  SHIRT_SIZE_OPTIONS,
  UPLOAD_AREAS,
  type UploadArea,
  candidateOf,
  chosenFile,
  fieldsOf,
  jpegProblem,
  multipartOf,
  openingValues,
  returnPath,
} from './edit-candidate-form';
import { stageColor } from './onboarding-choices';

const updateCandidate = route('POST', '/api/v1/candidate/update_candidate_info/:id');
const { shape } = candidateEditBody;

/** Why an onboarded candidate is not edited here (the server refuses with 409 and the same reading). */
export const ONBOARDED_NOTE = 'This candidate is onboarded: edit them as a user (Administration > Users).';

/** A date picker's day checked by the schema of its field, as sent (MM-DD-YYYY). */
const dayCheckedBy = (schema: FieldSchema): FormRule => checkedBy({ safeParse: (day: unknown) => schema.safeParse(day ? formatDate(day as Dayjs) : undefined) });

/** An upload area's file: .jpg/.jpeg only, within the upload limit (doc 3 §5, §9). */
const jpegOnly: FormRule = {
  validator: async (_rule, files: UploadFile[] | undefined) => {
    const file = chosenFile(files);
    const problem = file && jpegProblem({ name: file.name, type: file.type, size: file.size });
    if (problem) throw new Error(problem);
  },
};

/** One file per area: the last one chosen replaces the one before. */
const lastFileOnly = (event: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(event) ? event : event.fileList).slice(-1);

const Field = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Col xs={24} md={12} xl={wide ? 12 : 8}>
    {children}
  </Col>
);

/** A drag-and-drop area for one file, and a link to the file on record when there is one. */
function UploadAreaItem({ name, label, onRecord }: { name: UploadArea; label: string; onRecord: string | null }) {
  return (
    <Form.Item
      name={name}
      label={label}
      valuePropName="fileList"
      getValueFromEvent={lastFileOnly}
      rules={[jpegOnly]}
      extra={
        onRecord ? (
          <>
            On record:{' '}
            <a href={onRecord} target="_blank" rel="noreferrer">
              view the current {label.toLowerCase()}
            </a>
            . A new file replaces it.
          </>
        ) : (
          'None on record yet.'
        )
      }
    >
      <Upload.Dragger accept=".jpg,.jpeg,image/jpeg" maxCount={1} beforeUpload={() => false}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drag a .jpg file here</p>
        <p className="ant-upload-hint">One file, .jpg or .jpeg</p>
      </Upload.Dragger>
    </Form.Item>
  );
}

/**
 * The form of Edit Candidate (doc 3 §2, §3 Candidate (edit), §5 Candidate edit): names, e-mail,
 * mobile, date of birth (MM-DD-YYYY), RAD ID, shirt size, address, and the two drag-and-drop
 * areas Photo copy and Government document (.jpg/.jpeg, one file each, optional). Each field is
 * checked by contracts' candidateEditBody in the server's words; a refusal's `fields` land on
 * their items. 'Update User' sends it as multipart; on success the server's message, then the
 * Onboarding Summary.
 */
function EditCandidateForm({ candidate, back }: { candidate: CandidateRow; back: string }) {
  const [form] = Form.useForm<EditCandidateValues>();
  const navigate = useNavigate();
  const update = useRecordCommand<FormData>(updateCandidate, [CANDIDATE_ROUTES.summary, CANDIDATE_ROUTES.log]);
  const opening = useMemo(() => openingValues(candidate), [candidate]);
  const onboarded = candidate.status === STAGE.ONBOARDED;

  const send = (values: EditCandidateValues) => {
    const fields = fieldsOf(values);
    // The whole body as the server reads it: a problem the field rules missed is named on its item.
    if (!passesSchema(form, candidateEditBody, fields)) return;
    update.mutate({ id: candidate.id, body: multipartOf(fields, values) }, { onSuccess: () => navigate(back), onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Edit Candidate
        </Typography.Title>
        <Link to={back}>Back</Link>
      </Space>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text strong>{candidateName(candidate)}</Typography.Text>
        <Tag color={stageColor(candidate.status)}>{candidate.status_name}</Tag>
      </Space>
      {onboarded && <Alert type="warning" showIcon title={ONBOARDED_NOTE} style={{ marginBottom: 16 }} />}
      <Form<EditCandidateValues> form={form} name="edit-candidate" layout="vertical" initialValues={opening} onFinish={send}>
        <Row gutter={16}>
          <PersonFields shape={shape} field={Field} />
          <Field>
            <Form.Item name="dob" label="Date of Birth" required rules={[dayCheckedBy(shape.dob)]}>
              <DatePicker format={DATE_FORMAT} placeholder={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="rad_id" label="RAD ID" required rules={[checkedBy(shape.rad_id)]}>
              <Input placeholder="RAD ID" maxLength={9} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="shirt_size" label="Shirt Size" required rules={[checkedBy(shape.shirt_size)]}>
              <Select placeholder="Shirt Size" options={SHIRT_SIZE_OPTIONS} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="street_address1" label="Street Address 1" required rules={[checkedBy(shape.street_address1)]}>
              <Input placeholder="Street Address 1" maxLength={200} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="street_address2" label="Street Address 2" rules={[checkedBy(shape.street_address2)]}>
              <Input placeholder="Street Address 2" maxLength={200} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="city" label="City" rules={[checkedBy(shape.city)]}>
              <Input placeholder="City" maxLength={100} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="state" label="State" rules={[checkedBy(shape.state)]}>
              <Select placeholder="State" allowClear options={US_STATE_OPTIONS} showSearch={{ optionFilterProp: ['value', 'name'] }} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="zip" label="ZIP" rules={[checkedBy(shape.zip)]}>
              <Input placeholder="ZIP" inputMode="numeric" maxLength={5} />
            </Form.Item>
          </Field>
        </Row>
        <Row gutter={16}>
          {UPLOAD_AREAS.map((area) => (
            <Field key={area.name} wide>
              <UploadAreaItem name={area.name} label={area.label} onRecord={candidate[area.url]} />
            </Field>
          ))}
        </Row>
        <ActionButton type="primary" htmlType="submit" loading={update.isPending} blockedBecause={onboarded && ONBOARDED_NOTE}>
          Update User
        </ActionButton>
      </Form>
    </Card>
  );
}

/** Edit Candidate (/editagent, doc 3 §2): the candidate passed from the Onboarding Summary; without one, back to /onboardingreport. */
export default function EditCandidatePage() {
  const { state } = useLocation();
  const candidate = candidateOf(state);
  if (!candidate) return <Navigate to="/onboardingreport" replace />;
  return <EditCandidateForm key={candidate.id} candidate={candidate} back={returnPath(state)} />;
}
