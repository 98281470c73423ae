import type { QcReportState } from '@glucocare/domain';
import { DatePicker, Input, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { type ExcelColumn, exportToExcel } from '../../components/excel';
import { hospitalToday } from '../../components/format';

/**
 * What the QC analysis pages share (issue 19): the month picker (hospital months, none in the future),
 * numbers as the API rounded them, the report state and rule tags, and the Excel export's state.
 */

/** The hospital's current month, YYYY-MM. */
export const currentMonth = () => hospitalToday().slice(0, 7);
/** The month before `month`. */
export const previousMonth = (month: string) => dayjs(`${month}-01`).subtract(1, 'month').format('YYYY-MM');

export function MonthPicker({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (month: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const last = currentMonth();
  return (
    <DatePicker
      picker="month"
      allowClear={false}
      value={dayjs(`${value}-01`)}
      disabledDate={(day: Dayjs) => day.format('YYYY-MM') > last}
      onChange={(day) => day && onChange(day.format('YYYY-MM'))}
      aria-label={t('qcAnalysis.month')}
      data-testid={testId ?? 'qc-month'}
    />
  );
}

/** A figure as the API rounded it, '—' when undefined (SD of one run, CV at mean 0). */
export function figure(value: number | null | undefined, suffix = ''): string {
  return value === null || value === undefined ? '—' : `${value}${suffix}`;
}

const STATE_COLORS: Record<QcReportState, string> = {
  notSubmitted: 'default',
  submitted: 'processing',
  rejected: 'error',
  archived: 'success',
};

export function ReportStateTag({ state }: { state: QcReportState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid="qc-report-state">
      {t(`qcAnalysis.report.states.${state}`)}
    </Tag>
  );
}

/** The Westgard rules a run broke: the 1-2s warning amber, a rejection red. */
export function RuleTags({ violations }: { violations: readonly string[] }) {
  if (!violations.length) return <span className="gc-secondary">—</span>;
  return (
    <>
      {violations.map((rule) => (
        <Tag key={rule} color={rule === '1-2s' ? 'warning' : 'error'}>
          {rule}
        </Tag>
      ))}
    </>
  );
}

/** "1-2s × 2, 1-3s × 1" of the rules broken at least once; '—' when none. */
export function violationText(counts: Record<string, number>): string {
  const broken = Object.entries(counts).filter(([, count]) => count > 0);
  return broken.length ? broken.map(([rule, count]) => `${rule} × ${count}`).join(', ') : '—';
}

/** The Excel export of a page: busy while writing, success and failure told. */
export function useExcel() {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const run = async <T,>(fileName: string, sheetName: string, columns: ExcelColumn<T>[], rows: T[]) => {
    setExporting(true);
    try {
      await exportToExcel({ fileName, sheetName, columns, rows });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

/**
 * The ward and meter filters of the QC analysis pages: a department of the caller's scope (all when
 * cleared) and a meter SN searched on Enter. `testId` prefixes the two controls' test ids.
 */
export function WardAndMeterFilters({
  departmentCode,
  onDepartment,
  onSn,
  testId,
}: {
  departmentCode: string | null;
  onDepartment: (code: string | null) => void;
  onSn: (sn: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="gc-stats-department">
        <DepartmentTreeSelect
          source="scope"
          value={departmentCode}
          onChange={(value) => onDepartment(value === null ? null : String(value))}
          placeholder={t('statistics.allDepartments')}
          allowClear
          data-testid={`${testId}-department`}
        />
      </div>
      <Input.Search
        allowClear
        placeholder={t('qcAnalysis.sn')}
        style={{ width: 180 }}
        onSearch={onSn}
        aria-label={t('qcAnalysis.sn')}
        data-testid={`${testId}-sn`}
      />
    </>
  );
}
