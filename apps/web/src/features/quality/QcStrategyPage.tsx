import { PERMISSIONS } from '@glucocare/domain/admin';
import { type QcStrategy, qcStrategySchema, WARNING_RULES, WESTGARD_RULES } from '@glucocare/domain/quality';
import { Card, Checkbox, Col, Form, InputNumber, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { PageWrapper } from '../../components/PageWrapper';
import { bodyFieldRule } from '../settings/settings-form';
import { StrategyForm } from '../settings/strategy/StrategyForm';
import { fetchQcStrategy, saveQcStrategy } from './runs-api';
import { ruleSentence } from './runs-format';

/** The form's values: the strategy, with "every N hours" split into a switch and its hours. */
interface StrategyValues extends Omit<QcStrategy, 'schedule'> {
  schedule: Omit<QcStrategy['schedule'], 'everyHours'> & { everyHours: number | null; byInterval: boolean };
}

const toValues = (strategy: QcStrategy): StrategyValues => ({
  ...strategy,
  schedule: {
    ...strategy.schedule,
    byInterval: strategy.schedule.everyHours !== null,
    everyHours: strategy.schedule.everyHours ?? 24,
  },
});

const bodyOf = (values: StrategyValues): QcStrategy => {
  const { byInterval, ...schedule } = values.schedule;
  return {
    rules: WESTGARD_RULES.filter((rule) => values.rules?.includes(rule)),
    requiredLevels: [...(values.requiredLevels ?? [])].sort(),
    schedule: { ...schedule, everyHours: byInterval ? schedule.everyHours : null },
    lockout: values.lockout,
    overrideHours: values.overrideHours,
    maxOverridesPerDay: values.maxOverridesPerDay,
    controlInUseDays: values.controlInUseDays,
  };
};

const TIMES = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

function StrategyFields() {
  const { t } = useTranslation();
  const rule = (path: (string | number)[]) => bodyFieldRule<StrategyValues>(qcStrategySchema, path, bodyOf);
  const byInterval = Form.useWatch(['schedule', 'byInterval']);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('qcStrategy.rulesTitle')}>
        <Typography.Paragraph type="secondary">{t('qcStrategy.rulesHint')}</Typography.Paragraph>
        <Form.Item name="rules" rules={[rule(['rules'])]}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Space direction="vertical">
              {WESTGARD_RULES.map((r) => (
                <Checkbox key={r} value={r} data-testid={`qc-rule-${r}`}>
                  <Tag color={WARNING_RULES.includes(r) ? 'warning' : 'error'}>{r}</Tag>
                  {ruleSentence(t, r)}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="requiredLevels"
          label={t('qcStrategy.requiredLevels')}
          rules={[rule(['requiredLevels'])]}
        >
          <Checkbox.Group
            options={[0, 1, 2].map((level) => ({ value: level, label: t('qcRuns.levelName', { level }) }))}
          />
        </Form.Item>
      </Card>
      <Card size="small" title={t('qcStrategy.scheduleTitle')}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name={['schedule', 'byInterval']}
              valuePropName="checked"
              label={t('qcStrategy.byInterval')}
            >
              <Switch data-testid="qc-strategy-by-interval" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name={['schedule', 'everyHours']}
              label={t('qcStrategy.everyHours')}
              rules={[rule(['schedule', 'everyHours'])]}
            >
              <InputNumber
                precision={0}
                disabled={!byInterval}
                addonAfter={t('qcStrategy.hours')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name={['schedule', 'perShift']}
              valuePropName="checked"
              label={t('qcStrategy.perShift')}
              extra={t('qcStrategy.perShiftHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name={['schedule', 'fixedTimes']}
              label={t('qcStrategy.fixedTimes')}
              extra={t('qcStrategy.fixedTimesHint')}
              rules={[rule(['schedule', 'fixedTimes'])]}
            >
              <Select
                mode="tags"
                options={TIMES.map((time) => ({ value: time }))}
                tokenSeparators={[',', ' ']}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name={['schedule', 'onNewStripLot']}
              valuePropName="checked"
              label={t('qcStrategy.onNewStripLot')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name={['schedule', 'onNewControlLot']}
              valuePropName="checked"
              label={t('qcStrategy.onNewControlLot')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t('qcStrategy.lockoutTitle')}>
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item
              name="lockout"
              valuePropName="checked"
              label={t('qcStrategy.lockout')}
              extra={t('qcStrategy.lockoutHint')}
            >
              <Switch data-testid="qc-strategy-lockout" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="overrideHours"
              label={t('qcStrategy.overrideHours')}
              rules={[rule(['overrideHours'])]}
            >
              <InputNumber precision={0} addonAfter={t('qcStrategy.hours')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="maxOverridesPerDay"
              label={t('qcStrategy.maxOverrides')}
              rules={[rule(['maxOverridesPerDay'])]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="controlInUseDays"
              label={t('qcStrategy.inUseDays')}
              rules={[rule(['controlInUseDays'])]}
            >
              <InputNumber precision={0} addonAfter={t('qcStrategy.days')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </Space>
  );
}

/**
 * `/quality/strategy` (质控策略): the Westgard rules applied to each run (with what each means), the
 * levels of a complete run, when runs are due, the lockout and its overrides, the control solution's
 * in-use life. A hospital-wide setting: saving asks first.
 */
export default function QcStrategyPage() {
  const { t } = useTranslation();
  return (
    <PageWrapper title={t('qcStrategy.title')} description={t('qcStrategy.intro')} testId="qc-strategy-page">
      <StrategyForm<QcStrategy, StrategyValues>
        queryKey={['quality', 'strategy']}
        load={fetchQcStrategy}
        toValues={toValues}
        save={(values) => saveQcStrategy(bodyOf(values))}
        fieldMap={{ 'schedule.everyHours': ['schedule', 'everyHours'] }}
        loadFailedText={t('qcStrategy.loadFailed')}
        testId="qc-strategy"
        editPermission={PERMISSIONS.quality.strategy.edit}
        confirm={() => confirmAction({ content: t('qcStrategy.confirmSave') })}
      >
        {() => <StrategyFields />}
      </StrategyForm>
    </PageWrapper>
  );
}
