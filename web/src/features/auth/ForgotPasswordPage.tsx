import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call, failureMessage, route } from '../../app/api-client';
import AuthCard from './AuthCard';

/** /page-forgot-password: e-mails a one-time reset link. */
export default function ForgotPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const submit = async (form: { email: string }) => {
    setError(null);
    setSuccess(null);
    try {
      setSuccess((await call<{ message: string }>(route('POST', '/api/forgot_password'), { body: form })).message);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <AuthCard title="Forgot Password" error={error} success={success}>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email is Required' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Send reset link
        </Button>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">Back to sign in</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
