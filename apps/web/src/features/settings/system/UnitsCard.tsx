import { DISPLAY_ITEMS, type DisplayItem } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Divider, Flex, Select, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchItemDisplay,
  fetchSupportUnits,
  type ItemDisplay,
  saveItemDisplay,
} from '../../../api/settings';
import { fetchUnits } from '../../../api/tenants';
import { sessionStore } from '../../../app/session';
import { confirmAction } from '../../../components/confirm';
import { confirmHospitalWide, INLINE_ERROR, SettingCard, useSettingSave } from '../settings-form';

/**
 * The session keeps the glucose unit it loaded at sign-in; after a change it reloads it, so this
 * user's screens follow at once (everyone else's at their next session load).
 */
async function reloadSessionGlucoseUnits(): Promise<void> {
  try {
    const units = await fetchUnits('GLU');
    sessionStore.set((state) => (state.status === 'idle' ? state : { ...state, units }));
  } catch {
    // the next session load reads them anyway
  }
}

function UnitRow({ item, canEdit }: { item: DisplayItem; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryKey = ['settings', 'itemDisplay', item];
  const supported = useQuery({
    queryKey: ['settings', 'supportUnits', item],
    queryFn: ({ signal }) => fetchSupportUnits(item, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: INLINE_ERROR,
  });
  const current = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchItemDisplay(item, signal),
    meta: INLINE_ERROR,
  });
  const save = useSettingSave((unit: string) => saveItemDisplay(item, unit), {
    queryKey,
    successText: t('systemSettings.units.saved'),
    onSaved: (saved: ItemDisplay) => {
      if (saved.item === 'GLU') void reloadSessionGlucoseUnits();
    },
  });
  const change = async (unit: string) => {
    const name = supported.data?.find((option) => option.code === unit)?.name ?? unit;
    // the glucose unit says what follows from it; every unit is the whole hospital's
    const confirmed =
      item === 'GLU'
        ? await confirmAction({ content: t('systemSettings.units.confirmGlucose', { unit: name }) })
        : await confirmHospitalWide(t(`systemSettings.units.item.${item}`), name);
    if (confirmed) save.mutate(unit);
  };
  const failed = supported.isError || current.isError;
  return (
    <Flex justify="space-between" align="center" gap={16} wrap data-testid={`unit-row-${item}`}>
      <div style={{ minWidth: 0, flex: '1 1 120px' }}>
        <Typography.Text strong>{t(`systemSettings.units.item.${item}`)}</Typography.Text>
        <Typography.Text type="secondary" className="gc-block">
          {current.data
            ? t('systemSettings.units.precision', { count: current.data.precision })
            : failed
              ? t('systemSettings.form.loadFailed')
              : '\u00a0'}
        </Typography.Text>
      </div>
      <Select
        value={current.data?.unit}
        loading={supported.isPending || current.isPending || save.isPending}
        disabled={!canEdit || failed || save.isPending}
        options={(supported.data ?? []).map((unit) => ({ value: unit.code, label: unit.name }))}
        onChange={(unit: string) => void change(unit)}
        style={{ width: 140 }}
        aria-label={t(`systemSettings.units.item.${item}`)}
        data-testid={`unit-select-${item}`}
      />
    </Flex>
  );
}

/** The unit each measured item is shown in (the API keeps the storage unit). */
export function UnitsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingCard
      title={t('systemSettings.units.title')}
      description={t('systemSettings.units.description')}
      testId="units-card"
    >
      {DISPLAY_ITEMS.map((item, index) => (
        <Fragment key={item}>
          {index > 0 ? <Divider style={{ margin: '12px 0' }} /> : null}
          <UnitRow item={item} canEdit={canEdit} />
        </Fragment>
      ))}
    </SettingCard>
  );
}
