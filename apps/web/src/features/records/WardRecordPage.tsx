import { chunk } from '@glucocare/domain/helpers';
import { recordScreenUrl } from '@glucocare/domain/records';
import { Alert, Button, Card, DatePicker, Empty, Form, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/http';
import type { WardRecord } from '../../api/records';
import { getToken } from '../../api/token';
import { DepartmentTreeSelect, useDepartmentTree } from '../../components/DepartmentTreeSelect';
import { hospitalToday } from '../../components/format';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { flattenTree } from '../../components/tree';
import {
  Legend,
  PagedSheets,
  PeriodCells,
  RecordFrame,
  SignInRequired,
  useRecordParams,
} from './RecordFrame';

/** Patients of the ward record on one printed (landscape) page. */
export const WARD_ROWS_PER_PAGE = 10;

function WardSheets({ data }: { data: WardRecord }) {
  const { t } = useTranslation();
  const tz = data.header.timeZone;
  const unit = data.header.units.GLU;
  const top = (
    <section className="gc-rec-patient" data-testid="record-ward-info">
      <div className="gc-rec-field">
        <span className="gc-rec-label">{t('records.patient.department')}</span>
        <span className="gc-rec-value">
          <strong>{data.department.name}</strong>
        </span>
      </div>
      <div className="gc-rec-field">
        <span className="gc-rec-label">{t('records.column.date')}</span>
        <span className="gc-rec-value">{data.date}</span>
      </div>
      <div className="gc-rec-field gc-rec-field-wide">
        <span className="gc-rec-label">{t('records.ward.counts')}</span>
        <span className="gc-rec-value">
          {t('records.ward.summary', {
            patients: data.summary.patients,
            measured: data.summary.measured,
            readings: data.summary.tested,
            critical: data.summary.critical,
          })}
        </span>
      </div>
    </section>
  );
  return (
    <PagedSheets
      header={data.header}
      title={t('records.title.ward')}
      top={top}
      pages={chunk(data.rows, WARD_ROWS_PER_PAGE)}
      pageKey={(row) => row.patientId}
      emptyText={t('records.ward.empty')}
      landscape
    >
      {(rows) => (
        <>
          <div className="gc-rec-table-wrap">
            <table className="gc-rec-table gc-rec-grid" data-testid="record-ward-table">
              <thead>
                <tr>
                  <th className="gc-rec-bed-col">{t('records.patient.bed')}</th>
                  <th className="gc-rec-name-col">{t('records.patient.name')}</th>
                  <th className="gc-rec-number-col">{t('records.patient.inpatientNumber')}</th>
                  {data.periods.map((period) => (
                    <th key={period.code}>{period.name}</th>
                  ))}
                  <th className="gc-rec-small-col">{t('records.column.critical')}</th>
                  <th className="gc-rec-tester-col">{t('records.column.tester')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.patientId} className={row.critical ? 'gc-rec-row-critical' : undefined}>
                    <td className="gc-nowrap">{row.bed ?? '—'}</td>
                    <td className="gc-rec-name-col">
                      <strong>{row.name}</strong>
                      <div className="gc-rec-muted">
                        {[
                          t(`records.gender.${row.gender}`, row.gender),
                          row.age === null ? null : t('records.ageYears', { age: row.age }),
                          row.inDepartment ? null : t('records.ward.left'),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </div>
                    </td>
                    <td>{row.inpatientNumber}</td>
                    <PeriodCells periods={data.periods} cells={row.cells} unit={unit} timeZone={tz} />
                    <td className="gc-rec-center">{row.critical ? <strong>{row.critical}</strong> : ''}</td>
                    <td className="gc-rec-tester-col">{row.testers.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Legend unit={unit.unitName} />
        </>
      )}
    </PagedSheets>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The ward and the day to show, when the address names none (opened from the menu) or one the screen
 * cannot show (`problem`: a ward outside the caller's scope, a malformed date): the caller's wards, the
 * day (today on the hospital's calendar), and "Show", which puts them in the address.
 */
function WardPicker({ problem }: { problem?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query } = useRecordParams();
  const tree = useDepartmentTree('scope');
  const wards = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const [ward, setWard] = useState<string | null>(null);
  const [date, setDate] = useState(() =>
    query.date && DATE.test(query.date) ? query.date : hospitalToday(),
  );
  // the ward asked for when it is one of the caller's, else their first
  useEffect(() => {
    if (ward !== null || !wards.length) return;
    setWard(wards.find((node) => node.code === query.id)?.code ?? wards[0]!.code);
  }, [ward, wards, query.id]);

  if (!getToken()) return <SignInRequired />;
  let content: ReactNode;
  if (tree.isPending) content = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (tree.isError) content = <Alert type="error" showIcon message={t('department.loadFailed')} />;
  else if (!wards.length) content = <Empty description={t('records.wardPick.noWards')} />;
  else {
    content = (
      <Form
        layout="vertical"
        onFinish={() => ward && void navigate(recordScreenUrl('ward', ward, { date }))}
        data-testid="ward-pick-form"
      >
        <Form.Item label={t('records.wardPick.ward')} required>
          <DepartmentTreeSelect
            source="scope"
            allowClear={false}
            value={ward}
            onChange={(value) => setWard(value === null ? null : String(value))}
            data-testid="ward-pick-ward"
          />
        </Form.Item>
        <Form.Item label={t('records.wardPick.date')} required>
          <DatePicker
            allowClear={false}
            style={{ width: '100%' }}
            value={dayjs(date)}
            onChange={(value) => value && setDate(value.format('YYYY-MM-DD'))}
            data-testid="ward-pick-date"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={!ward} data-testid="ward-pick-show">
          {t('records.wardPick.show')}
        </Button>
      </Form>
    );
  }
  return (
    <div className="gc-result-page" data-testid="ward-pick">
      <Card className="gc-ward-pick" title={t('records.title.ward')} extra={<LanguageSwitch compact />}>
        <Typography.Paragraph type="secondary">{t('records.wardPick.hint')}</Typography.Paragraph>
        {problem ? (
          <Alert
            type="warning"
            showIcon
            className="gc-form-alert"
            message={problem}
            data-testid="ward-pick-problem"
          />
        ) : null}
        {content}
      </Card>
    </div>
  );
}

/**
 * /ward/record?id=<department code>&date=: every patient of the ward for one hospital day. Without a
 * ward (from the menu) it asks for the ward and the day; a ward outside the caller's scope or a
 * query it cannot read brings the same question back with the reason, never a bare error page.
 */
export function WardRecordPage() {
  const { t } = useTranslation();
  const { query, viaLink } = useRecordParams();
  if (!query.id && !viaLink) return <WardPicker />;
  const errorView = (error: unknown) => {
    if (viaLink || !isApiError(error)) return null;
    if (error.status === 404) return <WardPicker problem={t('records.wardPick.notInScope')} />;
    if (error.status === 400) {
      return <WardPicker problem={t('records.wardPick.badQuery', { problem: error.message })} />;
    }
    return null;
  };
  return (
    <RecordFrame
      screen="ward"
      titleKey="records.title.ward"
      subject={(data) => `${data.department.name} ${data.date}`}
      errorView={errorView}
      controls={(data, params) => (
        <>
          {!params.viaLink && getToken() && data ? (
            <div className="gc-rec-ward-select">
              <DepartmentTreeSelect
                source="scope"
                allowClear={false}
                value={data.department.code}
                onChange={(value) => value !== null && params.update({ id: String(value) })}
                data-testid="record-ward-select"
              />
            </div>
          ) : null}
          <DatePicker
            data-testid="record-day"
            allowClear={false}
            disabled={params.viaLink}
            value={data ? dayjs(data.date) : null}
            onChange={(value) => value && params.update({ date: value.format('YYYY-MM-DD') })}
          />
          {!params.viaLink && data ? (
            <>
              <Button
                onClick={() =>
                  params.update({ date: dayjs(data.date).subtract(1, 'day').format('YYYY-MM-DD') })
                }
              >
                {t('records.toolbar.previousDay')}
              </Button>
              <Button
                onClick={() => params.update({ date: dayjs(data.date).add(1, 'day').format('YYYY-MM-DD') })}
              >
                {t('records.toolbar.nextDay')}
              </Button>
            </>
          ) : null}
        </>
      )}
    >
      {(data) => <WardSheets data={data} />}
    </RecordFrame>
  );
}
