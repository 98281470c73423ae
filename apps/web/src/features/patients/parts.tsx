import { ManOutlined, QuestionOutlined, WomanOutlined } from '@ant-design/icons';
import { readingColor } from '@glucocare/domain/patients';
import { formatReadingValue } from '@glucocare/domain/review';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTagOptions, type TagOption } from '../../api/catalogue-settings';
import { fetchResponsibleDoctors, type LatestGlucose } from '../../api/patients';
import { fetchGlucosePeriods } from '../../api/periods';
import { shownPatientTag, shownTagName } from '../../components/names';
import { currentLang } from '../../i18n';
import { useItemUnit } from '../review/use-item-unit';

/** Query keys of the patient screens; invalidate `patientKeys.all` after any change of a patient. */
export const patientKeys = {
  all: ['patients'] as const,
  list: (filter: object) => ['patients', 'list', filter] as const,
  counts: (filter: object) => ['patients', 'counts', filter] as const,
  detail: (id: number) => ['patients', 'detail', id] as const,
  events: (id: number, page: number) => ['patients', 'events', id, page] as const,
  discharged: ['patients', 'discharged'] as const,
};

/** A small male / female / unknown mark with its name for screen readers. */
export function GenderIcon({ gender }: { gender: string }) {
  const { t } = useTranslation();
  const label = t(`patients.gender.${gender === 'male' || gender === 'female' ? gender : 'unknown'}`);
  const icon =
    gender === 'male' ? <ManOutlined /> : gender === 'female' ? <WomanOutlined /> : <QuestionOutlined />;
  return (
    <Tooltip title={label}>
      <span className={`gc-gender gc-gender-${gender}`} role="img" aria-label={label}>
        {icon}
      </span>
    </Tooltip>
  );
}

/** A patient's name as a link to the detail, with the gender mark (tables). */
export function PatientNameLink({
  patient,
  onOpen,
  testId,
}: {
  patient: { name: string; gender: string };
  onOpen: () => void;
  testId?: string;
}) {
  return (
    <Space size={6}>
      <Button type="link" size="small" className="gc-link-button" onClick={onOpen} data-testid={testId}>
        {patient.name}
      </Button>
      <GenderIcon gender={patient.gender} />
    </Space>
  );
}

/** The tag options by the text patients store (`useTagOptions().byTag`). */
export type TagOptionsByText = ReadonlyMap<string, TagOption>;

/**
 * The patient's tags as small coloured labels: each the name and colour of the tag option with its
 * text, in the language on screen; a text no option has any more shows as stored.
 */
export function PatientTags({ tags, options }: { tags: readonly string[]; options?: TagOptionsByText }) {
  if (!tags.length) return null;
  return (
    <span className="gc-patient-tags">
      {tags.map((tag) => (
        <Tag key={tag} color={options?.get(tag)?.color ?? undefined} bordered={false} data-tag={tag}>
          {shownPatientTag(tag, options)}
        </Tag>
      ))}
    </span>
  );
}

/** A glucose value in the hospital's display unit, coloured by its classification. */
export function GlucoseValue({ reading, withUnit = true }: { reading: LatestGlucose; withUnit?: boolean }) {
  const unit = useItemUnit('GLU');
  const color = readingColor(reading.determineType, reading.color);
  return (
    <span className="gc-glucose-value" style={{ color }} data-testid="glucose-value">
      {formatReadingValue('GLU', reading.testValue, unit.code, reading)}
      {withUnit ? <span className="gc-glucose-unit"> {unit.name}</span> : null}
    </span>
  );
}

/** The glucose periods (names in the current language), for today's chips. */
export function useGlucosePeriods() {
  const query = useQuery({
    queryKey: ['settings', 'gluPeriods'],
    queryFn: ({ signal }) => fetchGlucosePeriods(signal),
    staleTime: 300_000,
    meta: { silent: true },
  });
  const zh = currentLang() === 'zh-CN';
  return (query.data ?? []).map((period) => ({
    code: period.code,
    name: zh ? period.nameZh : period.nameEn,
    sort: period.sort,
  }));
}

/**
 * The tag options (by sort), as select options (the text patients store, shown by its name) and by
 * their text (for {@link PatientTags}).
 */
export function useTagOptions() {
  const query = useQuery({
    queryKey: ['settings', 'tagOptions'],
    queryFn: ({ signal }) => fetchTagOptions(signal),
    staleTime: 300_000,
    meta: { silent: true },
  });
  const options = query.data ?? [];
  return {
    options,
    selectOptions: options.map((option) => ({ value: option.tag, label: shownTagName(option) })),
    byTag: new Map(options.map((option) => [option.tag, option])) as TagOptionsByText,
  };
}

/** Doctors a patient can be given to (the whole hospital's, or one department's), as select options. */
export function useDoctorOptions(departmentCode?: string | null) {
  const query = useQuery({
    queryKey: ['patients', 'doctors', departmentCode ?? '', currentLang()],
    queryFn: ({ signal }) => fetchResponsibleDoctors(departmentCode ?? undefined, signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
  return {
    loading: query.isLoading,
    options: (query.data ?? []).map((doctor) => ({
      value: doctor.userName,
      label: doctor.nickName,
      department: doctor.departmentName,
    })),
  };
}
