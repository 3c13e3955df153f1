import { LogoutOutlined, KeyOutlined, MenuOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Dropdown, Layout, List, Menu, type MenuProps, Modal, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { call, route } from './api-client';
import { announcementsUnseen, rememberAnnouncementsSeen } from './announcements-seen';
import { LiveConnection } from './live/LiveConnection';
import { breadcrumbs, canOpen, menuFor, profileScreensFor, screenRoutes } from './routes';
import { can } from './access';
import DeviceFinder, { DEVICE_FINDER_SCREEN } from './widgets/DeviceFinder';
import { useSession } from './session-context';
import { navigationMode } from './layout/layout-rules';
import { LayoutSettingsButton } from './layout/LayoutSettingsDrawer';
import MessagesBell from './layout/MessagesBell';
import { useLayoutSettings } from './layout/LayoutSettingsContext';
import { groupIcon, pathIcon } from './layout/menu-icons';
import { BOXED_MAX_WIDTH } from './layout/settings';
import { useWindowWidth } from './layout/useWindowWidth';

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
function useAnnouncementDialog(userId: string | undefined, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !userId) return;
    let cancelled = false;
    void (async () => {
      const answer = await call<{ data: { view_flag: number } }>(route('GET', '/api/v1/announcements/check_new')).catch(() => null);
      if (cancelled || answer?.data.view_flag !== 1) return;
      const list = await call<{ items: { data: AnnouncementItem[] } }>(route('GET', '/api/v1/announcements'), { query: { page: 1 } }).catch(() => null);
      const shown = list?.items.data.slice(0, 5) ?? [];
      if (cancelled || !announcementsUnseen(userId, shown[0]?.id)) return;
      Modal.info({
        title: 'IMPORTANT ANNOUNCEMENTS',
        width: 640,
        content: (
          <List
            dataSource={shown}
            renderItem={(item) => <List.Item>{item.message_text}</List.Item>}
          />
        ),
        onOk: () => {
          rememberAnnouncementsSeen(userId, shown[0]?.id);
          void call(route('GET', '/api/v1/announcements/update_as_viewed')).catch(() => undefined);
        },
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, enabled]);
}

/** The signed-in layout: navigation by role (sidebar full / mini / overlay, or a top menu) per the layout settings, header with layout settings and profile menu, footer. (The spec's Notes / Alerts / Chat side panel comes with the messages capability: static sample content would pose as product data.) */
export default function Shell() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const { settings } = useLayoutSettings();
  const width = useWindowWidth();
  const mode = navigationMode(settings, width);
  const { token } = theme.useToken();
  const phone = width < 576;
  useNewVersionDialog();
  // Not on top of the forced password change: announcements wait until a password is chosen.
  useAnnouncementDialog(user?.user_id, user?.password_changed !== 0);

  const groups = useMemo(() => menuFor(user?.role_id ?? []), [user]);
  const profileScreens = useMemo(() => profileScreensFor(user?.role_id ?? [], can.landOnAgentDashboard(user?.role_id ?? [])), [user]);
  const crumbs = breadcrumbs(location.pathname, (location.state as { cameFrom?: unknown } | null)?.cameFrom, user?.role_id ?? []);
  const canFindDevices = useMemo(() => {
    const screen = screenRoutes.find((candidate) => candidate.path === DEVICE_FINDER_SCREEN);
    return screen !== undefined && canOpen(screen, user?.role_id ?? []);
  }, [user]);
  const items: MenuProps['items'] = groups.flatMap((group): NonNullable<MenuProps['items']> =>
    group.group === 'top' || group.group === 'bottom'
      ? group.items.map((item) => ({ key: item.path, icon: pathIcon(item.path), label: <Link to={item.path}>{item.label}</Link> }))
      : [{ key: group.group, icon: groupIcon(group.group), label: group.group, children: group.items.map((item) => ({ key: item.path, label: <Link to={item.path}>{item.label}</Link> })) }],
  );
  // the group holding the open screen starts expanded in the inline menus
  const openGroup = groups.find((group) => group.group !== 'top' && group.group !== 'bottom' && group.items.some((item) => item.path === location.pathname))?.group;

  const logout = async () => {
    await call(route('POST', '/api/v1/logout')).catch(() => undefined);
    signOut();
    navigate('/login');
  };

  const brand = (short: boolean) => (
    <div style={{ color: '#fff', padding: short ? '16px 0' : 16, textAlign: short ? 'center' : undefined, fontWeight: 600, whiteSpace: 'nowrap', lineHeight: '32px' }} title="Distribution Portal">
      {short ? 'DP' : 'Distribution Portal'}
    </div>
  );
  const navMenu = (menuMode: 'inline' | 'horizontal') => (
    <Menu
      theme="dark"
      mode={menuMode}
      selectedKeys={[location.pathname === '/dashboard' ? '/' : location.pathname]}
      defaultOpenKeys={menuMode === 'inline' && openGroup ? [openGroup] : undefined}
      items={items}
      onClick={() => setNavOpen(false)}
      style={{ borderInlineEnd: 0 }}
    />
  );
  const boxed = settings.container === 'boxed';

  return (
    <div style={{ minHeight: '100vh', background: boxed ? token.colorFillSecondary : undefined }}>
      <LiveConnection />
      <Layout
        hasSider={mode === 'full' || mode === 'mini'}
        data-layout={settings.layout}
        data-sidebar={mode}
        data-container={settings.container}
        style={{ minHeight: '100vh', ...(boxed && { maxWidth: BOXED_MAX_WIDTH, marginInline: 'auto', boxShadow: token.boxShadowSecondary }) }}
      >
        {(mode === 'full' || mode === 'mini') && (
          <Layout.Sider
            width={240}
            collapsedWidth={80}
            collapsed={mode === 'mini'}
            trigger={null}
            theme="dark"
            data-testid="sidebar"
            style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
          >
            {brand(mode === 'mini')}
            {navMenu('inline')}
          </Layout.Sider>
        )}
        <Layout>
          <Layout.Header
            style={{
              display: 'flex',
              alignItems: 'center',
              // On a phone the menu, the device finder, the bell, the settings and the profile share 390 px: tighter spacing keeps each button whole.
              gap: phone ? 8 : 12,
              paddingInline: mode === 'top' ? 0 : phone ? 12 : 24,
              paddingInlineEnd: phone ? 12 : 24,
              ...(mode !== 'top' && { background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }),
            }}
          >
            {mode === 'overlay' && (
              <>
                <Button icon={<MenuOutlined />} onClick={() => setNavOpen(true)} aria-label="Open menu" style={{ flexShrink: 0 }} />
                <Typography.Text strong ellipsis>
                  Distribution Portal
                </Typography.Text>
              </>
            )}
            {mode === 'top' ? (
              <>
                {brand(false)}
                <div data-testid="sidebar" style={{ flex: 1, minWidth: 0 }}>
                  {navMenu('horizontal')}
                </div>
              </>
            ) : (
              <div style={{ flex: 1 }} />
            )}
            {canFindDevices && <DeviceFinder width={phone ? 150 : 252} />}
            {/* The header's buttons keep their size; the brand and the finder give up room first. */}
            <div style={{ display: 'flex', alignItems: 'center', gap: phone ? 8 : 12, flexShrink: 0 }}>
              <MessagesBell />
              <LayoutSettingsButton />
              <Dropdown
                menu={{
                  items: [
                    ...profileScreens.map((screen) => ({ key: screen.path, icon: pathIcon(screen.path), label: <Link to={screen.path}>{screen.label}</Link> })),
                    { key: 'changepassword', icon: <KeyOutlined />, label: <Link to="/changepassword">Change Password</Link> },
                    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: () => void logout() },
                  ],
                }}
              >
                {/* On a phone the header's room goes to the device finder: the name is the button's label only. */}
                <Button icon={<UserOutlined />} data-testid="profile-menu" aria-label={user?.displayName}>
                  {phone ? null : user?.displayName}
                </Button>
              </Dropdown>
            </div>
          </Layout.Header>
          {/* A phone's width goes to the content, not to margins. */}
          <Layout.Content style={{ margin: width < 576 ? 8 : 24 }}>
            {crumbs.length > 0 && (
              <Breadcrumb style={{ marginBottom: 12 }} items={crumbs.map((crumb) => ({ title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title }))} />
            )}
            <Outlet />
          </Layout.Content>
          <Layout.Footer style={{ textAlign: 'center' }}>
            <MessageOutlined /> Version 7.0.0
          </Layout.Footer>
        </Layout>
      </Layout>
      {mode === 'overlay' && (
        <Drawer
          open={navOpen}
          onClose={() => setNavOpen(false)}
          placement={settings.direction === 'rtl' ? 'right' : 'left'}
          size={260}
          closable={false}
          forceRender
          aria-label="Navigation"
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <div data-testid="sidebar">
            {brand(false)}
            {navMenu('inline')}
          </div>
        </Drawer>
      )}
    </div>
  );
}
