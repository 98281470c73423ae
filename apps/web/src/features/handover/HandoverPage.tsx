import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { shiftName } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, DatePicker, Empty, Row, Select, Skeleton, Table } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, type RefObject, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHandover, type Handover } from '../../api/handover';
import { errorText } from '../../api/http';
import { fetchShifts } from '../../api/strategy-settings';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect, useDepartmentTree } from '../../components/DepartmentTreeSelect';
import { dateTimeInZone } from '../../components/format';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { PrintPreviewDialog, PrintSheet, usePrintHospitalName } from '../../components/print/PrintPreview';
import { flattenTree } from '../../components/tree';
import { currentLang } from '../../i18n';
import { useItemUnits } from '../critical/units';
import { type HandoverSection, handoverSections } from './HandoverSections';
import { handoverQuery, type ShiftPick, shiftTime } from './handover';
import '../critical/critical.css';
import './handover.css';

/** The figures at the top: one tile per thing handed over. */
function Totals({ data }: { data: Handover }) {
  const { t } = useTranslation();
  const { totals } = data;
  const overdue = data.patients.reduce(
    (sum, row) => sum + row.due.filter((task) => task.state === 'overdue').length,
    0,
  );
  const tiles: { key: string; label: string; value: number | string; detail?: string; alert?: boolean }[] = [
    { key: 'patients', label: t('handover.totals.patients'), value: totals.patients },
    {
      key: 'readings',
      label: t('handover.totals.readings'),
      value: totals.readings.GLU + totals.readings.KET + totals.readings.UA,
      detail: [
        t('handover.totals.readingsDetail', totals.readings),
        totals.untested ? t('handover.totals.untested', { count: totals.untested }) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    },
    {
      key: 'due',
      label: t('handover.totals.due'),
      value: totals.due,
      detail: overdue ? t('handover.totals.overdue', { count: overdue }) : undefined,
      alert: overdue > 0,
    },
    {
      key: 'pumpReminders',
      label: t('pumpReminders.handover.total'),
      value: totals.pumpReminders,
      alert: data.patients.some((row) => row.pumpReminders.some((reminder) => reminder.state === 'overdue')),
    },
    {
      key: 'criticalOpened',
      label: t('handover.totals.criticalOpened'),
      value: totals.criticalOpened,
      detail: t('handover.totals.criticalHandled', { count: totals.criticalHandled }),
    },
    {
      key: 'criticalOpenAtEnd',
      label: t('handover.totals.criticalOpenAtEnd'),
      value: totals.criticalOpenAtEnd,
      alert: totals.criticalOpenAtEnd > 0,
    },
    {
      key: 'rechecksPending',
      label: t('handover.totals.rechecksPending'),
      value: totals.rechecksPending,
      alert: totals.rechecksPending > 0,
    },
    {
      key: 'movements',
      label: t('handover.totals.movements'),
      value: `${totals.admissions} · ${totals.transfersIn} · ${totals.transfersOut} · ${totals.discharges}`,
    },
  ];
  return (
    <div className="gc-ho-totals" data-testid="handover-totals">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className={tile.alert ? 'gc-ho-tile gc-ho-tile-alert' : 'gc-ho-tile'}
          data-testid={`handover-total-${tile.key}`}
        >
          <div className="gc-ho-tile-label">{tile.label}</div>
          <div className="gc-ho-tile-value">{tile.value}</div>
          {tile.detail ? <div className="gc-ho-tile-detail">{tile.detail}</div> : null}
        </div>
      ))}
    </div>
  );
}

/** One section on screen: a card with its count and its table (phone: the essential columns). */
function SectionCard({ section, phone }: { section: HandoverSection; phone: boolean }) {
  const columns = section.columns
    .filter((column) => !phone || column.phone)
    .map((column) => ({
      key: column.key,
      title: column.title,
      render: (_: unknown, row: unknown) => column.render(row),
    }));
  return (
    <Card
      className="gc-card gc-ho-section"
      size="small"
      data-testid={`handover-section-${section.key}`}
      title={
        <span>
          {section.title}{' '}
          <Badge count={section.rows.length} showZero color={section.rows.length ? '#1677ff' : '#bfbfbf'} />
        </span>
      }
    >
      <Table
        size="small"
        rowKey={(row) => section.rowKey(row)}
        columns={columns}
        dataSource={section.rows}
        pagination={false}
        scroll={phone ? undefined : { x: 'max-content' }}
        locale={{ emptyText: <TableEmpty text={section.empty} /> }}
      />
    </Card>
  );
}

/** The printed hand-over: A4 portrait, the same sections as plain tables, the two nurses' signatures. */
function HandoverSheet({
  data,
  sections,
  sheetRef,
}: {
  data: Handover;
  sections: HandoverSection[];
  sheetRef: RefObject<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const hospitalName = usePrintHospitalName();
  const lang = currentLang();
  const interval = `${shiftTime(data.from, data.date, data.timeZone)} – ${shiftTime(data.until, data.date, data.timeZone)}`;
  return (
    <PrintSheet
      ref={sheetRef}
      hospitalName={hospitalName}
      title={t('handover.title')}
      filters={[
        { label: t('handover.ward'), value: data.department.name },
        { label: t('handover.date'), value: data.date },
        { label: t('handover.shift'), value: `${data.shift.name} ${interval}` },
      ]}
      footer={t('handover.printed', { time: dateTimeInZone(new Date(), data.timeZone) })}
    >
      <div lang={lang} className="gc-ho-sheet" data-testid="handover-sheet">
        {data.inProgress ? <p className="gc-ho-sheet-note">{t('handover.inProgress')}</p> : null}
        <Totals data={data} />
        {sections.map((section) => (
          <section key={section.key} className="gc-ho-sheet-section">
            <h3>
              {section.title} ({section.rows.length})
            </h3>
            {section.rows.length ? (
              <table className="gc-print-table">
                <thead>
                  <tr>
                    {section.columns.map((column) => (
                      <th key={column.key}>{column.title}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row) => (
                    <tr key={section.rowKey(row)}>
                      {section.columns.map((column) => (
                        <td key={column.key}>{column.render(row)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="gc-ho-sheet-empty">{section.empty}</p>
            )}
          </section>
        ))}
        <div className="gc-ho-signatures" data-testid="handover-signatures">
          <span>{t('handover.sign.handing')}</span>
          <span>{t('handover.sign.receiving')}</span>
          <span>{t('handover.sign.time')}</span>
        </div>
      </div>
    </PrintSheet>
  );
}

/**
 * `/patient/handover`: one ward's hand-over for one shift — the figures, critical values with their
 * loop, rechecks pending, measurements due, admissions/transfers/discharges and every patient's
 * counts; the shift going on until another is picked; printed on A4 with signature lines.
 */
export default function HandoverPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const phone = useDevice() === 'mobile';
  const units = useItemUnits();
  const tree = useDepartmentTree('scope');
  const [ward, setWard] = useState<string | null>(null);
  const [pick, setPick] = useState<ShiftPick>(null);
  const [printing, setPrinting] = useState(false);
  // the first ward of the caller's scope until another is chosen
  const firstWard = useMemo(() => flattenTree(tree.data ?? [])[0]?.code ?? null, [tree.data]);
  useEffect(() => {
    if (ward === null && firstWard) setWard(firstWard);
  }, [ward, firstWard]);

  const shifts = useQuery({
    queryKey: ['strategySettings', 'shifts'],
    queryFn: ({ signal }) => fetchShifts(signal),
    meta: { silent: true },
  });
  const query = handoverQuery(ward, pick);
  const result = useQuery({
    queryKey: ['handover', query, lang],
    queryFn: ({ signal }) => fetchHandover(query!, signal),
    enabled: query !== null,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const data = result.data;
  const now = new Date();
  const sections = data ? handoverSections(data, t, units, now) : [];
  const shownDate = pick?.date ?? data?.date ?? null;
  const shownShift = pick?.shift ?? data?.shift.code ?? null;

  const toolbar = (
    <div className="gc-ho-toolbar" data-testid="handover-toolbar">
      <div className="gc-ho-ward">
        <DepartmentTreeSelect
          source="scope"
          allowClear={false}
          value={ward}
          placeholder={t('handover.wardPlaceholder')}
          onChange={(value) => setWard(value === null ? null : String(value))}
          data-testid="handover-ward"
        />
      </div>
      <DatePicker
        allowClear={false}
        value={shownDate ? dayjs(shownDate) : null}
        disabled={!shownShift}
        onChange={(value) =>
          value && shownShift && setPick({ date: value.format('YYYY-MM-DD'), shift: shownShift })
        }
        data-testid="handover-date"
      />
      <Select
        className="gc-ho-shift"
        value={shownShift}
        disabled={!shownDate}
        loading={shifts.isLoading}
        onChange={(code: string) => shownDate && setPick({ date: shownDate, shift: code })}
        options={(shifts.data?.shifts ?? []).map((shift) => ({
          value: shift.code,
          label: `${shiftName(shift, lang)} ${shift.startTime}–${shift.endTime}`,
        }))}
        placeholder={t('handover.shift')}
        data-testid="handover-shift"
      />
      <Button onClick={() => setPick(null)} disabled={pick === null} data-testid="handover-current">
        {t('handover.current')}
      </Button>
      <Button
        icon={<ReloadOutlined />}
        onClick={() => void result.refetch()}
        loading={result.isFetching}
        disabled={!query}
        aria-label={t('handover.refresh')}
        data-testid="handover-refresh"
      >
        {phone ? null : t('handover.refresh')}
      </Button>
      <Button
        type="primary"
        icon={<PrinterOutlined />}
        disabled={!data}
        onClick={() => setPrinting(true)}
        data-testid="handover-print"
      >
        {t('handover.print')}
      </Button>
    </div>
  );

  let body: ReactNode;
  if (tree.isSuccess && !firstWard) {
    body = <Empty description={t('handover.noWards')} data-testid="handover-no-wards" />;
  } else if (!query) {
    body = tree.isError ? (
      <LoadError
        title={t('department.loadFailed')}
        message={errorText(tree.error)}
        onRetry={() => void tree.refetch()}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 6 }} data-testid="handover-loading" />
    );
  } else if (result.isError && !data) {
    body = (
      <LoadError
        title={t('handover.loadFailed')}
        message={errorText(result.error)}
        onRetry={() => void result.refetch()}
        testId="handover-error"
      />
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 8 }} data-testid="handover-loading" />;
  } else {
    body = (
      <div
        className={result.isFetching ? 'gc-ho-body gc-ho-stale' : 'gc-ho-body'}
        data-testid="handover-body"
      >
        {result.isError ? (
          <Alert type="error" showIcon message={errorText(result.error)} className="gc-form-alert" />
        ) : null}
        <div className="gc-ho-heading" data-testid="handover-heading">
          <strong>{data.department.name}</strong>
          <span>
            {t('handover.interval', {
              shift: `${data.date} ${data.shift.name}`,
              from: shiftTime(data.from, data.date, data.timeZone),
              to: shiftTime(data.until, data.date, data.timeZone),
            })}
          </span>
          {data.inProgress ? (
            <span className="gc-ho-live" data-testid="handover-in-progress">
              {t('handover.inProgress')}
            </span>
          ) : null}
        </div>
        <Totals data={data} />
        <Row gutter={[16, 16]}>
          {sections.map((section) => (
            <Col
              key={section.key}
              xs={24}
              xl={section.key === 'critical' || section.key === 'patients' ? 24 : 12}
            >
              <SectionCard section={section} phone={phone} />
            </Col>
          ))}
        </Row>
      </div>
    );
  }

  return (
    <PageWrapper title={t('handover.title')} description={t('handover.intro')} testId="handover-page">
      {toolbar}
      {body}
      <PrintPreviewDialog
        open={printing}
        onClose={() => setPrinting(false)}
        documentTitle={
          data ? `${t('handover.title')} ${data.department.name} ${data.date} ${data.shift.name}` : ''
        }
        loading={false}
        error={null}
        truncated={null}
        pageStyle="record"
        sheet={data ? (ref) => <HandoverSheet data={data} sections={sections} sheetRef={ref} /> : null}
      />
    </PageWrapper>
  );
}
