import {
  ApartmentOutlined,
  BankOutlined,
  ClockCircleOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from '../../app/icons';
import { flattenMenus, menuLabel } from '../../app/menu';
import { usePermission } from '../../app/permissions';
import { glucoseUnitOf, useSession } from '../../app/session';
import { formatDateTime } from '../../components/format';
import { currentLang } from '../../i18n';
import { HospitalNameForm, TENANT_EDIT_PERMISSION } from './HospitalNameForm';

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greetingMorning';
  if (hour < 18) return 'dashboard.greetingAfternoon';
  return 'dashboard.greetingEvening';
}

function InfoTile({
  icon,
  label,
  action,
  children,
}: {
  icon: ReactNode;
  label: string;
  /** a small button beside the label (e.g. edit) */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="gc-info-tile" size="small">
      <div className="gc-info-tile-icon">{icon}</div>
      <div className="gc-info-tile-body">
        <div className="gc-info-tile-label">
          {label}
          {action}
        </div>
        <div className="gc-info-tile-value">{children}</div>
      </div>
    </Card>
  );
}

/** Home (`/dashboard/index`): who is signed in, where, with what settings, and links to the other pages. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const location = useLocation();
  const { profile, tenant, isOut, units, menus } = useSession();
  const canRename = usePermission(TENANT_EDIT_PERMISSION);
  const [renaming, setRenaming] = useState(false);
  if (!profile) return null;

  const name = profile.nickName || profile.userName;
  const hospital = tenant?.names?.[lang] || tenant?.organizationName || profile.organizationName;
  const unit = glucoseUnitOf(units) === 'mgDl' ? 'mg/dL' : 'mmol/L';
  const links = flattenMenus(menus ?? []).filter(
    (entry) => entry.visible && entry.path !== location.pathname,
  );
  const today = dayjs().format(lang === 'zh-CN' ? 'YYYY年M月D日 dddd' : 'dddd, MMMM D, YYYY');

  return (
    <div className="gc-page gc-dashboard" data-testid="dashboard">
      <section className="gc-welcome">
        <Avatar size={56} className="gc-welcome-avatar">
          {(profile.avatar || profile.userName.slice(0, 1)).toUpperCase()}
        </Avatar>
        <div className="gc-welcome-text">
          <Typography.Title level={3} className="gc-welcome-title" data-testid="greeting">
            {t(greetingKey(new Date().getHours()), { name })}
          </Typography.Title>
          <div className="gc-welcome-sub">
            {today} · {t('dashboard.intro')}
          </div>
        </div>
      </section>

      <Row gutter={[16, 16]} className="gc-tiles">
        <Col xs={24} sm={12} xl={6}>
          <InfoTile
            icon={<BankOutlined />}
            label={t('dashboard.hospital')}
            action={
              canRename ? (
                <Tooltip title={t('hospital.edit')}>
                  <Button
                    type="text"
                    size="small"
                    className="gc-info-tile-action"
                    icon={<EditOutlined />}
                    aria-label={t('hospital.edit')}
                    data-testid="hospital-edit"
                    onClick={() => setRenaming(true)}
                  />
                </Tooltip>
              ) : null
            }
          >
            <span data-testid="dashboard-hospital">{hospital}</span>
            <div className="gc-info-tile-extra">
              {t('dashboard.organizationCode')}: {tenant?.organizationCode ?? profile.organizationCode}
            </div>
          </InfoTile>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <InfoTile icon={<ApartmentOutlined />} label={t('dashboard.department')}>
            <span data-testid="dashboard-department">{profile.departmentName || t('common.none')}</span>
            {profile.departmentCode ? (
              <div className="gc-info-tile-extra">{profile.departmentCode}</div>
            ) : null}
          </InfoTile>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <InfoTile icon={<ExperimentOutlined />} label={t('dashboard.unit')}>
            <span data-testid="dashboard-unit">{unit}</span>
          </InfoTile>
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <InfoTile icon={<EnvironmentOutlined />} label={t('dashboard.outMode')}>
            <Tag color={isOut ? 'green' : 'default'} data-testid="dashboard-out-mode">
              {isOut ? t('dashboard.on') : t('dashboard.off')}
            </Tag>
          </InfoTile>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('dashboard.account')} className="gc-card">
            <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 128 } }}>
              <Descriptions.Item label={t('dashboard.account')}>{profile.userName}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.roles')}>
                <Space size={[4, 4]} wrap data-testid="dashboard-roles">
                  {profile.roles.length
                    ? profile.roles.map((role) => (
                        <Tag key={role.name} color="cyan">
                          {role.label || role.name}
                        </Tag>
                      ))
                    : t('common.none')}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.lastLogin')}>
                <span data-testid="dashboard-last-login">
                  <ClockCircleOutlined className="gc-inline-icon" />
                  {profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : t('dashboard.firstLogin')}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.lastLoginIp')}>
                {profile.lastLoginIp || t('common.none')}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('dashboard.quickLinks')} className="gc-card">
            {links.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noLinks')} />
            ) : (
              <div className="gc-quick-links" data-testid="quick-links">
                {links.map((entry) => {
                  const group = entry.ancestors.at(-1);
                  return (
                    <Link key={entry.routeId} to={entry.path} className="gc-quick-link">
                      <span className="gc-quick-link-icon">
                        <MenuIcon name={entry.node.icon} />
                      </span>
                      <span className="gc-quick-link-text">
                        <span className="gc-quick-link-label">{menuLabel(entry.node, lang)}</span>
                        {group ? <span className="gc-quick-link-group">{menuLabel(group, lang)}</span> : null}
                      </span>
                      <RightOutlined className="gc-quick-link-arrow" />
                    </Link>
                  );
                })}
              </div>
            )}
          </Card>
        </Col>
      </Row>
      {renaming ? (
        <HospitalNameForm tenant={tenant} fallbackName={hospital} onClose={() => setRenaming(false)} />
      ) : null}
    </div>
  );
}
