import type { QcRunCreateInput } from '@glucocare/domain/quality';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  type InputNumberProps,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { DialogForm, useActionForm } from '../../components/dialog-form/DialogForm';
import { fromPicker, hospitalNow } from '../../components/format';
import {
  createQcRun,
  evaluateQcRun,
  fetchQcAnalyzers,
  type QcAnalyzerOption,
  type QcEvaluationView,
  type QcRecordView,
} from './runs-api';
import { LockTag, ResultTag, rangeText, ViolationTags, valueText } from './runs-format';

const LEVELS = [0, 1, 2] as const;
type LevelField = 'v0' | 'v1' | 'v2';
const fieldOf = (level: number) => `v${level}` as LevelField;

interface RunValues {
  analyzerId?: number;
  testedAt?: Dayjs;
  tester?: string;
  v0?: number | null;
  v1?: number | null;
  v2?: number | null;
  judgedFail?: boolean;
  failureReason?: string;
  improvementActions?: string;
}

/** The analyzers a run may be entered on (refreshed by the live topic `quality`). */
export function useQcAnalyzers() {
  return useQuery({
    queryKey: ['quality', 'runAnalyzers'],
    queryFn: ({ signal }) => fetchQcAnalyzers(signal),
  });
}

export const analyzerLabel = (a: QcAnalyzerOption) =>
  `${a.sn} · ${a.model} · ${a.departmentName || a.departmentCode}`;

/** The levels entered, in order (a blank level was not tested). */
function levelsOf(values: Pick<RunValues, LevelField>) {
  return LEVELS.flatMap((level) => {
    const value = values[fieldOf(level)];
    return typeof value === 'number' ? [{ level, testValue: value }] : [];
  });
}

/** What the server would judge now, asked again a moment after the typing stops. */
function useLiveEvaluation(analyzerId: number | undefined, testedAt: Dayjs | undefined, values: RunValues) {
  const levels = levelsOf(values);
  const payload =
    analyzerId && testedAt
      ? { analyzerId, item: 'GLU' as const, testedAt: fromPicker(testedAt), levels }
      : null;
  const key = JSON.stringify(payload);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 250);
    return () => clearTimeout(timer);
  }, [key]);
  return useQuery({
    queryKey: ['quality', 'evaluate', settled],
    queryFn: ({ signal }) => evaluateQcRun(JSON.parse(settled) as NonNullable<typeof payload>, signal),
    enabled: settled !== 'null',
    meta: { silent: true },
  });
}

function EvaluationPanel({ evaluation, entered }: { evaluation: QcEvaluationView; entered: Set<number> }) {
  const { t } = useTranslation();
  const none = t('common.none');
  return (
    <div data-testid="qc-evaluation">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('qcRuns.entry.evaluation')}</Typography.Text>
        <ResultTag result={evaluation.result} />
        <Typography.Text type="secondary">
          {t('qcRuns.entry.lots', {
            control: evaluation.controlLot ?? none,
            strip: evaluation.stripLot ?? none,
          })}
        </Typography.Text>
      </Space>
      {evaluation.levels.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('qcRuns.entry.enterValues')}</Typography.Paragraph>
      ) : (
        evaluation.levels
          .filter((level) => entered.has(level.level))
          .map((level) => (
            <Descriptions
              key={level.level}
              size="small"
              column={{ xs: 1, sm: 2 }}
              bordered
              style={{ marginBottom: 8 }}
              title={t('qcRuns.levelName', { level: level.level })}
              extra={<ResultTag result={level.result} />}
              items={[
                {
                  key: 'target',
                  label: t('qcRuns.targetSd'),
                  children: `${valueText(level.target, none)} ± ${valueText(level.sd, none)}`,
                },
                {
                  key: 'range',
                  label: t('qcRuns.range'),
                  children: rangeText(level.rangeLow, level.rangeHigh, none),
                },
                { key: 'z', label: t('qcRuns.z'), children: level.z === null ? none : level.z.toFixed(2) },
                {
                  key: 'rules',
                  label: t('qcRuns.violations'),
                  children: level.violations.length ? <ViolationTags rules={level.violations} /> : none,
                },
              ]}
            />
          ))
      )}
    </div>
  );
}

/** When a run was tested and by whom (§5: the tester is required): the entry and the correction. */
export function WhenAndWhoFields() {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item
          name="testedAt"
          label={t('qcRuns.testedAt')}
          rules={[{ required: true, message: t('qcRuns.entry.testedAtRequired') }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="tester"
          label={t('qcRuns.tester')}
          rules={[{ required: true, whitespace: true, message: t('qcRuns.entry.testerRequired') }]}
        >
          <Input maxLength={50} autoComplete="off" data-testid="qc-run-tester" />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * The entry of a control run: the analyzer, when and who, the levels' values in one form (Enter moves
 * to the next), the evaluation shown as they are typed, and the failure reason and improvement actions
 * required when the run fails (as judged, or as the tester judges it).
 */
export function QcRunDialog({
  analyzerId,
  onClose,
  onSaved,
}: {
  analyzerId?: number;
  onClose: () => void;
  onSaved: (records: QcRecordView[]) => void;
}) {
  const { t } = useTranslation();
  const edit = useActionForm<RunValues>();
  const form = edit.form;
  const profile = useSession().profile;
  const analyzers = useQcAnalyzers();
  const values = (Form.useWatch([], form) ?? {}) as RunValues;
  const chosen = analyzers.data?.find((a) => a.id === values.analyzerId);
  const evaluation = useLiveEvaluation(values.analyzerId, values.testedAt, values);
  const failing = evaluation.data?.result === 'fail' || !!values.judgedFail;
  const inputs = useRef<Record<number, HTMLInputElement | null>>({});
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  const next = (level: number) => () => {
    const following = LEVELS.find((l) => l > level);
    if (following !== undefined) inputs.current[following]?.focus();
    else reasonRef.current?.focus();
  };
  const entered = new Set(levelsOf(values).map((l) => l.level));
  const requiredWhenFailing = (message: string) => ({
    validator: (_: unknown, value?: string) =>
      failing && !value?.trim() ? Promise.reject(new Error(message)) : Promise.resolve(),
  });
  const valueInput = (level: number): InputNumberProps => ({
    min: 0,
    max: 1000,
    step: 0.1,
    style: { width: '100%' },
    placeholder: t('qcRuns.entry.notTested'),
    onPressEnter: (event) => {
      event.preventDefault();
      next(level)();
    },
  });

  return (
    <DialogForm<{ id: number }, RunValues, QcRecordView[]>
      edit={edit}
      title={t('qcRuns.entry.title')}
      width={720}
      panel
      testId="qc-run-dialog"
      dateFormatter={false}
      initialValues={{
        analyzerId,
        testedAt: hospitalNow(),
        tester: profile?.nickName || profile?.userName || '',
        judgedFail: false,
      }}
      fieldMap={{ levels: 'v0', controlSolutionId: 'analyzerId', testStripId: 'analyzerId' }}
      onClose={onClose}
      save={(input) => {
        const judged = new Map(evaluation.data?.levels.map((level) => [level.level, level.result]) ?? []);
        const body: QcRunCreateInput = {
          analyzerId: input.analyzerId as number,
          item: 'GLU',
          testedAt: fromPicker(input.testedAt as Dayjs),
          tester: (input.tester ?? '').trim(),
          levels: levelsOf(input).map((level) => ({
            ...level,
            result: input.judgedFail ? 'fail' : (judged.get(level.level) ?? 'pass'),
          })),
          failureReason: input.failureReason?.trim() || null,
          improvementActions: input.improvementActions?.trim() || null,
        };
        return createQcRun(body);
      }}
      savedText={(records) =>
        records.some((record) => record.result === 'fail')
          ? t('qcRuns.entry.savedFail')
          : t('qcRuns.entry.savedPass')
      }
      onSaved={onSaved}
    >
      <Col xs={24}>
        <Form.Item
          name="analyzerId"
          label={t('qcRuns.analyzer')}
          rules={[{ required: true, message: t('qcRuns.entry.analyzerRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={analyzers.isLoading}
            data-testid="qc-run-analyzer"
            options={(analyzers.data ?? [])
              .filter((a) => a.isActive)
              .map((a) => ({ value: a.id, label: analyzerLabel(a) }))}
          />
        </Form.Item>
        {chosen ? (
          <Space wrap style={{ marginTop: -12, marginBottom: 12 }}>
            <LockTag lock={chosen.lock} />
            <Typography.Text type="secondary">
              {t('qcRuns.entry.lots', {
                control: chosen.controlLot ?? t('common.none'),
                strip: chosen.stripLot ?? t('common.none'),
              })}
            </Typography.Text>
          </Space>
        ) : null}
      </Col>
      <WhenAndWhoFields />
      {LEVELS.map((level) => (
        <Col xs={8} key={level}>
          <Form.Item name={fieldOf(level)} label={t('qcRuns.levelValue', { level })}>
            <InputNumber
              {...valueInput(level)}
              ref={(node) => {
                inputs.current[level] = node;
              }}
              data-testid={`qc-run-level-${level}`}
            />
          </Form.Item>
        </Col>
      ))}
      <Col xs={24}>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('qcRuns.entry.levelsHint')}
        </Typography.Paragraph>
        {evaluation.isError ? (
          <Alert
            type="warning"
            showIcon
            message={t('qcRuns.entry.evaluationFailed')}
            style={{ marginBottom: 12 }}
          />
        ) : evaluation.data ? (
          <EvaluationPanel evaluation={evaluation.data} entered={entered} />
        ) : values.analyzerId && entered.size ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : null}
      </Col>
      <Col xs={24}>
        <Form.Item name="judgedFail" valuePropName="checked">
          <Checkbox data-testid="qc-run-judged-fail">{t('qcRuns.entry.judgedFail')}</Checkbox>
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="failureReason"
          label={t('qcRuns.failureReason')}
          required={failing}
          rules={[requiredWhenFailing(t('qcRuns.entry.failureReasonRequired'))]}
        >
          <Input.TextArea
            rows={2}
            maxLength={500}
            ref={(node) => {
              reasonRef.current = node?.resizableTextArea?.textArea ?? null;
            }}
            data-testid="qc-run-failure-reason"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="improvementActions"
          label={t('qcRuns.improvementActions')}
          required={failing}
          rules={[requiredWhenFailing(t('qcRuns.entry.improvementRequired'))]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="qc-run-improvement" />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}
