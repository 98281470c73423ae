import {
  PUMP_STRATEGY_LIMITS,
  type PumpStrategy,
  pumpStrategySchema,
} from '@glucocare/domain/hospital-settings';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPumpStrategy, savePumpStrategy } from '../../../api/pump-reminders';
import { bodyFieldRule } from '../settings-form';
import { StrategyForm } from './StrategyForm';

const FIELDS = [
  { name: 'tubeChangeDays', unit: 'days', testId: 'pump-tube-days' },
  { name: 'lowBatteryPercent', unit: 'percent', testId: 'pump-low-battery' },
  { name: 'lowDoseUnits', unit: 'iu', testId: 'pump-low-dose' },
] as const;

function PumpFields() {
  const { t } = useTranslation();
  const current = (values: PumpStrategy) => values;
  return (
    <>
      {FIELDS.map((field) => {
        const limit = PUMP_STRATEGY_LIMITS[field.name];
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(`pumpReminders.strategy.${field.name}`)}
            extra={t(`pumpReminders.strategy.${field.name}Hint`, limit)}
            rules={[bodyFieldRule(pumpStrategySchema, [field.name], current)]}
            required
          >
            {/* no min/max: a value out of range stays as typed and the domain rule says why */}
            <InputNumber
              precision={0}
              addonAfter={t(`pumpReminders.strategy.units.${field.unit}`)}
              style={{ width: '100%', maxWidth: 240 }}
              data-testid={field.testId}
            />
          </Form.Item>
        );
      })}
    </>
  );
}

/** Insulin pump strategy (issue 16): tube change interval and the low battery / low insulin thresholds. */
export function PumpTab() {
  const { t } = useTranslation();
  return (
    <StrategyForm<PumpStrategy, PumpStrategy>
      queryKey={['strategySettings', 'pump']}
      load={fetchPumpStrategy}
      toValues={(value) => value}
      save={(values) =>
        savePumpStrategy({
          tubeChangeDays: values.tubeChangeDays,
          lowBatteryPercent: values.lowBatteryPercent,
          lowDoseUnits: values.lowDoseUnits,
        })
      }
      loadFailedText={t('pumpReminders.strategy.loadFailed')}
      testId="strategy-pump"
    >
      {() => <PumpFields />}
    </StrategyForm>
  );
}
