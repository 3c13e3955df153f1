import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { call, failureMessage, route } from '../../app/api-client';
import AuthCard from './AuthCard';
import NewPasswordFields from '../../app/password/NewPasswordFields';

/** /page-reset-password?token=…: the link in the reset e-mail. */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const [error, setError] = useState<string | null>(token ? null : 'This reset link is incomplete. Ask for a new one.');
  const [success, setSuccess] = useState<string | null>(null);
  const submit = async (form: { password: string }) => {
    setError(null);
    try {
      setSuccess((await call<{ message: string }>(route('POST', '/api/reset_password'), { body: { token, password: form.password } })).message);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <AuthCard title="Reset Password" error={error} success={success}>
      <Form layout="vertical" onFinish={submit} requiredMark={false} disabled={!token || success !== null}>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block>
          Reset password
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">Back to sign in</Link>
      </div>
    </AuthCard>
  );
}
