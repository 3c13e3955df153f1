import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The side drawer of a command (Assign, Transfer, Reassign, Initiate RMA, Approve RMA): its form,
 * then Cancel, the command's own buttons (`actions`: Reset) and Submit.
 */
export default function CommandDrawer({
  title,
  submitting,
  onCancel,
  onSubmit,
  actions,
  submitLabel = 'Submit',
  children,
}: {
  title: string;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  actions?: ReactNode;
  /** The submit button's words (default the spec's 'Submit'; e.g. 'Publish'). */
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      open
      title={title}
      size={520}
      onClose={onCancel}
      footer={
        <Space>
          <Button onClick={onCancel}>Cancel</Button>
          {actions}
          <Button type="primary" loading={submitting} onClick={onSubmit}>
            {submitLabel}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
