import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { returnPathAfterLogin } from '../../app/routes';
import { call, failureMessage, route } from '../../app/api-client';
import { type LoginItems, landingPath } from '../../app/session';
import { useSession } from '../../app/session-context';
import AuthCard from './AuthCard';

interface LoginForm {
  email: string;
  password: string;
  remember: boolean;
}

/** /login (doc 1 §2.1, §5, §7 Auth). */
export default function LoginPage() {
  const { signIn, endedBecause } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(endedBecause);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (form: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call<{ message: string; items: LoginItems }>(route('POST', '/api/login'), {
        body: { email: form.email, password: form.password, deviceid: 'web-browser', platform_type: 4, portal_type: 2 },
      });
      setSuccess(answer.message);
      const user = signIn(answer.items, form.email, form.remember);
      // A deep link opened while signed out comes back once signed in, when the role may open it.
      const requested = (location.state as { from?: unknown } | null)?.from;
      navigate(returnPathAfterLogin(requested, user.role_id) ?? landingPath(user.role_id), { replace: true });
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in" error={error} success={success}>
      <Form<LoginForm> layout="vertical" initialValues={{ remember: true }} onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email is Required' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is Required' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          <Link to="/page-forgot-password">Forgot Password</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign In
        </Button>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/page-register">Create an account</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
