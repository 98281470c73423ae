import { COMMON_TIME_ZONES, timeZoneSchema } from '@glucocare/domain/patients';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTimeZone, saveTimeZone } from '../../../api/patients';
import { setSessionTimeZone } from '../../../app/session';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { INLINE_ERROR, SettingActions, SettingCard, useSettingSave } from '../settings-form';

interface Values {
  value: string;
}

const QUERY_KEY = ['settings', 'timeZone'];

/** Offsets shown beside the common zones ("Asia/Shanghai (UTC+08:00)"), at the current date. */
function offsetOf(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((item) => item.type === 'timeZoneName')?.value;
    return part === 'GMT' ? 'UTC+00:00' : (part?.replace('GMT', 'UTC') ?? '');
  } catch {
    return '';
  }
}

/**
 * The hospital's time zone (`hospital.timeZone`): "today", the days of the glucose grid and the period
 * times are read in it. A common zone from the list, or any IANA name typed.
 */
export function TimeZoneCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => fetchTimeZone(signal),
    meta: INLINE_ERROR,
  });
  const save = useSettingSave((values: Values) => saveTimeZone(values.value), {
    queryKey: QUERY_KEY,
    onSaved: (saved) => {
      form.setFieldsValue(saved);
      setSessionTimeZone(saved.value);
    },
    onError: (error) => handleSaveError(form, error),
  });
  return (
    <SettingCard
      title={t('patients.timeZone.title')}
      description={t('patients.timeZone.description')}
      queries={[query]}
      testId="time-zone-card"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={query.data}
        disabled={!canEdit}
        onFinish={(values) => save.mutate({ value: values.value.trim() })}
      >
        <Form.Item
          name="value"
          label={t('patients.timeZone.label')}
          extra={t('patients.timeZone.help')}
          required
          rules={[zodRule(timeZoneSchema)]}
        >
          <AutoComplete
            options={COMMON_TIME_ZONES.map((zone) => ({ value: zone, label: `${zone} (${offsetOf(zone)})` }))}
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(input.trim().toLowerCase())
            }
            placeholder="Asia/Shanghai"
            data-testid="time-zone-input"
          />
        </Form.Item>
        {canEdit ? (
          <SettingActions
            saving={save.isPending}
            onReset={() => query.data && form.setFieldsValue(query.data)}
            testId="time-zone"
          />
        ) : null}
      </Form>
    </SettingCard>
  );
}
