import {
  AimOutlined,
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CommentOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  FundProjectionScreenOutlined,
  HeartOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  KeyOutlined,
  LineChartOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  MenuOutlined,
  MonitorOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu `icon` names (antd icon names as strings) → icon components. Unknown or missing names fall
 * back to a neutral icon, so a menu row never breaks the sidebar. Add an icon with one line.
 */
export const menuIcons: Record<string, ComponentType> = {
  AimOutlined,
  BankOutlined,
  ControlOutlined,
  FieldTimeOutlined,
  FundProjectionScreenOutlined,
  TagsOutlined,
  AlertOutlined,
  LockOutlined,
  KeyOutlined,
  FileSearchOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CommentOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FundOutlined,
  HeartOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  MedicineBoxOutlined,
  MenuOutlined,
  MonitorOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

export const FALLBACK_ICON: ComponentType = AppstoreOutlined;

export function iconComponent(name: string | null | undefined): ComponentType {
  return (name && menuIcons[name.trim()]) || FALLBACK_ICON;
}

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = iconComponent(name);
  return <Icon />;
}
