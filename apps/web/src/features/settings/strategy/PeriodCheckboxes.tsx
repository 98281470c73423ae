import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/http';
import { fetchEnabledGlucosePeriods } from '../../../api/strategy-settings';
import { currentLang } from '../../../i18n';
import { INLINE_ERROR } from '../settings-form';

/** The tenant's enabled glucose periods, named in the current language. */
export function useEnabledGlucosePeriods() {
  const lang = currentLang();
  return useQuery({
    queryKey: ['strategySettings', 'periods', lang],
    queryFn: ({ signal }) => fetchEnabledGlucosePeriods(signal),
    meta: INLINE_ERROR,
    staleTime: 60_000,
  });
}

interface PeriodCheckboxesProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * Glucose periods as checkboxes (an antd form control). A code the setting holds that is no longer an
 * enabled period stays listed, marked stopped, so it can be unticked rather than silently kept.
 */
export function PeriodCheckboxes({ id, value, onChange, disabled, ...rest }: PeriodCheckboxesProps) {
  const { t } = useTranslation();
  const periods = useEnabledGlucosePeriods();
  if (periods.isPending) return <Skeleton.Input active size="small" block />;
  if (periods.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('strategySettings.periodsLoadFailed')}
        description={errorText(periods.error)}
        action={
          <Button size="small" onClick={() => void periods.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const known = new Set(periods.data.map((period) => period.code));
  const options = [
    ...periods.data.map((period) => ({ value: period.code, label: period.name })),
    ...(value ?? [])
      .filter((code) => !known.has(code))
      .map((code) => ({ value: code, label: t('strategySettings.stoppedPeriod', { code }) })),
  ];
  return (
    <div id={id}>
      <Checkbox.Group
        value={value ?? []}
        // in the day's order, whatever order they were ticked in
        onChange={(checked) =>
          onChange?.(options.map((option) => option.value).filter((code) => checked.includes(code)))
        }
        disabled={disabled}
        options={options}
        className="gc-strategy-periods"
        data-testid={rest['data-testid']}
      />
    </div>
  );
}
