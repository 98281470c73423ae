import type { FeatureKey } from '@glucocare/domain/hospital-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Divider, Tag } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../api/http';
import { type FeatureSwitch, fetchFeatureSwitches, saveFeatureSwitch } from '../../../api/settings';
import { toastSuccess } from '../../../app/notify';
import { currentLang } from '../../../i18n';
import { INLINE_ERROR, SettingCard, SwitchRow } from '../settings-form';

/** The product's feature switches, each with what it does and its default. */
export function FeaturesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // names and descriptions come in the request language
  const queryKey = ['settings', 'features', currentLang()];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchFeatureSwitches(signal),
    meta: INLINE_ERROR,
  });
  const save = useMutation({
    mutationFn: ({ key, value }: { key: FeatureKey; value: boolean }) => saveFeatureSwitch(key, value),
    onSuccess: (saved) => {
      client.setQueryData<FeatureSwitch[]>(queryKey, (list) =>
        list?.map((item) => (item.key === saved.key ? saved : item)),
      );
      toastSuccess(
        t(saved.value ? 'systemSettings.features.switchedOn' : 'systemSettings.features.switchedOff', {
          name: saved.name,
        }),
      );
    },
    onError: showError,
  });
  const switches = query.data ?? [];
  return (
    <SettingCard
      title={t('systemSettings.features.title')}
      description={t('systemSettings.features.description')}
      queries={[query]}
      testId="features-card"
    >
      {switches.map((feature, index) => (
        <Fragment key={feature.key}>
          {index > 0 ? <Divider style={{ margin: '12px 0' }} /> : null}
          <SwitchRow
            title={
              <>
                {feature.name}
                <Tag className="gc-tag-inline">
                  {t(
                    feature.defaultValue
                      ? 'systemSettings.features.defaultOn'
                      : 'systemSettings.features.defaultOff',
                  )}
                </Tag>
              </>
            }
            ariaLabel={feature.name}
            description={feature.description}
            checked={feature.value}
            loading={save.isPending && save.variables?.key === feature.key}
            disabled={!canEdit}
            onChange={(value) => save.mutate({ key: feature.key, value })}
            testId={`feature-${feature.key}`}
            hospitalWide
          />
        </Fragment>
      ))}
    </SettingCard>
  );
}
