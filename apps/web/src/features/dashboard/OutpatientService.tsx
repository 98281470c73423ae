import {
  ApartmentOutlined,
  CalendarOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  IdcardOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/http';
import { fetchOutpatientService } from '../../api/outpatients';
import { usePermission } from '../../app/permissions';

function Tile({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value?: number;
  testId: string;
}) {
  return (
    <div className="gc-ward-count" data-testid={testId}>
      <span className="gc-ward-count-icon">{icon}</span>
      <span style={{ minWidth: 0 }}>
        <div className="gc-ward-count-label">{label}</div>
        <div className="gc-ward-count-value">{value ?? '–'}</div>
      </span>
    </div>
  );
}

/**
 * The home page's cards in out-of-hospital mode (issue 18), in place of the ward's bed counts: the
 * clinics' outpatients, today's registrations, visits and readings, the virtual ward and the open
 * pre-admission appointments (GET /v1/outpatients/summary, refreshed every minute).
 */
export function OutpatientService() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canList = usePermission(PERMISSIONS.outpatients.list);
  const summary = useQuery({
    queryKey: ['patients', 'outpatient-service'],
    queryFn: ({ signal }) => fetchOutpatientService(signal),
    enabled: canList,
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  if (!canList) return null;
  const data = summary.data;
  return (
    <section data-testid="outpatient-service" aria-label={t('dashboard.outpatient.title')}>
      <div className="gc-ward-department">
        {t('dashboard.outpatient.title')}
        <Button
          type="link"
          size="small"
          onClick={() => navigate('/patient/outpatient')}
          data-testid="open-outpatients"
        >
          {t('dashboard.outpatient.openList')}
        </Button>
      </div>
      <p className="gc-muted">{t('dashboard.outpatient.description')}</p>
      {summary.isError ? (
        <Alert
          type="warning"
          showIcon
          message={t('dashboard.outpatient.loadFailed')}
          description={errorText(summary.error)}
        />
      ) : null}
      <div className="gc-ward-counts">
        <Tile
          icon={<IdcardOutlined />}
          label={t('dashboard.outpatient.outpatients')}
          value={data?.outpatients}
          testId="count-outpatients"
        />
        <Tile
          icon={<CalendarOutlined />}
          label={t('dashboard.outpatient.registeredToday')}
          value={data?.registeredToday}
          testId="count-registered-today"
        />
        <Tile
          icon={<ExperimentOutlined />}
          label={t('dashboard.outpatient.measuredToday')}
          value={data?.measuredToday}
          testId="count-outpatients-measured"
        />
        <Tile
          icon={<FieldTimeOutlined />}
          label={t('dashboard.outpatient.readingsToday')}
          value={data?.readingsToday}
          testId="count-readings-today"
        />
        <Tile
          icon={<ApartmentOutlined />}
          label={t('dashboard.outpatient.inVirtualWard')}
          value={data?.inVirtualWard}
          testId="count-virtual-ward"
        />
        <Tile
          icon={<SolutionOutlined />}
          label={t('dashboard.outpatient.openAppointments')}
          value={data?.openAppointments}
          testId="count-appointments"
        />
      </div>
    </section>
  );
}
