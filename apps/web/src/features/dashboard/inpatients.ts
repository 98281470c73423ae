import { MONITOR_ITEMS, type MonitorItem } from '@glucocare/domain/orders';
import { parseMonitorTaskKey } from '@glucocare/domain/tasks';
import type { HisPatient, Inpatient, ScanResult, TodayPeriods } from '../../api/patients';

/** How the inpatient list shows: bed cards or a table (remembered per browser). */
export type ViewMode = 'cards' | 'table';
export const VIEW_MODE_KEY = 'inpatientView';

export function readViewMode(): ViewMode {
  try {
    return window.localStorage.getItem(VIEW_MODE_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

export function writeViewMode(mode: ViewMode): void {
  try {
    window.localStorage.setItem(VIEW_MODE_KEY, mode);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

export type Elapsed = { unit: 'now' | 'minutes' | 'hours' | 'days'; count: number };

/** How long ago an instant was, in the largest whole unit (under a minute: now). */
export function elapsedSince(iso: string, now: Date): Elapsed {
  const ms = Math.max(0, now.getTime() - new Date(iso).getTime());
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return { unit: 'now', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

export type PeriodState = 'done' | 'untested' | 'due' | 'overdue' | 'upcoming';

export interface PeriodChip {
  code: string;
  name: string;
  state: PeriodState;
  /** an untested period: the reason's name */
  reason?: string;
}

/**
 * Today's tasks of a patient as chips in the day's order, each with its state (an untested one with its
 * reason): glucose periods by the periods' sort (a period the settings no longer name shows its code),
 * clock times of monitoring orders by time ("02:00"), then ketone and uric-acid tasks named with their
 * item ("Ketone · Fasting", `itemName` gives the item's name).
 */
export function periodChips(
  today: TodayPeriods,
  periods: readonly { code: string; name: string; sort: number }[],
  itemName: (item: MonitorItem) => string = (item) => item,
): PeriodChip[] {
  const info = new Map(periods.map((period) => [period.code, period]));
  const chips: (PeriodChip & { rank: number[] })[] = [];
  const add = (code: string, state: PeriodState, reason?: string) => {
    const task = parseMonitorTaskKey(code) ?? { item: 'GLU' as const, period: code, slot: null };
    const period = task.period === null ? undefined : info.get(task.period);
    const when = task.slot ?? period?.name ?? task.period ?? code;
    const clock = task.slot ? Number(task.slot.replace(':', '')) : null;
    chips.push({
      code,
      name: task.item === 'GLU' ? when : `${itemName(task.item)} · ${when}`,
      state,
      rank: [
        MONITOR_ITEMS.indexOf(task.item),
        clock === null ? 0 : 1,
        clock ?? period?.sort ?? Number.MAX_SAFE_INTEGER,
      ],
      ...(reason === undefined ? {} : { reason }),
    });
  };
  for (const state of ['done', 'due', 'overdue', 'upcoming'] as const) {
    for (const code of today[state]) add(code, state);
  }
  for (const { code, reason } of today.untested ?? []) add(code, 'untested', reason);
  const byRank = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  return chips.sort((a, b) => byRank(a.rank, b.rank)).map(({ rank: _rank, ...chip }) => chip);
}

/** What a scanned code leads to. */
export type ScanOutcome =
  | { kind: 'patient'; patient: Inpatient }
  | { kind: 'readmit'; patient: Inpatient; his: HisPatient | null }
  | { kind: 'his'; his: HisPatient }
  | { kind: 'otherWard'; code: string }
  | { kind: 'unknown'; code: string };

/**
 * The scan's next step: an in-hospital patient opens; a discharged patient of the ward is offered a
 * readmission; a HIS record opens the admission form prefilled; another ward's patient is only named
 * as such (the server tells nothing more); otherwise an empty admission form.
 */
export function scanOutcome(result: ScanResult, code: string): ScanOutcome {
  if (result.patient) return { kind: 'patient', patient: result.patient };
  if (result.otherWard) return { kind: 'otherWard', code };
  if (result.dischargedPatient)
    return { kind: 'readmit', patient: result.dischargedPatient, his: result.his };
  if (result.his) return { kind: 'his', his: result.his };
  return { kind: 'unknown', code };
}

/** The filters of the inpatient list as the toolbar holds them. */
export interface ListFilters {
  departmentCode?: string;
  doctorCode?: string;
  tag?: string;
  queryCondition?: string;
  criticalOnly?: boolean;
}

/** Whether any filter narrows the list (the empty state then says so). */
export function isFiltered(filters: ListFilters): boolean {
  return Boolean(
    filters.departmentCode ||
      filters.doctorCode ||
      filters.tag ||
      filters.queryCondition?.trim() ||
      filters.criticalOnly,
  );
}
