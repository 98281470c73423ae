import {
  DisconnectOutlined,
  LineChartOutlined,
  LinkOutlined,
  ReloadOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../api/http';
import { fetchInsulinRecords } from '../../api/insulin';
import {
  fetchPumpBindingOptions,
  fetchPumpPatient,
  type PumpBasalProfile,
  type PumpBinding,
  type PumpBindingOptions,
} from '../../api/pumps';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { useSession } from '../../app/session';
import { dateInZone, dateTimeInZone, hospitalToday } from '../../components/format';
import { usePumpLowLevels } from '../tasks/use-pump-strategy';
import { BasalProfileForm, DownPumpForm, TubeChangeForm, UpPumpForm } from './PumpBindingForms';
import { basalTotalText, LevelCell, segmentRows, wearTimeText } from './pump-format';
import './pumps.css';

export const pumpKeys = {
  all: ['pumpBinding'] as const,
  patient: (patientId: number, lang: string) => ['pumpBinding', 'patient', patientId, lang] as const,
  boluses: (patientId: number, bindingId: number) =>
    ['pumpBinding', 'boluses', patientId, bindingId] as const,
};

const at = (iso: string | null) => (iso ? dateTimeInZone(iso) : '—');

/** The basal profile in force as a table: from, to, IU/h, hours, IU, and the 24-hour total. */
function BasalTable({ profile }: { profile: PumpBasalProfile }) {
  const { t } = useTranslation();
  return (
    <div data-testid="pump-basal-table">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('pumpBinding.basal.inForce', {
          time: at(profile.effectiveAt),
          by: profile.setByName,
          total: basalTotalText(profile.dailyTotal),
        })}
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={segmentRows(profile.segments)}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('pumpBinding.basal.start'), render: (_, r) => `${r.start}–${r.end}` },
          { title: t('pumpBinding.basal.rate'), dataIndex: 'rate', align: 'right' },
          { title: t('pumpBinding.basal.hours'), dataIndex: 'hours', align: 'right' },
          { title: t('pumpBinding.basal.units'), dataIndex: 'units', align: 'right' },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <strong>{t('pumpBinding.basal.dailyTotal')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <strong data-testid="pump-basal-daily">{basalTotalText(profile.dailyTotal)} IU</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </div>
  );
}

/** Boluses given while the pump is worn: the patient's insulin records with a bolus dose since the up-pump. */
function Boluses({ patientId, binding }: { patientId: number; binding: PumpBinding }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: pumpKeys.boluses(patientId, binding.id),
    queryFn: ({ signal }) =>
      fetchInsulinRecords(
        patientId,
        { beginDate: dateInZone(binding.upAt), endDate: hospitalToday(), page: 1, size: 200 },
        signal,
      ),
    meta: { silent: true },
  });
  if (query.isError) return <Alert type="error" showIcon message={errorText(query.error)} />;
  const rows = (query.data?.records ?? []).filter(
    (r) => r.bolusDose != null && r.bolusDose > 0 && Date.parse(r.givenAt) >= Date.parse(binding.upAt),
  );
  return (
    <Table
      size="small"
      rowKey="id"
      loading={query.isPending}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('pumpBinding.tab.noBoluses') }}
      data-testid="pump-boluses"
      columns={[
        { title: t('insulin.field.givenAt'), render: (_, r) => at(r.givenAt) },
        { title: t('insulin.field.period'), dataIndex: 'periodName' },
        { title: t('insulin.field.drug'), dataIndex: 'drugName' },
        { title: t('insulin.field.bolus'), align: 'right', render: (_, r) => `${r.bolusDose} IU` },
        { title: t('insulin.field.nurse'), dataIndex: 'nurseName' },
      ]}
    />
  );
}

/**
 * The patient tab "Insulin pump" (issue 16): the pump worn now (serial, manufacturer, up-pump, wear
 * time, last and next tube change, battery and dose), its basal profile in force, the boluses recorded
 * while worn, tube changes, and every binding of the patient; up-pump, tube change, basal profile and
 * down-pump for those allowed, checked with the domain's rules.
 */
export function PumpTab({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const low = usePumpLowLevels();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMISSIONS.pumps.binding.edit);
  const userId = useSession().profile?.userId ?? 0;
  const [dialog, setDialog] = useState<'up' | 'tube' | 'basal' | 'down' | null>(null);
  const [upOptions, setUpOptions] = useState<PumpBindingOptions | null>(null);
  const query = useQuery({
    queryKey: pumpKeys.patient(patientId, i18n.language),
    queryFn: ({ signal }) => fetchPumpPatient(patientId, signal),
    meta: { silent: true },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pumpKeys.all });
  const saved = (message: string) => {
    setDialog(null);
    toastSuccess(message);
    refresh();
  };

  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('pumpBinding.tab.loadFailed')}
        subTitle={errorText(query.error)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const data = query.data;
  const current = data.current;
  const openUp = async () => {
    try {
      setUpOptions(await fetchPumpBindingOptions(patientId));
      setDialog('up');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="gc-pump-tab" data-testid="pump-tab">
      <div className="gc-measurement-toolbar">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {current ? t('pumpBinding.tab.current') : t('pumpBinding.tab.none')}
        </Typography.Title>
        <Space wrap size={[8, 8]}>
          <Button
            icon={<ReloadOutlined />}
            onClick={refresh}
            aria-label={t('measurements.toolbar.refresh')}
          />
          {canEdit && current ? (
            <>
              <Button icon={<SwapOutlined />} onClick={() => setDialog('tube')} data-testid="pump-tube">
                {t('pumpBinding.tube.action')}
              </Button>
              <Button
                icon={<LineChartOutlined />}
                onClick={() => setDialog('basal')}
                data-testid="pump-basal"
              >
                {t('pumpBinding.basal.action')}
              </Button>
              <Button
                danger
                icon={<DisconnectOutlined />}
                onClick={() => setDialog('down')}
                data-testid="pump-down"
              >
                {t('pumpBinding.down.action')}
              </Button>
            </>
          ) : null}
          {canEdit && !current && data.inHospital ? (
            <Button
              type="primary"
              icon={<LinkOutlined />}
              onClick={() => void openUp()}
              data-testid="pump-up"
            >
              {t('pumpBinding.up.action')}
            </Button>
          ) : null}
        </Space>
      </div>

      {current ? (
        <>
          <Card size="small" className="gc-pump-card" data-testid="pump-current">
            <Descriptions
              size="small"
              column={mobile ? 1 : { xs: 1, sm: 2, lg: 3 }}
              items={[
                {
                  key: 'serial',
                  label: t('pumpRegister.serialNumber'),
                  children: (
                    <Typography.Text strong data-testid="pump-current-serial">
                      {current.serialNumber}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'maker',
                  label: t('pumpRegister.manufacturer'),
                  children: [current.manufacturerName, current.pumpType].filter(Boolean).join(' · '),
                },
                { key: 'up', label: t('pumpBinding.field.upAt'), children: at(current.upAt) },
                {
                  key: 'wear',
                  label: t('pumpBinding.field.wearTime'),
                  children: <span data-testid="pump-wear">{wearTimeText(t, current.wearTime)}</span>,
                },
                {
                  key: 'lastTube',
                  label: t('pumpBinding.field.lastTubeChange'),
                  children: (
                    <span data-testid="pump-last-tube">
                      {current.lastTubeChangeAt
                        ? at(current.lastTubeChangeAt)
                        : t('pumpBinding.tab.noTubeChange')}
                    </span>
                  ),
                },
                {
                  key: 'nextTube',
                  label: t('pumpBinding.field.nextTubeChange'),
                  children: (
                    <Space size={4} wrap>
                      <span>{at(current.nextTubeChangeAt)}</span>
                      {current.tubeChangeOverdue ? (
                        <Tag color="error" data-testid="pump-tube-overdue">
                          {t('pumpBinding.tab.overdue')}
                        </Tag>
                      ) : null}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('pumpBinding.tab.every', { days: data.tubeChangeDays })}
                      </Typography.Text>
                    </Space>
                  ),
                },
                {
                  key: 'battery',
                  label: t('pumpRegister.battery'),
                  children: (
                    <LevelCell
                      value={current.battery}
                      at={current.batteryReportedAt}
                      unit="%"
                      low={low.battery}
                    />
                  ),
                },
                {
                  key: 'dose',
                  label: t('pumpRegister.dose'),
                  children: (
                    <LevelCell value={current.dose} at={current.doseReportedAt} unit="IU" low={low.dose} />
                  ),
                },
                {
                  key: 'people',
                  label: t('pumpBinding.field.people'),
                  children: [
                    `${t('pumpBinding.field.executor')}: ${current.executorName}`,
                    current.responsibleDoctorName
                      ? `${t('pumpBinding.field.doctor')}: ${current.responsibleDoctorName}`
                      : null,
                    current.responsibleNurseName
                      ? `${t('pumpBinding.field.nurse')}: ${current.responsibleNurseName}`
                      : null,
                    current.coManagingDoctorName
                      ? `${t('pumpBinding.field.coManaging')}: ${current.coManagingDoctorName}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · '),
                },
              ]}
            />
          </Card>
          <div className="gc-pump-sections">
            <Card size="small" title={t('pumpBinding.tab.basal')}>
              {data.basalProfile ? (
                <BasalTable profile={data.basalProfile} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pumpBinding.tab.noBasal')} />
              )}
            </Card>
            <Card size="small" title={t('pumpBinding.tab.tubeChanges')}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={data.tubeChanges}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('pumpBinding.tab.noTubeChange') }}
                data-testid="pump-tube-changes"
                columns={[
                  { title: t('pumpBinding.field.changedAt'), render: (_, r) => at(r.changedAt) },
                  { title: t('pumpBinding.field.executor'), dataIndex: 'executorName' },
                  { title: t('pumpBinding.field.note'), render: (_, r) => r.note ?? '' },
                ]}
              />
            </Card>
          </div>
          <Card size="small" title={t('pumpBinding.tab.boluses')} className="gc-pump-block">
            <Boluses patientId={patientId} binding={current} />
          </Card>
        </>
      ) : (
        <Card size="small" className="gc-pump-card">
          <Empty
            description={data.inHospital ? t('pumpBinding.tab.noneHint') : t('pumpBinding.tab.notInHospital')}
            data-testid="pump-none"
          />
        </Card>
      )}

      <Card size="small" title={t('pumpBinding.tab.history')} className="gc-pump-block">
        <Table
          size="small"
          rowKey="id"
          pagination={data.bindings.length > 10 ? { pageSize: 10, size: 'small' } : false}
          dataSource={data.bindings}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('pumpBinding.tab.noHistory') }}
          data-testid="pump-bindings"
          columns={[
            { title: t('pumpRegister.serialNumber'), dataIndex: 'serialNumber' },
            { title: t('pumpBinding.field.upAt'), render: (_, r) => at(r.upAt) },
            {
              title: t('pumpBinding.field.downAt'),
              render: (_, r) =>
                r.downAt ? at(r.downAt) : <Tag color="processing">{t('pumpBinding.tab.worn')}</Tag>,
            },
            { title: t('pumpBinding.field.wearTime'), render: (_, r) => wearTimeText(t, r.wearTime) },
            { title: t('pumpBinding.field.executor'), dataIndex: 'executorName' },
            { title: t('pumpBinding.field.downReason'), render: (_, r) => r.downReason ?? '' },
          ]}
        />
      </Card>

      {dialog === 'up' && upOptions ? (
        <UpPumpForm
          patientId={patientId}
          options={upOptions}
          stay={{ admittedAt: data.admittedAt, dischargedAt: data.dischargedAt }}
          userId={userId}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {dialog === 'tube' && current ? (
        <TubeChangeForm binding={current} onClose={() => setDialog(null)} onSaved={saved} />
      ) : null}
      {dialog === 'basal' && current ? (
        <BasalProfileForm
          binding={current}
          current={data.basalProfile?.segments ?? null}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {dialog === 'down' && current ? (
        <DownPumpForm binding={current} onClose={() => setDialog(null)} onSaved={saved} />
      ) : null}
    </div>
  );
}
