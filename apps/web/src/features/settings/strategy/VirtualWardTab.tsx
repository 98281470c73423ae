import type { GlucoseUnit } from '@glucocare/domain/helpers';
import { virtualWardGluMinSchema, virtualWardHbA1cMinSchema } from '@glucocare/domain/hospital-settings';
import { managingDepartmentSchema } from '@glucocare/domain/virtual-ward';
import { Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fetchVirtualWardSettings,
  saveAutoJoin,
  saveGluMinValue,
  saveHbA1cMinValue,
  saveManagingDepartment,
  type VirtualWardSettings,
} from '../../../api/strategy-settings';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { bodyFieldRule } from '../settings-form';
import { ReviewCriteriaCard } from './ReviewCriteriaCard';
import { StrategyForm } from './StrategyForm';
import { glucoseFromDisplay, glucoseInputProps, glucoseToDisplay, glucoseUnitLabel } from './units';

interface Values {
  autoJoin: boolean;
  /** in the hospital's glucose unit */
  gluMinValue: number | null;
  hbA1cMinValue: number | null;
  managingDepartment: string | null;
}

const valuesOf = (settings: VirtualWardSettings, unit: GlucoseUnit): Values => ({
  autoJoin: settings.autoJoin,
  gluMinValue: glucoseToDisplay(settings.gluMinValue, unit),
  hbA1cMinValue: settings.hbA1cMinValue,
  managingDepartment: settings.managingDepartment,
});

/** Thrown when one of the three calls fails, so its `value` problems land on its own field. */
class FieldSaveError extends Error {
  constructor(
    readonly field: keyof Values,
    readonly failure: unknown,
  ) {
    super('save failed');
  }
}

/** Saves what changed, one call per setting (the spec's three paths), and reads the three back. */
async function saveChanged(values: Values, loaded: VirtualWardSettings, unit: GlucoseUnit) {
  const glu = glucoseFromDisplay(values.gluMinValue, unit);
  const calls: [keyof Values, boolean, () => Promise<unknown>][] = [
    [
      'managingDepartment',
      (values.managingDepartment ?? null) !== loaded.managingDepartment,
      () => saveManagingDepartment(values.managingDepartment ?? ''),
    ],
    ['autoJoin', !!values.autoJoin !== loaded.autoJoin, () => saveAutoJoin(!!values.autoJoin)],
    ['gluMinValue', glu !== loaded.gluMinValue, () => saveGluMinValue(glu as number)],
    [
      'hbA1cMinValue',
      values.hbA1cMinValue !== loaded.hbA1cMinValue,
      () => saveHbA1cMinValue(values.hbA1cMinValue as number),
    ],
  ];
  for (const [field, changed, call] of calls) {
    if (!changed) continue;
    try {
      await call();
    } catch (error) {
      throw new FieldSaveError(field, error);
    }
  }
  return fetchVirtualWardSettings();
}

function VirtualWardFields({ unit }: { unit: GlucoseUnit }) {
  const { t } = useTranslation();
  const gluBody = (values: Values) => ({ value: glucoseFromDisplay(values.gluMinValue, unit) });
  const hbA1cBody = (values: Values) => ({ value: values.hbA1cMinValue });
  const managingBody = (values: Values) => ({ value: values.managingDepartment ?? '' });
  return (
    <>
      <Form.Item
        name="managingDepartment"
        label={t('strategySettings.virtualWard.managingDepartment')}
        extra={t('strategySettings.virtualWard.managingDepartmentHint')}
        rules={[bodyFieldRule(managingDepartmentSchema, ['value'], managingBody)]}
        required
      >
        <DepartmentTreeSelect source="all" data-testid="virtual-ward-managing" />
      </Form.Item>
      <Form.Item
        name="autoJoin"
        label={t('strategySettings.virtualWard.autoJoin')}
        extra={t('strategySettings.virtualWard.autoJoinHint')}
        valuePropName="checked"
      >
        <Switch data-testid="virtual-ward-auto-join" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="gluMinValue"
            label={t('strategySettings.virtualWard.gluMinValue')}
            extra={t('strategySettings.virtualWard.gluMinValueHint')}
            rules={[bodyFieldRule(virtualWardGluMinSchema, ['value'], gluBody)]}
            required
          >
            <InputNumber
              {...glucoseInputProps(unit)}
              min={0}
              addonAfter={glucoseUnitLabel(unit)}
              style={{ width: '100%' }}
              data-testid="virtual-ward-glu"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="hbA1cMinValue"
            label={t('strategySettings.virtualWard.hbA1cMinValue')}
            extra={t('strategySettings.virtualWard.hbA1cMinValueHint')}
            rules={[bodyFieldRule(virtualWardHbA1cMinSchema, ['value'], hbA1cBody)]}
            required
          >
            <InputNumber
              step={0.1}
              precision={1}
              min={0}
              addonAfter="%"
              style={{ width: '100%' }}
              data-testid="virtual-ward-hba1c"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Virtual-ward auto-join and its glucose and HbA1c thresholds. */
export function VirtualWardTab({ unit }: { unit: GlucoseUnit }) {
  const { t } = useTranslation();
  return (
    <>
      <StrategyForm<VirtualWardSettings, Values>
        queryKey={['strategySettings', 'virtualWard']}
        load={fetchVirtualWardSettings}
        toValues={(settings) => valuesOf(settings, unit)}
        valueDeps={[unit]}
        save={(values, loaded) => saveChanged(values, loaded, unit)}
        unwrapError={(error) =>
          error instanceof FieldSaveError
            ? { error: error.failure, fieldMap: { value: error.field } }
            : { error }
        }
        loadFailedText={t('strategySettings.loadFailed')}
        testId="strategy-virtual-ward"
      >
        {() => <VirtualWardFields unit={unit} />}
      </StrategyForm>
      <ReviewCriteriaCard unit={unit} />
    </>
  );
}
