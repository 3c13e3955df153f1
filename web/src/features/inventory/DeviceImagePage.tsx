import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call, failureMessage, route } from '../../app/api-client';
import type { CommandAnswer } from '../../app/command';
import { notice } from '../../app/notice';
import { IMAGE_MESSAGES, imageProblem } from '../../app/upload';

const deviceImage = route('POST', '/api/v1/manager/device_image');

interface ImageForm {
  imei?: string;
  file?: UploadFile[];
}

/**
 * The device image upload (agent-IMEI and the manager's IMEI screen; doc 1 §2.14, doc 2 §2): an
 * IMEI and one image, checked in the browser as the server checks it, sent as multipart `imei` +
 * `file` to POST /api/v1/manager/device_image. Opened from a device's row ("Device image"), the
 * IMEI in the query fills the form.
 */
export default function DeviceImagePage() {
  const [form] = Form.useForm<ImageForm>();
  const [params] = useSearchParams();
  const asked = params.get('imei')?.trim();
  const [sending, setSending] = useState(false);

  const send = async (values: ImageForm) => {
    const file = values.file?.[0]?.originFileObj;
    if (!values.imei || !file) return;
    const body = new FormData();
    body.append('imei', values.imei.trim());
    body.append('file', file, file.name);
    setSending(true);
    try {
      const answer = await call<CommandAnswer>(deviceImage, { body });
      notice.success(answer.message);
      form.resetFields();
    } catch (failure) {
      notice.failure(failureMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card style={{ maxWidth: 560 }}>
      <Typography.Title level={3}>Device Image</Typography.Title>
      <Form<ImageForm> form={form} layout="vertical" initialValues={{ imei: asked }} onFinish={(values) => void send(values)}>
        <Form.Item name="imei" label="IMEI" rules={[{ required: true, pattern: /^\s*\d+\s*$/, message: IMAGE_MESSAGES.imei }]}>
          <Input placeholder="IMEI" inputMode="numeric" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="file"
          label="Image"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            { required: true, type: 'array', min: 1, message: IMAGE_MESSAGES.required },
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const chosen = files?.[0];
                const problem = chosen && imageProblem({ type: chosen.type, size: chosen.size, name: chosen.name });
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Upload accept="image/*" maxCount={1} listType="picture" beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>Choose Image</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          Submit
        </Button>
      </Form>
    </Card>
  );
}
