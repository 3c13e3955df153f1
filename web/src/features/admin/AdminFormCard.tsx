import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The frame of an administration form (Add/Edit User, IBO/Market, Office): its title and the Back link to its list (doc 3 §2). */
export default function AdminFormCard({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Link to={back}>Back</Link>
      </Space>
      {children}
    </Card>
  );
}
