import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call, failureMessage, route } from '../../app/api-client';
import AuthCard from './AuthCard';
import { confirmRule } from '../../app/password/password-rules';

/** /page-register: sign-up; the account logs in once an administrator gives it a role. */
export default function RegisterPage() {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const submit = async (form: { email: string; password: string }) => {
    setError(null);
    try {
      const answer = await call<{ message: string }>(route('POST', '/api/register'), { body: form });
      setSuccess(answer.message);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <AuthCard title="Sign up" error={error} success={success}>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email is Required' }, { type: 'email', message: 'Enter valid email address' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is Required' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Password is Required' },
            confirmRule('password'),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Sign Up
        </Button>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">Back to sign in</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
