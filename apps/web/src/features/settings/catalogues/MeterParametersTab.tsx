import { formatGlucose } from '@glucocare/domain/helpers';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '../../../api/catalogues';
import { glucoseUnitOf, useSession } from '../../../app/session';
import { FixedTypeDictionary } from '../../system/DictionaryPage';

/** Storage unit of a meter parameter, told by its key's prefix (GLU_LOW, UA_HIGH, HCT_LOW ...). */
const UNIT_BY_PREFIX: [prefix: string, unit: string][] = [
  ['GLU', 'mmol/L'],
  ['KET', 'mmol/L'],
  ['UA', 'µmol/L'],
  ['HCT', '%'],
];
const unitOfKey = (code: string) =>
  UNIT_BY_PREFIX.find(([prefix]) => code.toUpperCase().startsWith(`${prefix}_`))?.[1];

/**
 * Meter parameters tab: the measurable ranges of the ward meters. Values stay in the storage units the
 * meters report; glucose limits are also shown in mg/dL where the hospital reads glucose in mg/dL.
 */
export function MeterParametersTab() {
  const { t } = useTranslation();
  const mgDl = glucoseUnitOf(useSession().units) === 'mgDl';
  const renderValue = (row: DictEntry) => {
    const unit = unitOfKey(row.code);
    const value = Number(row.value);
    if (!unit) return row.value;
    return (
      <span className="gc-nowrap">
        {row.value} {unit}
        {mgDl && row.code.toUpperCase().startsWith('GLU_') && Number.isFinite(value) ? (
          <span className="gc-muted"> ({formatGlucose(value, 'mgDl')} mg/dL)</span>
        ) : null}
      </span>
    );
  };
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="gc-form-alert"
        message={t('catalogueSettings.meter.hint')}
        data-testid="meter-hint"
      />
      <FixedTypeDictionary fixedType="meterParameter" renderValue={renderValue} />
    </>
  );
}
