import { Button, Card, Form, Input } from 'antd';
import { call, failureMessage, route } from '../../app/api-client';
import { notice } from '../../app/notice';
import { useSession } from '../../app/session-context';
import NewPasswordFields from '../../app/password/NewPasswordFields';

interface ChangeForm {
  old_password: string;
  password: string;
  confirm: string;
}

/** /changepassword: old, new and confirm password (doc 1 §2.4, §5). The change ends older sessions, so the answer's token replaces ours. */
export default function ChangePasswordPage() {
  const { update } = useSession();
  const [form] = Form.useForm<ChangeForm>();
  const submit = async (values: ChangeForm) => {
    try {
      const answer = await call<{ message: string; items: { token: string } }>(route('POST', '/api/v1/change_password'), {
        body: { old_password: values.old_password, password: values.password, confirm_password: values.confirm },
      });
      update({ idToken: answer.items.token, password_changed: 1 });
      form.resetFields();
      notice.success(answer.message);
    } catch (failure) {
      notice.failure(failureMessage(failure));
    }
  };
  return (
    <Card title="Change Password" style={{ maxWidth: 480 }}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Old Password" name="old_password" rules={[{ required: true, message: 'Password is Required' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit">
          Change Password
        </Button>
      </Form>
    </Card>
  );
}
