import { type HisSetting, type HisSettingInput, hisSettingSchema } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchHisSetting, saveHisSetting } from '../../../api/settings';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange } from '../../../components/form-rules';
import { bodyFieldRule, INLINE_ERROR, SettingActions, SettingCard, useSettingSave } from '../settings-form';

interface Values {
  enable: boolean;
  address: { address: string; port: string };
  /** issue 21: the port the HL7 listener takes messages on (blank: results are only sent) */
  listenPort: string;
}

const QUERY_KEY = ['settings', 'his'];

const valuesOf = (setting: HisSetting): Values => ({
  enable: setting.enable,
  address: {
    address: setting.address.address ?? '',
    port: setting.address.port === null ? '' : String(setting.address.port),
  },
  listenPort: setting.listenPort == null ? '' : String(setting.listenPort),
});

/** The body POST /v1/his takes, from the form (blanks stay blank: the schema decides what they mean). */
const bodyOf = (values: Partial<Values>): HisSettingInput => ({
  address: { address: values.address?.address?.trim() ?? '', port: values.address?.port?.trim() ?? '' },
  listenPort: values.listenPort?.trim() ?? '',
  enable: values.enable === true,
});

/** The HIS/LIS interface server the HL7 service talks to, and the service switch. */
export function HisCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => fetchHisSetting(signal),
    meta: INLINE_ERROR,
  });
  const save = useSettingSave(saveHisSetting, {
    queryKey: QUERY_KEY,
    onSaved: (saved) => form.setFieldsValue(valuesOf(saved)),
    onError: (error) => handleSaveError(form, error),
  });
  const enabled = Form.useWatch('enable', form);
  const rule = (field: string) => bodyFieldRule<Values>(hisSettingSchema, ['address', field], bodyOf);

  return (
    <SettingCard
      title={t('hospitalSettings.his.title')}
      description={t('hospitalSettings.his.description')}
      queries={[query]}
      testId="his-card"
      extra={
        query.data ? (
          <Tag color={query.data.enable ? 'green' : 'default'} data-testid="his-status">
            {query.data.enable ? t('hospitalSettings.his.running') : t('hospitalSettings.his.stopped')}
          </Tag>
        ) : null
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={query.data ? valuesOf(query.data) : undefined}
        disabled={!canEdit}
        onFinish={(values) => save.mutate(bodyOf(values))}
        data-testid="his-form"
      >
        <Form.Item
          name="enable"
          label={t('hospitalSettings.his.enable')}
          valuePropName="checked"
          extra={t('hospitalSettings.his.enableHelp')}
        >
          <Switch
            checkedChildren={t('systemSettings.form.on')}
            unCheckedChildren={t('systemSettings.form.off')}
            data-testid="his-enable"
          />
        </Form.Item>
        <Form.Item
          name={['address', 'address']}
          label={t('hospitalSettings.his.address')}
          extra={t('hospitalSettings.his.addressHelp')}
          dependencies={['enable']}
          required={enabled === true}
          rules={[rule('address')]}
        >
          <Input
            placeholder="his.hospital.local"
            maxLength={253}
            autoComplete="off"
            spellCheck={false}
            data-testid="his-address"
          />
        </Form.Item>
        <Form.Item
          name={['address', 'port']}
          label={t('hospitalSettings.his.port')}
          extra={t('hospitalSettings.his.portHelp')}
          dependencies={['enable']}
          required={enabled === true}
          rules={[rule('port')]}
        >
          <Input
            placeholder="2575"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            style={{ maxWidth: 160 }}
            data-testid="his-port"
          />
        </Form.Item>
        <Form.Item
          name="listenPort"
          label={t('hospitalSettings.his.listenPort')}
          extra={t('hospitalSettings.his.listenPortHelp')}
          rules={[bodyFieldRule<Values>(hisSettingSchema, ['listenPort'], bodyOf)]}
        >
          <Input
            placeholder="2575"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            style={{ maxWidth: 160 }}
            data-testid="his-listen-port"
          />
        </Form.Item>
        {canEdit ? (
          <SettingActions
            saving={save.isPending}
            onReset={() => query.data && form.setFieldsValue(valuesOf(query.data))}
            testId="his"
          />
        ) : null}
      </Form>
    </SettingCard>
  );
}
