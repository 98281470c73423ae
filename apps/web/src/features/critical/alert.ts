import type { CriticalEvent, CriticalLatest } from '../../api/critical';

/** How often the watch asks for new critical values while the push channel is down. */
export const ALERT_POLL_MS = 30_000;
/** ... and while it is live (the channel announces each value at once; this is a safety net). */
export const ALERT_SAFETY_POLL_MS = 300_000;

const MUTE_PREFIX = 'gc.criticalTone.muted:';

/** Whether this user muted the critical-value tone on this workstation. */
export function alertMuted(user: string): boolean {
  try {
    return !!user && localStorage.getItem(MUTE_PREFIX + user) === '1';
  } catch {
    return false;
  }
}

export function setAlertMuted(user: string, muted: boolean): void {
  try {
    if (muted) localStorage.setItem(MUTE_PREFIX + user, '1');
    else localStorage.removeItem(MUTE_PREFIX + user);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}
/** How many values the banner names (the rest are counted). */
export const ALERT_SHOWN = 3;

/** What the alert knows between polls. */
export interface AlertState {
  /** the cursor of the next poll; null before the first answer */
  since: number | null;
  /** open values of the user's wards, as of the last answer */
  openCount: number;
  /** the newest open values known, newest first (at most {@link ALERT_SHOWN}) */
  latest: CriticalEvent[];
  /** values that arrived after the page opened, to announce (cleared once announced) */
  arrived: CriticalEvent[];
  /** values escalated to this user that still wait, in the user's wards or not, newest escalation first */
  escalated: CriticalEvent[];
  /** values escalated to this user after the page opened, to announce */
  escalatedArrived: CriticalEvent[];
}

export const INITIAL_ALERT: AlertState = {
  since: null,
  openCount: 0,
  latest: [],
  arrived: [],
  escalated: [],
  escalatedArrived: [],
};

/**
 * The alert after a poll: the first answer sets the scene (what is open already is shown, not
 * announced); later answers announce what is new, and the values newly escalated to the user. Values
 * handled meanwhile drop out of the banner once the open count says fewer are open than it lists.
 */
export function nextAlertState(state: AlertState, answer: CriticalLatest): AlertState {
  const first = state.since === null;
  const known = new Set(state.latest.map((event) => event.id));
  const fresh = answer.records.filter((event) => !known.has(event.id));
  const merged = [...fresh, ...state.latest].sort((a, b) => b.id - a.id);
  const escalatedBefore = new Set(state.escalated.map((event) => event.id));
  return {
    since: Math.max(state.since ?? 0, answer.latestId),
    openCount: answer.openCount,
    latest: merged.slice(0, Math.min(ALERT_SHOWN, answer.openCount)),
    arrived: first ? [] : fresh,
    escalated: answer.escalatedToMe,
    escalatedArrived: first ? [] : answer.escalatedToMe.filter((event) => !escalatedBefore.has(event.id)),
  };
}

/**
 * A short two-tone beep (Web Audio) for a new critical value. Silent in automated browsers
 * (`navigator.webdriver`) and wherever audio is unavailable or not yet allowed by the browser.
 */
export function playAlertTone(): void {
  if (typeof window === 'undefined' || navigator.webdriver) return;
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    [880, 660].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      const start = context.currentTime + index * 0.22;
      oscillator.start(start);
      oscillator.stop(start + 0.18);
    });
    window.setTimeout(() => void context.close().catch(() => undefined), 1000);
  } catch {
    // no sound: the banner and the notification still show
  }
}
