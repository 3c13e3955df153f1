import { Form, Input } from 'antd';
import { confirmRule } from './password-rules';

/** New password and its confirmation ('Password Mismatch' when they differ), as every password form asks them. */
export default function NewPasswordFields() {
  return (
    <>
      <Form.Item label="New Password" name="password" rules={[{ required: true, message: 'Password is Required' }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Confirm Password" name="confirm" dependencies={['password']} rules={[{ required: true, message: 'Password is Required' }, confirmRule('password')]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
