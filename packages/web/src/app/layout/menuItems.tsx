import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  KeyOutlined,
  MailOutlined,
  MonitorOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ReadOutlined,
  RiseOutlined,
  SafetyOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { APP_ROUTES, type RouteDef } from '@sunstack/shared';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { BUILT_APP_ROUTES } from '../../lib/screens.ts';

/** The icon of each entry at the top of the menu (menuItems.test checks that every one has one). */
export const ICONS: Record<string, ReactNode> = {
  index: <HomeOutlined />,
  'user-center': <UserOutlined />,
  'data-view': <DashboardOutlined />,
  plant: <ThunderboltOutlined />,
  device: <DatabaseOutlined />,
  'device-module': <DatabaseOutlined />,
  version: <CloudUploadOutlined />,
  'data-report': <BarChartOutlined />,
  alarm: <AlertOutlined />,
  relog: <FileTextOutlined />,
  'power-info': <SafetyOutlined />,
  'user-management': <TeamOutlined />,
  'integrator-device-list': <ApiOutlined />,
  'integrator-inverter': <ThunderboltOutlined />,
  'integrator-alarm': <AlertOutlined />,
  'plant-maintain': <ToolOutlined />,
  'group-management': <AppstoreOutlined />,
  'log-audit': <AuditOutlined />,
  distributor: <ClusterOutlined />,
  agent: <ApartmentOutlined />,
  invitation: <MailOutlined />,
  'api-key': <KeyOutlined />,
  aging: <ExperimentOutlined />,
  devops: <MonitorOutlined />,
  'file-management': <FolderOpenOutlined />,
  'log-update': <NotificationOutlined />,
  'integrator-data-report': <BarChartOutlined />,
  'after-sale': <CustomerServiceOutlined />,
  trend: <RiseOutlined />,
  'group-remote': <ControlOutlined />,
  'work-order': <ProfileOutlined />,
  'document-management': <ReadOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

/**
 * The side menu: screens that exist, are not hidden and that the account reaches, grouped under
 * their parent. The home tab is always first; it is hidden in the table because it is the fixed tab.
 */
export function menuItems(menus: readonly string[], t: TFunction): MenuItem[] {
  const reachable = (route: RouteDef) => menus.includes(route.name) && (!route.hidden || route.name === 'index');
  const visible = BUILT_APP_ROUTES.filter(reachable);
  // A group need not be a screen itself (plant maintenance): it shows while a screen of it does.
  const entries = APP_ROUTES.filter(
    (route) => visible.includes(route) || (reachable(route) && visible.some((child) => child.parent === route.name)),
  );
  const label = (route: RouteDef) => t(`navBar.${route.title}`);
  const top = entries.filter((route) => !route.parent || !entries.some((r) => r.name === route.parent));
  return top
    .sort((a, b) => (a.name === 'index' ? -1 : b.name === 'index' ? 1 : 0))
    .map((route) => {
      const children = visible.filter((r) => r.parent === route.name);
      if (children.length === 0) return { key: route.path, icon: ICONS[route.name], label: label(route) };
      // A group that is a screen itself (the plant list) opens it from its first entry.
      const own = BUILT_APP_ROUTES.includes(route) ? [{ key: route.path, label: t(`navBar.${route.title}List`) }] : [];
      return {
        key: route.name,
        icon: ICONS[route.name],
        label: label(route),
        children: [...own, ...children.map((child) => ({ key: child.path, label: label(child) }))],
      };
    });
}
