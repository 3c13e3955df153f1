import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';

/** The side drawer of a command (Assign, Transfer, Reassign): its form, then Cancel and Submit. */
export default function CommandDrawer({ title, submitting, onCancel, onSubmit, children }: { title: string; submitting: boolean; onCancel: () => void; onSubmit: () => void; children: ReactNode }) {
  return (
    <Drawer
      open
      title={title}
      size={520}
      onClose={onCancel}
      footer={
        <Space>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" loading={submitting} onClick={onSubmit}>
            Submit
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
