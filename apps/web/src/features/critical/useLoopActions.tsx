import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgeCritical, type CriticalEvent } from '../../api/critical';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import type { LoopActions } from './CriticalCard';
import { NotifyCriticalDialog, SkipRecheckDialog } from './NotifyCriticalDialog';

/**
 * The critical list's loop steps: the buttons of the cards and the dialogs they open (notify, no
 * recheck), and the acknowledgement, which needs no dialog. `afterChange` reloads the lists (also after
 * a refusal: someone else took the step first).
 */
export function useLoopActions(
  units: Record<MeasurementItem, DisplayUnit>,
  afterChange: () => void,
): { loop: LoopActions; dialogs: ReactNode } {
  const { t } = useTranslation();
  const [notifying, setNotifying] = useState<CriticalEvent | null>(null);
  const [skipping, setSkipping] = useState<CriticalEvent | null>(null);
  const [acknowledging, setAcknowledging] = useState<number | null>(null);

  const onAcknowledge = async (event: CriticalEvent) => {
    setAcknowledging(event.id);
    try {
      await acknowledgeCritical({ id: event.id, version: event.version });
      toastSuccess(t('critical.loop.acknowledgedDone'));
    } catch (error) {
      showError(error);
    } finally {
      setAcknowledging(null);
      afterChange();
    }
  };
  const saved = (close: () => void) => () => {
    close();
    afterChange();
  };

  return {
    loop: {
      onNotify: setNotifying,
      onAcknowledge: (event) => void onAcknowledge(event),
      onSkipRecheck: setSkipping,
      acknowledging,
    },
    dialogs: (
      <>
        {notifying ? (
          <NotifyCriticalDialog
            event={notifying}
            units={units}
            now={new Date()}
            onClose={() => setNotifying(null)}
            onSaved={saved(() => setNotifying(null))}
          />
        ) : null}
        {skipping ? (
          <SkipRecheckDialog
            event={skipping}
            onClose={() => setSkipping(null)}
            onSaved={saved(() => setSkipping(null))}
          />
        ) : null}
      </>
    ),
  };
}
