import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  LineChartOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ReadOutlined,
  RollbackOutlined,
  SettingOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuGroup } from '../routes';

/** Icons for the first menu level, so the mini (collapsed) sidebar has something to show. Decorative: hidden from screen readers, so an entry is named by its text. */
const GROUP_ICONS: Partial<Record<MenuGroup, ReactNode>> = {
  Sales: <LineChartOutlined aria-hidden />,
  Inventory: <DatabaseOutlined aria-hidden />,
  'Inventory Reports': <FileTextOutlined aria-hidden />,
  'Aged Inventory': <FieldTimeOutlined aria-hidden />,
  'RMA & Orders': <SwapOutlined aria-hidden />,
  Onboarding: <UserAddOutlined aria-hidden />,
  Administration: <SettingOutlined aria-hidden />,
};

const PATH_ICONS: Record<string, ReactNode> = {
  '/': <DashboardOutlined aria-hidden />,
  '/agent-dashboard': <DashboardOutlined aria-hidden />,
  '/announcement': <NotificationOutlined aria-hidden />,
  '/support': <CustomerServiceOutlined aria-hidden />,
  '/trainingcontent': <ReadOutlined aria-hidden />,
  '/agent-salesreport': <LineChartOutlined aria-hidden />,
  '/agent-summary': <PieChartOutlined aria-hidden />,
  '/agent-Inventory': <DatabaseOutlined aria-hidden />,
  '/agent-Initiaterma': <RollbackOutlined aria-hidden />,
  '/agent-allrmareport': <FileSearchOutlined aria-hidden />,
};

export function groupIcon(group: MenuGroup): ReactNode {
  return GROUP_ICONS[group] ?? <AppstoreOutlined aria-hidden />;
}

export function pathIcon(path: string): ReactNode {
  return PATH_ICONS[path] ?? <AppstoreOutlined aria-hidden />;
}
