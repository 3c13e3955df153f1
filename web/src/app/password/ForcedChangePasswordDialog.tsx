import { Form, Modal } from 'antd';
import { useState } from 'react';
import { call, failureMessage, route } from '../api-client';
import { notice } from '../notice';
import { useSession } from '../session-context';
import NewPasswordFields from './NewPasswordFields';

/** Shown on the dashboards while password_changed is 0; it cannot be dismissed (doc 1 §2.4). */
export default function ForcedChangePasswordDialog() {
  const { user, update } = useSession();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  if (!user || user.password_changed !== 0) return null;

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const answer = await call<{ message: string; items: { token: string } }>(route('POST', '/api/v1/password_force_update'), {
        body: { password: values.password, confirm_password: values.confirm },
      });
      update({ idToken: answer.items.token, password_changed: 1 });
      notice.success(answer.message);
    } catch (failure) {
      notice.failure(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="Change Password" closable={false} maskClosable={false} keyboard={false} okText="Submit" onOk={() => void submit()} confirmLoading={busy} cancelButtonProps={{ style: { display: 'none' } }}>
      <p>Choose a new password before you continue.</p>
      <Form form={form} layout="vertical" requiredMark={false}>
        <NewPasswordFields />
      </Form>
    </Modal>
  );
}
