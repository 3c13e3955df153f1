import { BellOutlined, LogoutOutlined, KeyOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Layout, List, Menu, type MenuProps, Modal, Space, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { call, route } from './api-client';
import { menuFor } from './routes';
import { useSession } from './session-context';

declare const __BUILD_VERSION__: string;

const VERSION_CHECK_MS = 5 * 60_000;

/** 'New Update Available' when the served build is newer than the one this page loaded (doc 1 §8). */
function useNewVersionDialog() {
  useEffect(() => {
    let shown = false;
    const check = async () => {
      if (shown) return;
      const served = await fetch('/version.json', { cache: 'no-store' })
        .then((response) => (response.ok ? (response.json() as Promise<{ version: string }>) : null))
        .catch(() => null);
      if (!served || served.version === __BUILD_VERSION__) return;
      shown = true;
      Modal.confirm({
        title: 'New Update Available',
        content: 'There is a new version app available. Please reload the page to get the latest features.',
        okText: 'Update Now',
        cancelButtonProps: { style: { display: 'none' } },
        onOk: () => window.location.reload(),
      });
    };
    const timer = setInterval(() => void check(), VERSION_CHECK_MS);
    window.addEventListener('focus', check);
    void check();
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, []);
}

interface AnnouncementItem {
  id: string;
  message_text: string;
  created_at: string;
}

/** 'IMPORTANT ANNOUNCEMENTS' when the server says something new was published (view_flag 1). */
function useAnnouncementDialog() {
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const answer = await call<{ data: { view_flag: number } }>(route('GET', '/api/v1/announcements/check_new')).catch(() => null);
      if (cancelled || answer?.data.view_flag !== 1) return;
      const list = await call<{ items: { data: AnnouncementItem[] } }>(route('GET', '/api/v1/announcements'), { query: { page: 1 } }).catch(() => null);
      if (cancelled) return;
      Modal.info({
        title: 'IMPORTANT ANNOUNCEMENTS',
        width: 640,
        content: (
          <List
            dataSource={list?.items.data.slice(0, 5) ?? []}
            renderItem={(item) => <List.Item>{item.message_text}</List.Item>}
          />
        ),
        onOk: () => void call(route('GET', '/api/v1/announcements/update_as_viewed')).catch(() => undefined),
      });
    })();
    return () => {
      cancelled = true;
    };
  }, []);
}

/** Notes / Alerts / Chat: static sample content, as the spec describes it (doc 1 §2.2). */
function SidePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sample = <Typography.Text type="secondary">Sample content: this panel shows static examples, not product data.</Typography.Text>;
  return (
    <Drawer title="Side panel" open={open} onClose={onClose} width={360}>
      <Tabs
        items={[
          { key: 'notes', label: 'Notes', children: <Space direction="vertical">{sample}<List dataSource={['Call the Dallas office about the next shipment', 'Review aged inventory on Friday']} renderItem={(note) => <List.Item>{note}</List.Item>} /></Space> },
          { key: 'alerts', label: 'Alerts', children: <Space direction="vertical">{sample}<List dataSource={['Carton C-1042 received', 'Two transfers waiting for acceptance']} renderItem={(alert) => <List.Item>{alert}</List.Item>} /></Space> },
          { key: 'chat', label: 'Chat', children: <Space direction="vertical">{sample}<List dataSource={['Ava Garcia', 'Liam Smith', 'Mia Nguyen']} renderItem={(contact) => <List.Item><UserOutlined /> {contact}</List.Item>} /></Space> },
        ]}
      />
    </Drawer>
  );
}

/** The signed-in layout: sidebar by role, header profile menu, side panel, footer. */
export default function Shell() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  useNewVersionDialog();
  useAnnouncementDialog();

  const groups = useMemo(() => menuFor(user?.role_id ?? []), [user]);
  const items: MenuProps['items'] = groups.flatMap((group): NonNullable<MenuProps['items']> =>
    group.group === 'top' || group.group === 'bottom'
      ? group.items.map((item) => ({ key: item.path, label: <Link to={item.path}>{item.label}</Link> }))
      : [{ key: group.group, label: group.group, children: group.items.map((item) => ({ key: item.path, label: <Link to={item.path}>{item.label}</Link> })) }],
  );

  const logout = async () => {
    await call(route('POST', '/api/v1/logout')).catch(() => undefined);
    signOut();
    navigate('/login');
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={240} breakpoint="lg" collapsedWidth={0} theme="dark" data-testid="sidebar">
        <div style={{ color: '#fff', padding: 16, fontWeight: 600 }}>Distribution Portal</div>
        <Menu theme="dark" mode="inline" selectedKeys={[location.pathname]} items={items} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 12, background: 'transparent' }}>
          <Button icon={<BellOutlined />} onClick={() => setPanelOpen(true)} aria-label="Open side panel" />
          <Dropdown
            menu={{
              items: [
                { key: 'changepassword', icon: <KeyOutlined />, label: <Link to="/changepassword">Change Password</Link> },
                { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: () => void logout() },
              ],
            }}
          >
            <Button icon={<UserOutlined />} data-testid="profile-menu">
              {user?.displayName}
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>
          <MessageOutlined /> Version 7.0.0
        </Layout.Footer>
      </Layout>
      <SidePanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </Layout>
  );
}
