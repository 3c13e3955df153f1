import { Alert, Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of the pages without menu layout: a title, the server's banner (red error, green success), the form. */
export default function AuthCard({ title, error, success, children }: { title: string; error?: string | null; success?: string | null; children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 16 }} data-testid="error-banner" />}
        {success && <Alert type="success" message={success} showIcon style={{ marginBottom: 16 }} data-testid="success-banner" />}
        {children}
      </Card>
    </div>
  );
}
