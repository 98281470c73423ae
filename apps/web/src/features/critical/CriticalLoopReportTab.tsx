import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { CriticalLoopReportView } from '@glucocare/domain/responses';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { criticalKeys, fetchCriticalLoopReport } from '../../api/critical';
import { errorText, showError } from '../../api/http';
import { useDevice } from '../../app/preferences';
import { useSession } from '../../app/session';
import { type ExcelColumn, exportToExcel } from '../../components/excel';
import { formatDateTime, hospitalNow } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { PrintPreviewDialog, PrintSheet, usePrintHospitalName } from '../../components/print/PrintPreview';

type Figures = CriticalLoopReportView['total'];
type ReportRow = Figures & { key: string; ward: string };
const STEPS = ['notified', 'acknowledged', 'handled', 'rechecked'] as const;

/** Minutes to one decimal, "–" without a figure. */
const minutes = (value: number | null) => (value === null ? '–' : value.toFixed(1));
const share = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);

/** "3 · 12.5 / 30.0": how many reached the step, median and 90th percentile minutes. */
function stepText(row: Figures, step: (typeof STEPS)[number]) {
  const figures = row.steps[step];
  return `${figures.count} · ${minutes(figures.median)} / ${minutes(figures.p90)}`;
}

function rowsOf(report: CriticalLoopReportView, t: TFunction): ReportRow[] {
  return [
    ...report.departments.map((row) => ({ ...row, key: row.departmentCode, ward: row.departmentName })),
    { ...report.total, key: '__total', ward: t('critical.report.total') },
  ];
}

/** The columns of the screen, the Excel sheet and the print, in one list. */
function reportColumns(t: TFunction) {
  return [
    { key: 'ward', title: t('critical.report.ward'), text: (row: ReportRow) => row.ward },
    { key: 'count', title: t('critical.report.count'), text: (row: ReportRow) => String(row.count) },
    ...STEPS.map((step) => ({
      key: step,
      title: t(`critical.report.steps.${step}`),
      text: (row: ReportRow) => stepText(row, step),
    })),
    {
      key: 'target',
      title: t('critical.report.withinTarget'),
      text: (row: ReportRow) => `${row.handledWithinTarget} (${share(row.handledWithinTargetShare)})`,
    },
  ];
}

/**
 * The loop report (issue 15): per ward of the user's scope and month, how many critical values, and for
 * each step how many reached it with the median and 90th-percentile minutes from the measurement, and
 * how many were handled within the hospital's target. Excel and print carry the same columns.
 */
export function CriticalLoopReportTab() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const { profile } = useSession();
  const hospitalName = usePrintHospitalName();
  const [month, setMonth] = useState<Dayjs>(() => hospitalNow().startOf('month'));
  const [printing, setPrinting] = useState(false);
  const monthText = month.format('YYYY-MM');
  const report = useQuery({
    queryKey: [...criticalKeys.all, 'loopReport', monthText],
    queryFn: ({ signal }) => fetchCriticalLoopReport(monthText, signal),
    meta: { silent: true },
  });
  const columns = reportColumns(t);
  const rows = report.data?.departments.length ? rowsOf(report.data, t) : [];
  const title = t('critical.report.title', { month: monthText });
  const note = t('critical.report.note', { minutes: report.data?.targetMinutes ?? 15 });

  const exportExcel = () =>
    exportToExcel<ReportRow>({
      fileName: t('critical.report.fileName', { month: monthText }),
      sheetName: t('critical.tabs.report'),
      columns: columns.map(
        (column): ExcelColumn<ReportRow> => ({
          title: column.title,
          dataIndex: column.key,
          render: (_value, row) => column.text(row),
        }),
      ),
      rows,
    }).catch(showError);

  const tableColumns: ColumnsType<ReportRow> = columns.map((column, index) => ({
    key: column.key,
    title: column.title,
    fixed: index === 0 && !mobile ? 'left' : undefined,
    render: (_value, row) => (row.key === '__total' ? <strong>{column.text(row)}</strong> : column.text(row)),
  }));

  return (
    <div data-testid="critical-report">
      <Space wrap className="gc-crit-report-bar">
        <DatePicker
          picker="month"
          value={month}
          allowClear={false}
          onChange={(value) => value && setMonth(value.startOf('month'))}
          aria-label={t('critical.report.month')}
          data-testid="critical-report-month"
        />
        <Button
          icon={<DownloadOutlined />}
          disabled={!rows.length}
          onClick={exportExcel}
          data-testid="critical-report-excel"
        >
          {t('critical.report.excel')}
        </Button>
        <Button
          icon={<PrinterOutlined />}
          disabled={!rows.length}
          onClick={() => setPrinting(true)}
          data-testid="critical-report-print"
        >
          {t('print.action')}
        </Button>
      </Space>
      <p className="gc-secondary">{note}</p>
      {report.isError ? (
        <LoadError title={t('critical.report.loadFailed')} message={errorText(report.error)} />
      ) : (
        <Table<ReportRow>
          rowKey="key"
          size={mobile ? 'small' : 'middle'}
          loading={report.isLoading}
          columns={tableColumns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('critical.report.empty') }}
          data-testid="critical-report-table"
        />
      )}
      <PrintPreviewDialog
        open={printing}
        documentTitle={title}
        onClose={() => setPrinting(false)}
        loading={false}
        error={null}
        truncated={null}
        sheet={(ref) => (
          <PrintSheet
            ref={ref}
            hospitalName={hospitalName}
            title={title}
            filters={[{ label: t('critical.report.month'), value: monthText }]}
            footer={t('print.footer', {
              count: rows.length,
              by: profile?.nickName ?? '',
              at: formatDateTime(Date.now()),
            })}
          >
            <p>{note}</p>
            <table className="gc-print-table">
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.key}>{column.title}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    {columns.map((column) => (
                      <td key={column.key}>{column.text(row)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </PrintSheet>
        )}
      />
    </div>
  );
}
