import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  FileDoneOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HistoryOutlined,
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
  Integrations: <ApiOutlined aria-hidden />,
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
  '/Transaction': <MailOutlined aria-hidden />,
  '/agent-Transaction': <MailOutlined aria-hidden />,
  '/compliancedocument': <SafetyCertificateOutlined aria-hidden />,
  '/agent-compliancedocument': <SafetyCertificateOutlined aria-hidden />,
  '/documents': <FileDoneOutlined aria-hidden />,
  '/publishdocuments': <AuditOutlined aria-hidden />,
  '/audit/device': <HistoryOutlined aria-hidden />,
};

export function groupIcon(group: MenuGroup): ReactNode {
  return GROUP_ICONS[group] ?? <AppstoreOutlined aria-hidden />;
}

export function pathIcon(path: string): ReactNode {
  return PATH_ICONS[path] ?? <AppstoreOutlined aria-hidden />;
}
