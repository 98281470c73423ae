import { PERMISSIONS } from '@glucocare/domain/admin';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { showError } from '../../api/http';
import { fetchEntryOptions, type Reading } from '../../api/measurements';
import { usePermission } from '../../app/permissions';
import { currentLang } from '../../i18n';
import { CriticalEntryDialog } from '../critical/CriticalEntryDialog';
import { asksToNotify } from '../critical/critical';
import { ReadingForm } from '../measurements/ReadingForm';
import { periodNow } from '../measurements/reading-format';

/** What every reading write makes stale: the round, bed cards, tasks, critical values, readings. */
export const READING_QUERY_KEYS = [
  ['round'],
  ['patients'],
  ['tasks'],
  ['critical'],
  ['measurements'],
] as const;

/** Reloads what a saved reading changes. */
export function useReadingSaved(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    for (const key of READING_QUERY_KEYS) void client.invalidateQueries({ queryKey: [...key] });
  }, [client]);
}

/**
 * The one-reading entry outside the patient page (issue 15): the patient's normal entry form
 * (measurements `ReadingForm`) for an item, opened with the result focused and Enter saving — a
 * glucose for the period of the hospital clock now (the wristband scan), or a ketone or uric acid from
 * the ward round. A critical value saved opens its entry dialog, as on the patient page.
 */
export function ReadingEntryDialog({
  patientId,
  item,
  onClose,
}: {
  patientId: number;
  item: MeasurementItem;
  /** the form and any critical-value dialog after it are done */
  onClose: () => void;
}) {
  const saved = useReadingSaved();
  const canNotify = usePermission(PERMISSIONS.criticalValues.handle);
  const [formOpen, setFormOpen] = useState(true);
  const [toNotify, setToNotify] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ['measurements', 'options', patientId, item, currentLang()],
    queryFn: ({ signal }) => fetchEntryOptions(patientId, item, signal),
    meta: { silent: true },
  });
  useEffect(() => {
    if (!query.isError) return;
    showError(query.error);
    onClose();
  }, [query.isError, query.error, onClose]);
  useEffect(() => {
    if (!formOpen && toNotify === null) onClose();
  }, [formOpen, toNotify, onClose]);
  const options = query.data;
  const onSaved = (reading: Reading) => {
    saved();
    if (canNotify && asksToNotify(reading, new Date())) setToNotify(reading.id);
  };
  return (
    <>
      {options && formOpen ? (
        <ReadingForm
          open
          patientId={patientId}
          item={item}
          options={options}
          reading={null}
          preset={{ period: item === 'GLU' ? periodNow(options, new Date()) : null, testTime: new Date() }}
          focusResult
          onClose={() => setFormOpen(false)}
          onSaved={onSaved}
        />
      ) : null}
      {toNotify !== null && !formOpen ? (
        <CriticalEntryDialog measurementId={toNotify} onDone={() => setToNotify(null)} />
      ) : null}
    </>
  );
}
