import type { ManifestProblems } from '@portal/contracts/inventory/inventory.views';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Select, Space, Table, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useState } from 'react';
import { ApiFailure, call, failureMessage, route } from '../../app/api-client';
import { notice } from '../../app/notice';
import { type CommandAnswer, reloadAfter } from '../../app/command';
import { officeOption } from '../../app/format';
import { useManagerOffices } from './api/lists';

const jobs = route('GET', '/api/v1/manager/managerjob_v2');
const receiveManifest = route('POST', '/api/v1/manager/receive_manifest');


interface ManifestForm {
  office_id?: string;
  /** The device order the shipment fulfils (docs/ORDERS.md), by its number. */
  inventory_request_order_id?: string;
  file?: UploadFile[];
}

/** One refused row (or field) of a manifest, as the drawer lists it. */
interface Problem {
  key: string;
  row: string;
  problems: string;
}

/** A refused manifest's rows (ManifestProblems: the error's `fields`, `'row 7'` → that row's problems). */
function problemsOf(failure: unknown): Problem[] {
  const fields: ManifestProblems = failure instanceof ApiFailure ? (failure.body.fields ?? {}) : {};
  return Object.entries(fields).map(([field, problems]) => ({ key: field, row: field.replace(/^row /, ''), problems }));
}

const MANIFEST_TYPES = /\.(csv|xlsx)$/i;

/**
 * Upload Manifest (ours, doc 1 §2.5 receive jobs arrive from a shipment): an office and one CSV or
 * XLSX file, sent as multipart `office_id` + `file`. A refused manifest (400 bad rows, 409 rows
 * refused by the devices' state) writes nothing; its bad rows are listed here, row by row.
 */
export default function UploadManifestDrawer({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<ManifestForm>();
  const offices = useManagerOffices();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; problems: Problem[] }>();

  const send = async (values: ManifestForm) => {
    const file = values.file?.[0]?.originFileObj;
    if (!values.office_id || !file) return;
    const body = new FormData();
    body.append('office_id', values.office_id);
    if (values.inventory_request_order_id?.trim()) body.append('inventory_request_order_id', values.inventory_request_order_id.trim());
    body.append('file', file, file.name);
    setSending(true);
    setRefusal(undefined);
    try {
      const answer = await call<CommandAnswer>(receiveManifest, { body });
      notice.success(answer.message);
      reloadAfter(client, answer, [jobs]);
      onClose();
    } catch (failure) {
      const problems = problemsOf(failure);
      if (problems.length > 0) setRefusal({ message: failureMessage(failure), problems });
      else notice.failure(failureMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Drawer
      open
      title="Upload Manifest"
      size={640}
      onClose={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={sending} onClick={() => form.submit()}>
            Upload
          </Button>
        </Space>
      }
    >
      <Form<ManifestForm> form={form} layout="vertical" onFinish={(values) => void send(values)}>
        <Form.Item name="office_id" label="Office" rules={[{ required: true, message: 'Please select office' }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} allowClear placeholder="Office" loading={offices.isFetching} options={(offices.data ?? []).map(officeOption)} />
        </Form.Item>
        <Form.Item name="inventory_request_order_id" label="Device order (optional)" extra="The approved device order this shipment fulfils, e.g. ORD-000123.">
          <Input placeholder="ORD-000123" allowClear maxLength={60} />
        </Form.Item>
        <Form.Item
          name="file"
          label="Manifest (CSV or XLSX)"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            { required: true, type: 'array', min: 1, message: 'Please select a manifest file' },
            { validator: async (_rule, files: UploadFile[] | undefined) => (files?.[0] && !MANIFEST_TYPES.test(files[0].name) ? Promise.reject(new Error('The manifest must be a .csv or .xlsx file')) : undefined) },
          ]}
        >
          <Upload accept=".csv,.xlsx" maxCount={1} beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>Choose File</Button>
          </Upload>
        </Form.Item>
      </Form>
      {refusal && (
        <>
          <Alert type="error" showIcon title={refusal.message} description="Nothing was received. Correct these rows and upload the manifest again." style={{ marginBottom: 12 }} />
          <Table<Problem>
            rowKey="key"
            size="small"
            dataSource={refusal.problems}
            pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (total) => `${total} rows with problems` }}
            columns={[
              { title: 'Row', dataIndex: 'row', key: 'row', width: 100 },
              { title: 'Problems', dataIndex: 'problems', key: 'problems' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
