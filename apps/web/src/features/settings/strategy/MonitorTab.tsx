import { type MonitorStrategy, monitorStrategySchema } from '@glucocare/domain/hospital-settings';
import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchMonitorStrategy, saveMonitorStrategy } from '../../../api/strategy-settings';
import { bodyFieldRule } from '../settings-form';
import { PeriodCheckboxes } from './PeriodCheckboxes';
import { StrategyForm } from './StrategyForm';

function MonitorFields() {
  const { t } = useTranslation();
  const current = (values: MonitorStrategy) => values;
  const minutes = (
    name: 'dueSoonMinutes' | 'overdueMinutes' | 'windowSlackMinutes' | 'lateEntryMinutes',
    min = 0,
  ) => (
    <Form.Item
      name={name}
      label={t(`strategySettings.monitor.${name}`)}
      extra={t(`strategySettings.monitor.${name}Hint`)}
      rules={[bodyFieldRule(monitorStrategySchema, [name], current)]}
      required
    >
      <InputNumber
        min={min}
        precision={0}
        addonAfter={t('strategySettings.minutes')}
        style={{ width: '100%' }}
        data-testid={`monitor-${name}`}
      />
    </Form.Item>
  );
  return (
    <>
      <Form.Item
        name="defaultPeriods"
        label={t('strategySettings.monitor.defaultPeriods')}
        extra={t('strategySettings.monitor.defaultPeriodsHint')}
        rules={[bodyFieldRule(monitorStrategySchema, ['defaultPeriods'], current)]}
        required
      >
        <PeriodCheckboxes data-testid="monitor-periods" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {minutes('dueSoonMinutes')}
        </Col>
        <Col xs={24} md={12}>
          {minutes('overdueMinutes')}
        </Col>
        <Col xs={24} md={12}>
          {minutes('windowSlackMinutes')}
        </Col>
        <Col xs={24} md={12}>
          {minutes('lateEntryMinutes', 1)}
        </Col>
      </Row>
    </>
  );
}

/** Monitoring strategy: what "Today's tasks" expects of a ward, and the entry checks of a reading's time. */
export function MonitorTab() {
  const { t } = useTranslation();
  return (
    <StrategyForm<MonitorStrategy, MonitorStrategy>
      queryKey={['strategySettings', 'monitor']}
      load={fetchMonitorStrategy}
      toValues={(value) => value}
      save={(values) =>
        saveMonitorStrategy({
          defaultPeriods: values.defaultPeriods ?? [],
          dueSoonMinutes: values.dueSoonMinutes,
          overdueMinutes: values.overdueMinutes,
          windowSlackMinutes: values.windowSlackMinutes,
          lateEntryMinutes: values.lateEntryMinutes,
        })
      }
      loadFailedText={t('strategySettings.loadFailed')}
      testId="strategy-monitor"
    >
      {() => <MonitorFields />}
    </StrategyForm>
  );
}
