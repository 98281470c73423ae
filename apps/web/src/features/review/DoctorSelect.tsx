import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDoctorOptions } from './use-doctor-options';

/** A searchable doctor picker (value: the doctor's user name), usable as an antd form control. */
export function DoctorSelect(props: Omit<SelectProps<string>, 'options'>) {
  const { t } = useTranslation();
  const doctors = useDoctorOptions();
  return (
    <Select<string>
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('common.all')}
      loading={doctors.loading}
      options={doctors.options}
      {...props}
    />
  );
}
