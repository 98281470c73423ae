import { type BaselineSetting, baselineSchema } from '@glucocare/domain/hospital-settings';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchBaseline, saveBaseline } from '../../../api/strategy-settings';
import { bodyFieldRule } from '../settings-form';
import { PeriodCheckboxes } from './PeriodCheckboxes';
import { StrategyForm } from './StrategyForm';

function BaselineFields() {
  const { t } = useTranslation();
  const current = (values: BaselineSetting) => values;
  return (
    <>
      <Form.Item
        name="days"
        label={t('strategySettings.baseline.days')}
        extra={t('strategySettings.baseline.daysHint')}
        rules={[bodyFieldRule(baselineSchema, ['days'], current)]}
        required
      >
        <InputNumber
          min={1}
          precision={0}
          addonAfter={t('strategySettings.days')}
          style={{ width: '100%', maxWidth: 240 }}
          data-testid="baseline-days"
        />
      </Form.Item>
      <Form.Item
        name="periods"
        label={t('strategySettings.baseline.periods')}
        extra={t('strategySettings.baseline.periodsHint')}
        rules={[bodyFieldRule(baselineSchema, ['periods'], current)]}
      >
        <PeriodCheckboxes data-testid="baseline-periods" />
      </Form.Item>
    </>
  );
}

/** Baseline of the virtual ward's before/after statistics. */
export function BaselineTab() {
  const { t } = useTranslation();
  return (
    <StrategyForm<BaselineSetting, BaselineSetting>
      queryKey={['strategySettings', 'baseline']}
      load={fetchBaseline}
      toValues={(value) => value}
      save={(values) => saveBaseline({ days: values.days, periods: values.periods ?? [] })}
      loadFailedText={t('strategySettings.loadFailed')}
      testId="strategy-baseline"
    >
      {() => <BaselineFields />}
    </StrategyForm>
  );
}
