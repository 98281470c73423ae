import { PERMISSIONS } from '@glucocare/domain/admin';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Inpatient, scanPatientCode } from '../../api/patients';
import { toastError } from '../notify';
import { usePermission } from '../permissions';
import { BurstDetector, typingInField } from './scan-burst';

/** A page that handles a scanned patient itself (the ward round focuses the bed's cell): true when it did. */
export type ScanClaim = (patient: Inpatient) => boolean;

const claims = new Set<ScanClaim>();

// the entry form's code loads with the first scan
const ReadingEntryDialog = lazy(() =>
  import('../../features/round/ReadingEntryDialog').then((m) => ({ default: m.ReadingEntryDialog })),
);

/** Lets the page on screen take scanned patients (while mounted); the newest claim is asked first. */
export function useScanClaim(claim: ScanClaim): void {
  useEffect(() => {
    claims.add(claim);
    return () => {
      claims.delete(claim);
    };
  }, [claim]);
}

/**
 * Wristband scan anywhere (issue 15): a scanner's burst of keys ending with Enter, typed while no field
 * has the focus (a field's own scan, like the inpatient list's, stays the field's), is looked up
 * (GET /v1/patients/scan). An admitted patient of the user's wards opens the glucose entry for the period
 * of the hospital clock now with the result focused (Enter saves), unless the page on screen claims the
 * patient; those who do not record see the patient's page. Another ward's or an unknown code says so.
 */
export function WristbandScan() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRecord = usePermission(PERMISSIONS.measurementEntry.edit);
  const [entry, setEntry] = useState<number | null>(null);
  const scanning = useRef(false);
  const latest = useRef({ canRecord, navigate, t });
  latest.current = { canRecord, navigate, t };

  useEffect(() => {
    const detector = new BurstDetector();
    const scan = async (code: string) => {
      const { t: tr, canRecord: records, navigate: go } = latest.current;
      if (scanning.current) return;
      scanning.current = true;
      try {
        const result = await scanPatientCode(code);
        const patient = result.patient;
        if (patient && patient.status === 'inHospital') {
          if ([...claims].reverse().some((claim) => claim(patient))) return;
          if (records) setEntry(patient.id);
          else go(`/patient/detail?id=${patient.id}&tab=glucose`);
        } else if (result.otherWard) {
          toastError(tr('round.scan.otherWard', { code }));
        } else if (result.dischargedPatient) {
          toastError(tr('round.scan.discharged', { code, name: result.dischargedPatient.name }));
        } else {
          toastError(tr('round.scan.notFound', { code }));
        }
      } catch {
        toastError(latest.current.t('round.scan.failed', { code }));
      } finally {
        scanning.current = false;
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) {
        detector.reset();
        return;
      }
      if (typingInField(document.activeElement)) {
        detector.reset();
        return;
      }
      const code = detector.key(event.key, event.timeStamp);
      if (code) {
        // the Enter ends the scan: it does not press a focused button as well
        event.preventDefault();
        event.stopPropagation();
        void scan(code);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  return entry === null ? null : (
    <Suspense fallback={null}>
      <ReadingEntryDialog key={entry} patientId={entry} item="GLU" onClose={() => setEntry(null)} />
    </Suspense>
  );
}
