import { insulinPeriodFieldSchemas as fields } from '@glucocare/domain/hospital-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createInsulinPeriod,
  deleteInsulinPeriod,
  fetchInsulinPeriods,
  type InsulinPeriod,
  updateInsulinPeriod,
} from '../../../api/periods';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { DialogForm, useEditForm } from '../../../components/dialog-form/DialogForm';
import { confirmDelete, RowEditDelete, useStatusToggle } from '../../../components/list-page/row-parts';
import {
  PERIOD_EDIT,
  PeriodFormFields,
  PeriodPanel,
  periodColumns,
  usePeriodList,
  usePeriodPreview,
} from './period-ui';

const insulinPeriodKeys = ['settings', 'insulinPeriods'] as const;

interface Values {
  code: string;
  nameZh: string;
  nameEn: string;
  startTime: string;
  endTime: string;
  sort?: number | null;
  isActive: boolean;
}

const valuesOf = (period: InsulinPeriod): Values => ({
  code: period.code,
  nameZh: period.nameZh,
  nameEn: period.nameEn,
  startTime: period.startTime,
  endTime: period.endTime,
  sort: period.sort,
  isActive: period.isActive,
});

const inputOf = (values: Values) => ({
  code: values.code.trim(),
  nameZh: values.nameZh.trim(),
  nameEn: values.nameEn.trim(),
  startTime: values.startTime.trim(),
  endTime: values.endTime.trim(),
  sort: values.sort ?? 0,
  isActive: !!values.isActive,
});

function InsulinPeriodForm({
  record,
  periods,
  onClose,
  onSaved,
}: {
  record: InsulinPeriod | null;
  periods: InsulinPeriod[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(
    record,
    async (current) => (await fetchInsulinPeriods()).find((period) => period.id === current.id) ?? null,
    valuesOf,
  );
  const preview = usePeriodPreview(edit.form, periods, edit.base?.id);
  return (
    <DialogForm<InsulinPeriod, Values>
      edit={edit}
      title={record ? t('periodSettings.insulin.editTitle') : t('periodSettings.insulin.createTitle')}
      width={620}
      initialValues={record ? valuesOf(record) : { sort: 0, isActive: true }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) =>
        base
          ? updateInsulinPeriod({ ...inputOf(values), id: base.id, version: base.version })
          : createInsulinPeriod(inputOf(values))
      }
      onSaved={onSaved}
    >
      <PeriodFormFields fields={fields} preview={preview} />
    </DialogForm>
  );
}

/** Tab "Insulin periods": when doses are given, with enable / stop and delete. */
export function InsulinPeriodTab() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERIOD_EDIT);
  const [editing, setEditing] = useState<{ record: InsulinPeriod | null } | null>(null);
  const { query, periods, refresh } = usePeriodList(insulinPeriodKeys, fetchInsulinPeriods);
  const status = useStatusToggle<InsulinPeriod>(
    (row, isActive) =>
      updateInsulinPeriod({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
    refresh,
  );

  const remove = async (row: InsulinPeriod) => {
    const outcome = await confirmDelete(t('periodSettings.insulin.deleteConfirm', { name: row.name }), () =>
      deleteInsulinPeriod(row.id, row.version),
    );
    if (outcome !== 'cancelled') refresh();
  };

  const actions = (row: InsulinPeriod) =>
    canEdit ? (
      <RowEditDelete onEdit={() => setEditing({ record: row })} onDelete={() => void remove(row)} />
    ) : null;

  const columns = periodColumns<InsulinPeriod>({
    t,
    mobile,
    canEdit,
    status,
    actions,
    detail: (row) => (
      <>
        {row.code} · {row.startTime}-{row.endTime}
      </>
    ),
    widths: { mobileStatus: 120, actions: 130 },
  });

  return (
    <>
      <PeriodPanel
        kind="insulin"
        query={query}
        columns={columns}
        canEdit={canEdit}
        mobile={mobile}
        onCreate={() => setEditing({ record: null })}
        note={t('periodSettings.insulin.note')}
      />
      {editing ? (
        <InsulinPeriodForm
          record={editing.record}
          periods={periods}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
