import { chunk } from '@glucocare/domain/helpers';
import { Button, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { WardRecord } from '../../api/records';
import { Legend, PagedSheets, PeriodCells, RecordFrame } from './RecordFrame';

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

/** /ward/record?id=<department code>: every patient of the ward for one hospital day. */
export function WardRecordPage() {
  const { t } = useTranslation();
  return (
    <RecordFrame
      screen="ward"
      titleKey="records.title.ward"
      subject={(data) => `${data.department.name} ${data.date}`}
      controls={(data, params) => (
        <>
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
