import type { GlucoseUnit } from '@glucocare/domain/helpers';
import { tirStrategySchema } from '@glucocare/domain/hospital-settings';
import { Col, Form, type FormInstance, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTirSetting, saveTirSetting, type TirSetting } from '../../../api/strategy-settings';
import { bodyFieldRule } from '../settings-form';
import { PeriodCheckboxes } from './PeriodCheckboxes';
import { StrategyForm } from './StrategyForm';
import { TirBandBar } from './TirBandBar';
import { glucoseFromDisplay, glucoseInputProps, glucoseToDisplay, glucoseUnitLabel } from './units';

const BANDS = ['veryLow', 'low', 'high', 'veryHigh'] as const;
type Band = (typeof BANDS)[number];

interface Values {
  veryLow: number | null;
  low: number | null;
  high: number | null;
  veryHigh: number | null;
  periods: string[];
}

const valuesOf = (tir: TirSetting, unit: GlucoseUnit): Values => ({
  veryLow: glucoseToDisplay(tir.veryLow, unit),
  low: glucoseToDisplay(tir.low, unit),
  high: glucoseToDisplay(tir.high, unit),
  veryHigh: glucoseToDisplay(tir.veryHigh, unit),
  periods: tir.periods,
});

/** The request body of the form's values (mmol/L); blanks stay null for the schema to name. */
const bodyOf = (values: Values, unit: GlucoseUnit) => ({
  veryLow: glucoseFromDisplay(values.veryLow, unit),
  low: glucoseFromDisplay(values.low, unit),
  high: glucoseFromDisplay(values.high, unit),
  veryHigh: glucoseFromDisplay(values.veryHigh, unit),
  periods: values.periods ?? [],
});

function TirFields({ form, unit }: { form: FormInstance<Values>; unit: GlucoseUnit }) {
  const { t } = useTranslation();
  const current = (values: Values) => bodyOf(values, unit);
  const watched = Form.useWatch((values: Values) => bodyOf(values, unit), form);
  const unitLabel = glucoseUnitLabel(unit);
  const others = (band: Band) => BANDS.filter((item) => item !== band);
  return (
    <>
      <Row gutter={16}>
        {BANDS.map((band) => (
          <Col xs={12} md={6} key={band}>
            <Form.Item
              name={band}
              label={t(`strategySettings.tir.${band}`)}
              dependencies={others(band)}
              rules={[bodyFieldRule(tirStrategySchema, [band], current)]}
              required
            >
              <InputNumber
                {...glucoseInputProps(unit)}
                min={0}
                addonAfter={unitLabel}
                style={{ width: '100%' }}
                data-testid={`tir-${band}`}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item label={t('strategySettings.tir.preview')}>
        <TirBandBar bands={watched ?? { veryLow: null, low: null, high: null, veryHigh: null }} unit={unit} />
      </Form.Item>
      <Form.Item
        name="periods"
        label={t('strategySettings.tir.periods')}
        extra={t('strategySettings.tir.periodsHint')}
        rules={[bodyFieldRule(tirStrategySchema, ['periods'], current)]}
        required
      >
        <PeriodCheckboxes data-testid="tir-periods" />
      </Form.Item>
    </>
  );
}

/** TIR: the four band limits (in the hospital's glucose unit) and the periods the statistics include. */
export function TirTab({ unit }: { unit: GlucoseUnit }) {
  const { t } = useTranslation();
  return (
    <StrategyForm<TirSetting, Values>
      queryKey={['strategySettings', 'tir']}
      load={fetchTirSetting}
      toValues={(tir) => valuesOf(tir, unit)}
      valueDeps={[unit]}
      save={(values) => saveTirSetting(bodyOf(values, unit) as TirSetting)}
      loadFailedText={t('strategySettings.loadFailed')}
      testId="strategy-tir"
    >
      {(form) => <TirFields form={form} unit={unit} />}
    </StrategyForm>
  );
}
