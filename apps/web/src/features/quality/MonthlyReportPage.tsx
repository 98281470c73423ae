import { PrinterOutlined } from '@ant-design/icons';
import {
  PERMISSIONS,
  QC_APPRAISAL_MAX,
  QC_REJECT_REASON_MAX,
  qcReportActions,
  qcReportSubmitSchema,
} from '@glucocare/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Space, Table } from 'antd';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { confirmAction } from '../../components/confirm';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { DialogForm, useActionForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { dateTimeInZone, hospitalZone } from '../../components/format';
import { PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { PrintPreviewDialog, PrintSheet, usePrintHospitalName } from '../../components/print/PrintPreview';
import { askReason } from '../../components/reason-prompt';
import { currentLang } from '../../i18n';
import { StatisticsActions, StatisticsLoadState } from '../statistics/StatisticsParts';
import '../statistics/statistics.css';
import {
  archiveMonthReport,
  type QcMonthReportView,
  rejectMonthReport,
  submitMonthReport,
  useMonthReports,
} from './analysis-api';
import {
  currentMonth,
  figure,
  MonthPicker,
  previousMonth,
  ReportStateTag,
  RuleTags,
  useExcel,
  violationText,
} from './analysis-parts';

type Report = QcMonthReportView;
const when = (at: string | null) => (at ? dateTimeInZone(at, hospitalZone()) : '');
const who = (name: string | null, at: string | null) => (name ? `${name} ${when(at)}` : '—');

/** The printed monthly report of one analyzer: its runs per level, the incidents, appraisal, signatures. */
function ReportSheet({ report, sheetRef }: { report: Report; sheetRef: RefObject<HTMLDivElement> }) {
  const { t } = useTranslation();
  const hospitalName = usePrintHospitalName();
  const { summary } = report;
  return (
    <PrintSheet
      ref={sheetRef}
      hospitalName={hospitalName}
      title={t('qcAnalysis.report.sheetTitle')}
      filters={[
        { label: t('qcAnalysis.month'), value: report.month },
        { label: t('qcAnalysis.sn'), value: `${report.sn} (${report.model})` },
        { label: t('qcAnalysis.department'), value: report.departmentName ?? report.departmentCode },
        { label: t('qcAnalysis.report.state'), value: t(`qcAnalysis.report.states.${report.state}`) },
      ]}
      footer={t('qcAnalysis.printed', { time: dateTimeInZone(new Date(), hospitalZone()) })}
    >
      <div lang={currentLang()} data-testid="qc-report-sheet">
        <h3>{t('qcAnalysis.report.levels')}</h3>
        <table className="gc-print-table">
          <thead>
            <tr>
              <th>{t('qcAnalysis.level')}</th>
              <th>{t('qcAnalysis.controlLot')}</th>
              <th>{t('qcAnalysis.target')}</th>
              <th>{t('qcAnalysis.figures.runs')}</th>
              <th>{t('qcAnalysis.figures.passRate')}</th>
              <th>{t('qcAnalysis.figures.mean')}</th>
              <th>{t('qcAnalysis.figures.sd')}</th>
              <th>{t('qcAnalysis.figures.cv')}</th>
              <th>{t('qcAnalysis.figures.violations')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.levels.length ? (
              summary.levels.map((level) => (
                <tr key={`${level.level}-${level.controlLot}`}>
                  <td>{t(`qcAnalysis.levels.${level.level}`)}</td>
                  <td>{level.controlLot}</td>
                  <td>{figure(level.target)}</td>
                  <td>{level.runs}</td>
                  <td>{figure(level.passRate, '%')}</td>
                  <td>{figure(level.mean)}</td>
                  <td>{figure(level.sd)}</td>
                  <td>{figure(level.cv, '%')}</td>
                  <td>{violationText(level.violationCounts)}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={9}>{t('qcAnalysis.report.noRuns')}</td>
              </tr>
            )}
          </tbody>
        </table>
        <p>
          {t('qcAnalysis.report.totals', {
            runs: summary.runs,
            passes: summary.passes,
            rate: figure(summary.passRate, '%'),
          })}
        </p>
        <h3>{t('qcAnalysis.report.incidents')}</h3>
        <table className="gc-print-table">
          <thead>
            <tr>
              <th>{t('qcAnalysis.testedAt')}</th>
              <th>{t('qcAnalysis.level')}</th>
              <th>{t('qcAnalysis.value')}</th>
              <th>{t('qcAnalysis.result')}</th>
              <th>{t('qcAnalysis.rules')}</th>
              <th>{t('qcAnalysis.failureReason')}</th>
              <th>{t('qcAnalysis.actions')}</th>
              <th>{t('qcAnalysis.tester')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.incidents.length ? (
              summary.incidents.map((run) => (
                <tr key={run.id}>
                  <td>{when(run.testedAt)}</td>
                  <td>{t(`qcAnalysis.levels.${run.level}`)}</td>
                  <td>{figure(run.value)}</td>
                  <td>{t(`qcAnalysis.results.${run.result}`)}</td>
                  <td>{run.violations.join(', ') || '—'}</td>
                  <td>{run.failureReason ?? '—'}</td>
                  <td>{run.improvementActions ?? '—'}</td>
                  <td>{run.testerName}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={8}>{t('qcAnalysis.report.noIncidents')}</td>
              </tr>
            )}
          </tbody>
        </table>
        <h3>{t('qcAnalysis.report.appraisal')}</h3>
        <p style={{ whiteSpace: 'pre-wrap' }}>{report.appraisal ?? '—'}</p>
        <dl className="gc-print-filters">
          <div>
            <dt>{t('qcAnalysis.report.submittedBy')}</dt>
            <dd>{who(report.submittedByName, report.submittedAt)}</dd>
          </div>
          <div>
            <dt>{t('qcAnalysis.report.archivedBy')}</dt>
            <dd>{who(report.archivedByName, report.archivedAt)}</dd>
          </div>
        </dl>
      </div>
    </PrintSheet>
  );
}

const appraisalRule = zodRule(qcReportSubmitSchema.shape.appraisal);

/** The submit dialog: the monthly appraisal (月度评价). */
function SubmitDialog({
  report,
  onClose,
  onSaved,
}: {
  report: Report;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useActionForm<{ appraisal: string }>();
  return (
    <DialogForm<{ id: number }, { appraisal: string }, Report>
      edit={edit}
      title={t('qcAnalysis.report.submitTitle', { sn: report.sn, month: report.month })}
      width={560}
      initialValues={{ appraisal: report.appraisal ?? '' }}
      testId="qc-report-submit-dialog"
      onClose={onClose}
      submitText={t('qcAnalysis.report.submit')}
      savedText={(saved) => t('qcAnalysis.report.submitted', { sn: saved.sn, month: saved.month })}
      save={(values) =>
        submitMonthReport({
          analyzerId: report.analyzerId,
          month: report.month,
          appraisal: values.appraisal,
          version: report.state === 'rejected' ? (report.version ?? undefined) : undefined,
        })
      }
      onSaved={onSaved}
    >
      <Col xs={24}>
        {report.state === 'rejected' && report.rejectReason ? (
          <p className="gc-secondary" data-testid="qc-report-reject-reason">
            {t('qcAnalysis.report.rejectedBecause', { reason: report.rejectReason })}
          </p>
        ) : null}
        <Form.Item name="appraisal" label={t('qcAnalysis.report.appraisal')} required rules={[appraisalRule]}>
          <Input.TextArea rows={5} maxLength={QC_APPRAISAL_MAX} showCount data-testid="qc-report-appraisal" />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/**
 * `/quality/report` (质控月报): every analyzer's monthly QC report of a month with its state — not
 * submitted, submitted, rejected (back with a reason), archived — and the actions the caller may take:
 * submit with the appraisal, reject with a reason, verify and archive (confirmed first); a printable
 * report per analyzer; Excel and print of the list.
 */
export default function MonthlyReportPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const page = useRef<HTMLDivElement>(null);
  const compact = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const canSubmit = usePermission(PERMISSIONS.quality.reports.submit);
  const canVerify = usePermission(PERMISSIONS.quality.reports.verify);
  const [month, setMonth] = useState(() => previousMonth(currentMonth()));
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const reports = useMonthReports({ month, departmentCode: departmentCode ?? undefined }, lang);
  const data = reports.data;
  const [submitting, setSubmitting] = useState<Report | null>(null);
  const [printing, setPrinting] = useState<Report | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const excel = useExcel();
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['list', 'qualityReports'] });

  const review = async (report: Report, action: 'reject' | 'archive') => {
    if (report.id === null || report.version === null) return;
    const { id, version } = report;
    let reason: string | null = null;
    if (action === 'reject') {
      reason = await askReason({
        title: t('qcAnalysis.report.rejectTitle', { sn: report.sn, month: report.month }),
        content: t('qcAnalysis.report.rejectContent'),
        label: t('qcAnalysis.report.rejectReason'),
        okText: t('qcAnalysis.report.reject'),
        cancelText: t('common.cancel'),
        check: (text) =>
          !text
            ? t('qcAnalysis.report.reasonRequired')
            : text.length > QC_REJECT_REASON_MAX
              ? t('qcAnalysis.report.reasonLength', { max: QC_REJECT_REASON_MAX })
              : null,
      });
      if (reason === null) return;
    } else if (
      !(await confirmAction({
        title: t('qcAnalysis.report.archiveTitle'),
        content: t('qcAnalysis.report.archiveContent', { sn: report.sn, month: report.month }),
        okText: t('qcAnalysis.report.archive'),
      }))
    )
      return;
    setBusy(id);
    try {
      const saved =
        action === 'reject'
          ? await rejectMonthReport({ id, version, reason: reason ?? '' })
          : await archiveMonthReport({ id, version });
      toastSuccess(
        t(`qcAnalysis.report.${action === 'reject' ? 'rejected' : 'archived'}`, {
          sn: saved.sn,
          month: saved.month,
        }),
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      reload();
    }
  };

  const columns = [
    {
      key: 'department',
      title: t('qcAnalysis.department'),
      render: (_: unknown, row: Report) => row.departmentName ?? row.departmentCode,
    },
    { key: 'sn', dataIndex: 'sn', title: t('qcAnalysis.sn') },
    { key: 'model', dataIndex: 'model', title: t('qcAnalysis.model') },
    {
      key: 'runs',
      title: t('qcAnalysis.figures.runs'),
      align: 'right' as const,
      render: (_: unknown, row: Report) => row.summary.runs,
    },
    {
      key: 'passRate',
      title: t('qcAnalysis.figures.passRate'),
      align: 'right' as const,
      render: (_: unknown, row: Report) => figure(row.summary.passRate, '%'),
    },
    {
      key: 'incidents',
      title: t('qcAnalysis.report.incidents'),
      render: (_: unknown, row: Report) => (
        <RuleTags violations={[...new Set(row.summary.incidents.flatMap((run) => run.violations))]} />
      ),
    },
    {
      key: 'state',
      title: t('qcAnalysis.report.state'),
      render: (_: unknown, row: Report) => <ReportStateTag state={row.state} />,
    },
    {
      key: 'submitted',
      title: t('qcAnalysis.report.submittedBy'),
      render: (_: unknown, row: Report) => who(row.submittedByName, row.submittedAt),
    },
    {
      key: 'verified',
      title: t('qcAnalysis.report.archivedBy'),
      render: (_: unknown, row: Report) =>
        row.state === 'rejected'
          ? `${who(row.rejectedByName, row.rejectedAt)}: ${row.rejectReason ?? ''}`
          : who(row.archivedByName, row.archivedAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      // on a phone the column scrolls with the rest: fixed, it would hide the SN and the state
      fixed: compact ? undefined : ('right' as const),
      render: (_: unknown, row: Report) => {
        const actions = qcReportActions(row.state);
        return (
          <Space size={4} wrap>
            {canSubmit && actions.includes('submit') ? (
              <Button
                size="small"
                type="link"
                onClick={() => setSubmitting(row)}
                data-testid="qc-report-submit"
              >
                {t('qcAnalysis.report.submit')}
              </Button>
            ) : null}
            {canVerify && actions.includes('archive') ? (
              <Button
                size="small"
                type="link"
                loading={busy === row.id}
                onClick={() => void review(row, 'archive')}
                data-testid="qc-report-archive"
              >
                {t('qcAnalysis.report.archive')}
              </Button>
            ) : null}
            {canVerify && actions.includes('reject') ? (
              <Button
                size="small"
                type="link"
                danger
                onClick={() => void review(row, 'reject')}
                data-testid="qc-report-reject"
              >
                {t('qcAnalysis.report.reject')}
              </Button>
            ) : null}
            <Button
              size="small"
              type="link"
              icon={<PrinterOutlined />}
              onClick={() => setPrinting(row)}
              data-testid="qc-report-print"
            >
              {t('qcAnalysis.report.print')}
            </Button>
          </Space>
        );
      },
    },
  ];

  const runExport = () =>
    data &&
    void excel.run(
      `${t('qcAnalysis.report.fileName')} ${data.month}`,
      t('qcAnalysis.report.title'),
      [
        { title: t('qcAnalysis.department'), dataIndex: 'departmentName' },
        { title: t('qcAnalysis.sn'), dataIndex: 'sn' },
        { title: t('qcAnalysis.model'), dataIndex: 'model' },
        { title: t('qcAnalysis.figures.runs'), dataIndex: ['summary', 'runs'] },
        { title: t('qcAnalysis.figures.passRate'), dataIndex: ['summary', 'passRate'] },
        {
          title: t('qcAnalysis.report.state'),
          dataIndex: 'state',
          render: (value) => t(`qcAnalysis.report.states.${String(value)}`),
        },
        { title: t('qcAnalysis.report.appraisal'), dataIndex: 'appraisal' },
        { title: t('qcAnalysis.report.submittedBy'), dataIndex: 'submittedByName' },
        { title: t('qcAnalysis.report.archivedBy'), dataIndex: 'archivedByName' },
        { title: t('qcAnalysis.report.rejectReason'), dataIndex: 'rejectReason' },
      ],
      data.records,
    );

  return (
    <PageWrapper
      ref={page}
      title={t('qcAnalysis.report.title')}
      description={t('qcAnalysis.report.intro')}
      testId="qc-report-page"
      className="gc-stats-page"
      extra={
        <StatisticsActions
          page={page}
          ready={!!data && !reports.isPlaceholderData}
          canExport={!!data && data.records.length > 0}
          exporting={excel.exporting}
          onExport={runExport}
        />
      }
    >
      <div className="gc-stats-toolbar" data-testid="qc-report-filters">
        <MonthPicker value={month} onChange={setMonth} />
        <div className="gc-stats-department">
          <DepartmentTreeSelect
            source="scope"
            value={departmentCode}
            onChange={(value) => setDepartmentCode(value === null ? null : String(value))}
            placeholder={t('statistics.allDepartments')}
            allowClear
            data-testid="qc-report-department"
          />
        </div>
      </div>
      <StatisticsLoadState query={reports} />
      {data ? (
        <Table<Report>
          size="small"
          bordered
          rowKey="analyzerId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data.records}
          columns={columns}
          data-testid="qc-report-list"
          locale={{ emptyText: <TableEmpty text={t('qcAnalysis.report.empty')} /> }}
        />
      ) : null}
      {submitting ? (
        <SubmitDialog
          report={submitting}
          onClose={() => setSubmitting(null)}
          onSaved={() => {
            setSubmitting(null);
            reload();
          }}
        />
      ) : null}
      <PrintPreviewDialog
        open={!!printing}
        onClose={() => setPrinting(null)}
        documentTitle={
          printing ? `${t('qcAnalysis.report.sheetTitle')} ${printing.sn} ${printing.month}` : ''
        }
        loading={false}
        error={null}
        truncated={null}
        pageStyle="record"
        sheet={printing ? (ref) => <ReportSheet report={printing} sheetRef={ref} /> : null}
      />
    </PageWrapper>
  );
}
