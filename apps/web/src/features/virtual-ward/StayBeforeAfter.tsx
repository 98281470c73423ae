import { Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { glucoseUnitOf, useSession } from '../../app/session';
import { dateInZone, formatDateTime } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { formatRate } from '../statistics/statistics-format';
import { glucoseShown, unitName } from './outcome-format';
import { type StayBeforeAfterView, useStayBeforeAfter } from './statistics-api';

type Side = StayBeforeAfterView['before'];
type Line = { key: string; label: string; before: string; after: string };

/**
 * A stay's glucose before joining (the baseline setting's days) against after joining (until the exit
 * or now): readings, mean and SD in the hospital's unit, the hypo- and hyperglycaemic shares of
 * patient-days and the TIR (GET /v1/virtualward/stays/{id}/beforeAfter). Compact: two columns, one row
 * per figure, for the outcome page and a patient's virtual-ward tab.
 */
export function StayBeforeAfter({ stayId }: { stayId: number }) {
  const { t } = useTranslation();
  const unit = glucoseUnitOf(useSession().units);
  const query = useStayBeforeAfter(stayId);
  if (query.isError) {
    return (
      <LoadError
        title={t('vwStats.beforeAfter.loadFailed')}
        message={errorText(query.error)}
        onRetry={() => void query.refetch()}
        testId="before-after-error"
      />
    );
  }
  const data = query.data;
  if (!data) {
    return (
      <div className="gc-loading" data-testid="before-after-loading">
        <Spin />
      </div>
    );
  }
  const figures = (side: Side) => ({
    readings: String(side.readings),
    mean: glucoseShown(side.mean, unit),
    sd: glucoseShown(side.sd, unit),
    patientDays: String(side.patientDays),
    hypoShare: formatRate(side.hypoShare),
    hyperShare: formatRate(side.hyperShare),
    tir: formatRate(side.tir),
  });
  const before = figures(data.before);
  const after = figures(data.after);
  const u = unitName(unit);
  const lines: Line[] = [
    { key: 'readings', label: t('vwStats.readings'), before: before.readings, after: after.readings },
    { key: 'mean', label: `${t('vwStats.beforeAfter.mean')} (${u})`, before: before.mean, after: after.mean },
    { key: 'sd', label: `${t('vwStats.beforeAfter.sd')} (${u})`, before: before.sd, after: after.sd },
    {
      key: 'patientDays',
      label: t('vwStats.patientDays'),
      before: before.patientDays,
      after: after.patientDays,
    },
    {
      key: 'hypoShare',
      label: t('vwStats.beforeAfter.hypoShare'),
      before: before.hypoShare,
      after: after.hypoShare,
    },
    {
      key: 'hyperShare',
      label: t('vwStats.beforeAfter.hyperShare'),
      before: before.hyperShare,
      after: after.hyperShare,
    },
    { key: 'tir', label: t('vwStats.beforeAfter.tir'), before: before.tir, after: after.tir },
  ];
  const periodNote = data.periods.length
    ? t('vwStats.beforeAfter.periodsOnly', { count: data.periods.length })
    : '';
  return (
    <div className="gc-vw-before-after" data-testid="stay-before-after">
      <div className="gc-secondary gc-stats-note">
        {t('vwStats.beforeAfter.intro', {
          name: data.patientName,
          days: data.baselineDays,
          joined: formatDateTime(data.joinedAt),
          exited: data.exitedAt ? dateInZone(data.exitedAt) : t('vwStats.beforeAfter.now'),
        })}{' '}
        {periodNote}
      </div>
      <Table<Line>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        dataSource={lines}
        columns={[
          { key: 'label', dataIndex: 'label', title: '' },
          {
            key: 'before',
            dataIndex: 'before',
            title: t('vwStats.beforeAfter.before', { days: data.baselineDays }),
            align: 'right',
            render: (value: string, row) => <span data-testid={`before-${row.key}`}>{value}</span>,
          },
          {
            key: 'after',
            dataIndex: 'after',
            title: t('vwStats.beforeAfter.after'),
            align: 'right',
            render: (value: string, row) => <span data-testid={`after-${row.key}`}>{value}</span>,
          },
        ]}
      />
    </div>
  );
}

export default StayBeforeAfter;
