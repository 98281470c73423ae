import { insulinPeriodFieldSchemas as fields } from '@glucocare/domain/hospital-settings';
import { useTranslation } from 'react-i18next';
import {
  createInsulinPeriod,
  deleteInsulinPeriod,
  fetchInsulinPeriods,
  type InsulinPeriod,
  updateInsulinPeriod,
} from '../../../api/periods';
import { DialogForm, useEditForm } from '../../../components/dialog-form/DialogForm';
import {
  PeriodFormFields,
  PeriodTab,
  type PeriodValues,
  periodInputOf,
  periodValuesOf,
  usePeriodPreview,
} from './period-ui';

const insulinPeriodKeys = ['settings', 'insulinPeriods'] as const;

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
    periodValuesOf,
  );
  const preview = usePeriodPreview(edit.form, periods, edit.base?.id);
  return (
    <DialogForm<InsulinPeriod, PeriodValues>
      edit={edit}
      title={record ? t('periodSettings.insulin.editTitle') : t('periodSettings.insulin.createTitle')}
      width={620}
      initialValues={record ? periodValuesOf(record) : { sort: 0, isActive: true }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) =>
        base
          ? updateInsulinPeriod({ ...periodInputOf(values), id: base.id, version: base.version })
          : createInsulinPeriod(periodInputOf(values))
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
  return (
    <PeriodTab<InsulinPeriod>
      kind="insulin"
      queryKey={insulinPeriodKeys}
      fetch={fetchInsulinPeriods}
      // the insulin API has no status route: the switch saves the whole period
      changeStatus={(row, isActive) =>
        updateInsulinPeriod({
          ...periodInputOf(periodValuesOf(row)),
          isActive,
          id: row.id,
          version: row.version,
        })
      }
      remove={{
        question: (row) => t('periodSettings.insulin.deleteConfirm', { name: row.name }),
        run: (row) => deleteInsulinPeriod(row.id, row.version),
      }}
      columns={{
        detail: (row) => (
          <>
            {row.code} · {row.startTime}-{row.endTime}
          </>
        ),
        widths: { mobileStatus: 120, actions: 130 },
      }}
      note={t('periodSettings.insulin.note')}
      form={(record, periods, done) => <InsulinPeriodForm record={record} periods={periods} {...done} />}
    />
  );
}
