import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { criticalKeys, fetchCriticalOfMeasurement } from '../../api/critical';
import { currentLang } from '../../i18n';
import { useNow } from './CriticalTodayTab';
import { NotifyCriticalDialog } from './NotifyCriticalDialog';
import { useItemUnits } from './units';
import './critical.css';

/**
 * After a critical reading is saved: finds the value it opened and asks whom the nurse told
 * ({@link NotifyCriticalDialog}). Nothing to ask — no event (the reading was not critical after all,
 * or is outside the user's wards), already notified or handled — ends at once (`onDone`).
 */
export function CriticalEntryDialog({
  measurementId,
  onDone,
}: {
  measurementId: number;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const units = useItemUnits();
  const now = useNow(30_000);
  const query = useQuery({
    queryKey: criticalKeys.ofMeasurement(measurementId, currentLang()),
    queryFn: ({ signal }) => fetchCriticalOfMeasurement(measurementId, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const event = query.data;
  const nothingToAsk = query.isError || (!!event && (event.status !== 'open' || !!event.notifiedAt));
  useEffect(() => {
    if (nothingToAsk) onDone();
  }, [nothingToAsk, onDone]);
  if (!event || nothingToAsk) return null;
  return (
    <NotifyCriticalDialog
      event={event}
      units={units}
      now={now}
      onClose={onDone}
      onSaved={() => {
        void client.invalidateQueries({ queryKey: criticalKeys.all });
        onDone();
      }}
    />
  );
}
