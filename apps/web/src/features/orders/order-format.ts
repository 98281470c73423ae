import type { PatientOrder } from '../../api/orders';

/** What the schedule texts need from i18n (the caller passes `t` bound to the screen's language). */
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The list separator of a language: "、" in Chinese, ", " otherwise. */
export const listSeparator = (lang: string) => (lang.startsWith('zh') ? '、' : ', ');

/**
 * When a monitoring order is measured, as people read it: "4-point: fasting, before lunch, before
 * dinner, before sleep", "every 2 h from 00:00", "TID (08:00, 12:00, 16:00)", "once at 10:00"; for
 * other orders the frequency, else null.
 */
export function scheduleText(
  order: Pick<
    PatientOrder,
    | 'classification'
    | 'adviceType'
    | 'monitorPeriods'
    | 'monitorPreset'
    | 'monitorTimes'
    | 'monitorEveryHours'
    | 'frequencyName'
    | 'testTime'
  >,
  t: Translate,
  lang: string,
  clock: (iso: string) => string,
): string | null {
  const sep = listSeparator(lang);
  if (order.classification !== 'monitoring') return order.frequencyName;
  if (order.adviceType === 'temporary' && order.testTime) {
    return t('orders.schedule.once', { time: clock(order.testTime) });
  }
  if (order.monitorPeriods?.length) {
    const periods = order.monitorPeriods.map((p) => p.name).join(sep);
    if (order.monitorPreset === 'sevenPoint') return t('orders.schedule.sevenPoint', { periods });
    if (order.monitorPreset === 'fourPoint') return t('orders.schedule.fourPoint', { periods });
    return periods;
  }
  const times = order.monitorTimes ?? [];
  if (order.frequencyName) return `${order.frequencyName} (${times.join(sep)})`;
  if (order.monitorEveryHours) {
    return t('orders.schedule.everyHours', { hours: order.monitorEveryHours, from: times[0] ?? '' });
  }
  return times.length ? times.join(sep) : null;
}
