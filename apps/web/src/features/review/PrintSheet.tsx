import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue, reasonNotTested } from '@glucocare/domain/review';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PivotPeriod, PivotRow, ReviewRecord } from '../../api/review';
import { formatDateTime } from '../../components/format';
import { type PrintFilter, PrintSheet } from '../../components/print/PrintPreview';
import { flagOf } from '../records/format';
import { readingColor } from './ReadingParts';
import { sourceLabel } from './review-options';

interface ReadingsSheetProps {
  hospitalName: string;
  title: string;
  filters: PrintFilter[];
  printedBy: string;
  printedAt: string;
  item: MeasurementItem;
  unit: DisplayUnit;
  /** the list rows, or the pivot rows with their periods */
  content:
    | { view: 'list'; rows: ReviewRecord[] }
    | { view: 'pivot'; rows: PivotRow[]; periods: PivotPeriod[] };
}

function ValueText({ reading, unit }: { reading: ReviewRecord; unit: DisplayUnit }) {
  if (reading.testValue === null) {
    return <span className="gc-print-untested">{reasonNotTested(reading) || '—'}</span>;
  }
  const critical = reading.determineType === 'criticalLow' || reading.determineType === 'criticalHigh';
  return (
    <span style={{ color: readingColor(reading), fontWeight: critical ? 700 : undefined }}>
      {formatReadingValue(reading.item, reading.testValue, unit.code, reading)}
      {/* ↑ ↓ ↑↑ ↓↓: the classification still shows on a black-and-white printer */}
      {flagOf(reading.determineType)}
    </span>
  );
}

/** The printed page of a data-management query: the readings as a list or by period. */
export const ReadingsSheet = forwardRef<HTMLDivElement, ReadingsSheetProps>(
  function ReadingsSheet(props, ref) {
    const { t } = useTranslation();
    const { unit, content } = props;
    const none = '—';
    return (
      <PrintSheet
        ref={ref}
        hospitalName={props.hospitalName}
        title={props.title}
        filters={props.filters}
        footer={t('print.footer', { count: content.rows.length, by: props.printedBy, at: props.printedAt })}
      >
        {content.view === 'list' ? (
          <table className="gc-print-table">
            <thead>
              <tr>
                <th>{t('review.fields.testTime')}</th>
                <th>{t('review.fields.patient')}</th>
                <th>{t('review.fields.bed')}</th>
                <th>{t('review.fields.inpatientNumber')}</th>
                <th>{t('review.fields.department')}</th>
                <th>{t('review.fields.period')}</th>
                <th>{`${t('review.fields.value')} (${unit.name})`}</th>
                <th>{t('review.fields.classification')}</th>
                <th>{t('review.fields.tester')}</th>
                <th>{t('review.fields.source')}</th>
                <th>{t('review.fields.status')}</th>
                <th>{t('review.fields.note')}</th>
              </tr>
            </thead>
            <tbody>
              {content.rows.map((row) => (
                <tr key={row.id} className={row.deletedAt ? 'gc-print-deleted' : undefined}>
                  <td className="gc-nowrap">{formatDateTime(row.testTime)}</td>
                  <td>{row.patientName}</td>
                  <td>{row.bed ?? none}</td>
                  <td>{row.inpatientNumber ?? none}</td>
                  <td>{row.departmentName ?? row.departmentCode}</td>
                  <td>{row.periodName ?? none}</td>
                  <td className="gc-print-value">
                    <ValueText reading={row} unit={unit} />
                  </td>
                  <td>{row.determineType ? t(`review.classes.${row.determineType}`) : none}</td>
                  <td>{row.testUser ?? none}</td>
                  <td>{sourceLabel(t, row.source)}</td>
                  <td>
                    {row.deletedAt
                      ? t('review.status.deleted')
                      : row.status === 'approved'
                        ? `${t('review.status.approved')}${row.approvedBy ? ` · ${row.approvedBy}` : ''}`
                        : t('review.status.pending')}
                  </td>
                  <td>{row.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <table className="gc-print-table gc-print-pivot">
            <thead>
              <tr>
                <th>{t('review.fields.date')}</th>
                <th>{t('review.fields.patient')}</th>
                <th>{t('review.fields.bed')}</th>
                {content.periods.map((period) => (
                  <th key={period.code}>{period.name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {content.rows.map((row) => (
                <tr key={`${row.patientId}-${row.date}`}>
                  <td className="gc-nowrap">{row.date}</td>
                  <td>{row.patientName}</td>
                  <td>{row.bed ?? none}</td>
                  {content.periods.map((period) => (
                    <td key={period.code} className="gc-print-value">
                      {(row.cells[period.code] ?? []).map((reading, index) => (
                        <span key={reading.id}>
                          {index ? ' / ' : ''}
                          <ValueText reading={reading} unit={unit} />
                        </span>
                      ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PrintSheet>
    );
  },
);
