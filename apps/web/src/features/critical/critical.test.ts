import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { CriticalEvent, CriticalLatest } from '../../api/critical';
import i18n from '../../i18n';
import { INITIAL_ALERT, nextAlertState } from './alert';
import {
  ACTION_PHRASES,
  appendPhrase,
  asksToNotify,
  criticalExportName,
  criticalFilterOf,
  ENTRY_DIALOG_HOURS,
  escalationText,
  formatDuration,
  loopSteps,
  minutesOpen,
  openUrgency,
  recheckCountdown,
  recheckCountdownText,
  sortForToday,
} from './critical';
import { notifiedUserOf } from './NotifyCriticalDialog';

const en = i18n.getFixedT('en-US');
const zh = i18n.getFixedT('zh-CN');

function event(id: number, fields: Partial<CriticalEvent> = {}): CriticalEvent {
  return {
    id,
    measurementId: id * 10,
    patientId: 1,
    patientName: 'Chen Jing',
    gender: 'female',
    bed: '3',
    inpatientNumber: 'IP1',
    departmentCode: 'ENDO',
    departmentName: 'Endocrinology',
    doctorCode: 'doctor01',
    doctorName: 'Dr. Li Wei',
    item: 'GLU',
    value: 2.1,
    unit: 'mmol/L',
    enteredValue: 2.1,
    enteredUnit: 'mmolL',
    classification: 'criticalLow',
    grade: 'I',
    color: '#722ED1',
    periodCode: 'fasting',
    periodName: 'Fasting',
    measuredAt: '2026-03-02T07:00:00.000Z',
    status: 'open',
    notifiedPerson: null,
    action: null,
    handledById: null,
    handledBy: null,
    handledAt: null,
    minutesToHandle: 0,
    notifiedAt: null,
    notifiedUserId: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    recheckDueAt: null,
    recheckedAt: null,
    recheckMeasurementId: null,
    recheckSkippedReason: null,
    escalatedAt: null,
    escalatedDoctorId: null,
    escalatedDoctorName: null,
    escalatedHeadNurseId: null,
    escalatedHeadNurseName: null,
    loopClosed: false,
    version: 1,
    ...fields,
  };
}

describe('the action box', () => {
  it('adds quick phrases one after another, once each', () => {
    expect(appendPhrase('', 'Rechecked the value')).toBe('Rechecked the value');
    expect(appendPhrase('Rechecked the value', 'Notified the doctor')).toBe(
      'Rechecked the value; Notified the doctor',
    );
    expect(appendPhrase('Rechecked the value;  ', 'Notified the doctor')).toBe(
      'Rechecked the value; Notified the doctor',
    );
    expect(appendPhrase('Rechecked the value', 'Rechecked the value')).toBe('Rechecked the value');
    expect(appendPhrase('已复测。', '已通知医生')).toBe('已复测；已通知医生');
    expect(appendPhrase(null, '密切观察')).toBe('密切观察');
  });

  it('has every quick phrase in both languages', () => {
    for (const key of ACTION_PHRASES) {
      expect(i18n.exists(`critical.phrases.${key}`, { lng: 'en-US' }), key).toBe(true);
      expect(i18n.exists(`critical.phrases.${key}`, { lng: 'zh-CN' }), key).toBe(true);
    }
  });
});

describe('durations and timers', () => {
  it('reads minutes and hours in both languages', () => {
    expect(formatDuration(0, en)).toBe('0 min');
    expect(formatDuration(45.9, en)).toBe('45 min');
    expect(formatDuration(125, en)).toBe('2 h 5 min');
    expect(formatDuration(125, zh)).toBe('2 小时 5 分钟');
  });

  it('counts an open value up to now and a handled one to its handling', () => {
    const now = new Date('2026-03-02T08:20:30.000Z');
    expect(minutesOpen(event(1), now)).toBe(80);
    expect(minutesOpen(event(1, { handledAt: '2026-03-02T07:25:00.000Z' }), now)).toBe(25);
    expect([10, 30, 59, 60, 600].map(openUrgency)).toEqual(['fresh', 'late', 'late', 'veryLate', 'veryLate']);
  });

  it('puts open ones first, newest first', () => {
    const rows = [
      event(1, { status: 'handled', measuredAt: '2026-03-02T09:00:00.000Z' }),
      event(2, { measuredAt: '2026-03-02T06:00:00.000Z' }),
      event(3, { measuredAt: '2026-03-02T08:00:00.000Z' }),
    ];
    expect(sortForToday(rows).map((row) => row.id)).toEqual([3, 2, 1]);
  });
});

describe('the query form', () => {
  const range = [dayjs('2026-03-01'), dayjs('2026-03-07')];

  it('sends calendar dates and the value range in the storage unit of the chosen item', () => {
    const { filter, problem } = criticalFilterOf(
      { range, category: 'GLU', minValue: '36', maxValue: '50', status: 'open', queryCondition: '  chen ' },
      'mgDl',
    );
    expect(problem).toBeNull();
    expect(filter).toMatchObject({
      beginDate: '2026-03-01',
      endDate: '2026-03-07',
      category: 'GLU',
      minValue: 1.9722, // 35.5 / 18: shown as 36 mg/dL or more
      status: 'open',
      queryCondition: 'chen',
    });
    expect(filter.maxValue).toBe(2.8055); // below 50.5 / 18: shown as 50 mg/dL or less
    expect(criticalFilterOf({ range, category: 'UA', minValue: 720 }, 'umolL').filter.minValue).toBe(719.5);
    expect(criticalExportName('Critical values', filter)).toBe('Critical values_2026-03-01_2026-03-07');
  });

  it('reports a missing or reversed range, a bad value range, and values without an item', () => {
    expect(criticalFilterOf({ range: [dayjs('2026-03-01'), null] }, 'mmolL').problem).toBe('required');
    expect(criticalFilterOf({ range: [range[1], range[0]] }, 'mmolL').problem).toBe('order');
    expect(criticalFilterOf({ range, category: 'GLU', minValue: '5', maxValue: '2' }, 'mmolL').problem).toBe(
      'valueOrder',
    );
    expect(criticalFilterOf({ range, category: 'GLU', minValue: 'abc' }, 'mmolL').problem).toBe(
      'valueInvalid',
    );
    expect(criticalFilterOf({ range, minValue: '2' }, 'mmolL').problem).toBe('valueNeedsItem');
    expect(criticalFilterOf({ range, status: 'void', category: 'HBA1C' }, 'mmolL').filter).toMatchObject({
      status: undefined,
      category: undefined,
    });
  });
});

describe('the ward alert', () => {
  const answer = (
    latestId: number,
    openCount: number,
    records: CriticalEvent[],
    escalatedToMe: CriticalEvent[] = [],
  ): CriticalLatest => ({ latestId, openCount, records, escalatedToMe });

  it('shows what is open at first without announcing it, then announces only what is new', () => {
    const first = nextAlertState(INITIAL_ALERT, answer(5, 2, [event(5), event(4)]));
    expect(first).toMatchObject({ since: 5, openCount: 2, arrived: [] });
    expect(first.latest.map((row) => row.id)).toEqual([5, 4]);

    const quiet = nextAlertState(first, answer(5, 2, []));
    expect(quiet.arrived).toEqual([]);
    expect(quiet.latest.map((row) => row.id)).toEqual([5, 4]);

    const next = nextAlertState(quiet, answer(9, 3, [event(9)]));
    expect(next.since).toBe(9);
    expect(next.arrived.map((row) => row.id)).toEqual([9]);
    expect(next.latest.map((row) => row.id)).toEqual([9, 5, 4]);
  });

  it('names at most three and forgets handled ones as the open count drops', () => {
    const many = nextAlertState(
      INITIAL_ALERT,
      answer(8, 5, [event(8), event(7), event(6), event(5), event(4)]),
    );
    expect(many.latest.map((row) => row.id)).toEqual([8, 7, 6]);
    const fewer = nextAlertState(many, answer(8, 1, []));
    expect(fewer.latest.map((row) => row.id)).toEqual([8]);
    const none = nextAlertState(fewer, answer(8, 0, []));
    expect(none).toMatchObject({ openCount: 0, latest: [], since: 8 });
  });

  it('keeps the values escalated to the user and announces only those escalated after the page opened', () => {
    const escalated = (id: number) => event(id, { escalatedAt: '2026-03-02T07:15:00.000Z' });
    // an older value of another ward, escalated before the page opened: shown, not announced
    const first = nextAlertState(INITIAL_ALERT, answer(9, 2, [event(9)], [escalated(3)]));
    expect(first).toMatchObject({ escalatedArrived: [] });
    expect(first.escalated.map((row) => row.id)).toEqual([3]);
    // the same one again is not news; a value of the ward escalating later is, though its id is old
    const again = nextAlertState(first, answer(9, 2, [], [escalated(3)]));
    expect(again.escalatedArrived).toEqual([]);
    const later = nextAlertState(again, answer(9, 2, [], [escalated(5), escalated(3)]));
    expect(later.escalatedArrived.map((row) => row.id)).toEqual([5]);
    expect(later.arrived).toEqual([]);
    // once its loop closes it leaves the list
    const closed = nextAlertState(later, answer(9, 1, [], [escalated(5)]));
    expect(closed.escalated.map((row) => row.id)).toEqual([5]);
    expect(closed.escalatedArrived).toEqual([]);
  });

  it('never moves the cursor back', () => {
    const state = { ...INITIAL_ALERT, since: 12 };
    expect(nextAlertState(state, answer(7, 0, [])).since).toBe(12);
  });
});

describe('the escalation line', () => {
  const at = '2026-03-02T01:05:00.000Z';
  it('names when and to whom, in the hospital’s time and both languages, or nothing before it escalated', () => {
    const both = event(1, {
      escalatedAt: at,
      escalatedDoctorName: 'Dr. Li Wei',
      escalatedHeadNurseName: 'Liu Yan',
    });
    expect(escalationText(both, en, 'Asia/Shanghai')).toBe(
      'Escalated at 09:05 to Dr. Li Wei (doctor) and Liu Yan (head nurse)',
    );
    expect(escalationText(both, zh, 'Asia/Shanghai')).toBe(
      '09:05 已升级通知医生 Dr. Li Wei 和护士长 Liu Yan',
    );
    expect(escalationText({ ...both, escalatedDoctorName: null }, en, 'Asia/Shanghai')).toBe(
      'Escalated at 09:05 to Liu Yan (head nurse)',
    );
    expect(escalationText({ ...both, escalatedHeadNurseName: null }, en, 'UTC')).toBe(
      'Escalated at 01:05 to Dr. Li Wei (doctor)',
    );
    expect(
      escalationText(
        { ...both, escalatedDoctorName: null, escalatedHeadNurseName: null },
        zh,
        'Asia/Shanghai',
      ),
    ).toBe('09:05 已升级，但未登记医生或护士长');
    expect(escalationText(event(2), en)).toBeNull();
  });
});

describe('the critical-value loop on the card', () => {
  const due = '2026-03-02T07:15:00.000Z';
  const at = (iso: string) => new Date(iso);

  it('counts down to the recheck, then counts how late it is, in whole minutes', () => {
    const open = event(1, { recheckDueAt: due });
    expect(recheckCountdown(open, at('2026-03-02T07:03:00.000Z'))).toEqual({ state: 'due', minutes: 12 });
    // 30 s before the due minute still reads "in 1 min", never "in 0 min"
    expect(recheckCountdown(open, at('2026-03-02T07:14:30.000Z'))).toEqual({ state: 'due', minutes: 1 });
    expect(recheckCountdown(open, at(due))).toEqual({ state: 'overdue', minutes: 0 });
    expect(recheckCountdown(open, at('2026-03-02T07:18:40.000Z'))).toEqual({ state: 'overdue', minutes: 3 });
    expect(recheckCountdown(open, at('2026-03-02T08:20:00.000Z'))).toEqual({ state: 'overdue', minutes: 65 });
  });

  it('has no countdown once rechecked, given up with a reason, or never scheduled', () => {
    const now = at('2026-03-02T07:20:00.000Z');
    expect(recheckCountdown(event(1, { recheckDueAt: due, recheckedAt: due }), now)).toBeNull();
    expect(recheckCountdown(event(1, { recheckDueAt: due, recheckSkippedReason: 'ICU' }), now)).toBeNull();
    expect(recheckCountdown(event(1), now)).toBeNull();
    expect(recheckCountdownText(null, en)).toBe('');
  });

  it('says the countdown in both languages', () => {
    expect(recheckCountdownText({ state: 'due', minutes: 12 }, en)).toBe('Recheck due in 12 min');
    expect(recheckCountdownText({ state: 'overdue', minutes: 3 }, en)).toBe('Recheck overdue by 3 min');
    expect(recheckCountdownText({ state: 'overdue', minutes: 65 }, en)).toBe('Recheck overdue by 1 h 5 min');
    expect(recheckCountdownText({ state: 'due', minutes: 12 }, zh)).toBe('12 分钟后复测');
    expect(recheckCountdownText({ state: 'overdue', minutes: 3 }, zh)).toBe('复测已超时 3 分钟');
    expect(recheckCountdownText({ state: 'overdue', minutes: 0 }, en)).toBe('Recheck due now');
    expect(recheckCountdownText({ state: 'overdue', minutes: 0 }, zh)).toBe('现在应复测');
    // the dialog's short form, after the due time
    expect(recheckCountdownText({ state: 'due', minutes: 5 }, en, 'critical.notify.countdown')).toBe(
      'in 5 min',
    );
    expect(recheckCountdownText({ state: 'overdue', minutes: 2 }, zh, 'critical.notify.countdown')).toBe(
      '已超时 2 分钟',
    );
  });

  it('lists the steps in order, done ones with their time and who, the recheck given up with its reason', () => {
    const steps = loopSteps(
      event(1, {
        notifiedAt: '2026-03-02T07:02:00.000Z',
        notifiedPerson: 'Dr. Li Wei',
        acknowledgedAt: '2026-03-02T07:05:00.000Z',
        acknowledgedBy: 'Dr. Li Wei',
        recheckSkippedReason: 'Transferred to ICU',
      }),
    );
    expect(steps).toEqual([
      { step: 'notified', state: 'done', at: '2026-03-02T07:02:00.000Z', detail: 'Dr. Li Wei' },
      { step: 'acknowledged', state: 'done', at: '2026-03-02T07:05:00.000Z', detail: 'Dr. Li Wei' },
      { step: 'handled', state: 'waiting', at: null, detail: null },
      { step: 'rechecked', state: 'skipped', at: null, detail: 'Transferred to ICU' },
    ]);
  });
});

describe('the entry dialog', () => {
  const now = new Date('2026-03-02T12:00:00.000Z');
  const reading = (fields: Partial<Parameters<typeof asksToNotify>[0]> = {}) => ({
    determineType: 'criticalLow' as string | null,
    testTime: '2026-03-02T11:50:00.000Z',
    testValue: 2.1 as number | null,
    ...fields,
  });

  it('asks about a critical value just measured, not about others or one typed in from an earlier shift', () => {
    expect(asksToNotify(reading(), now)).toBe(true);
    expect(asksToNotify(reading({ determineType: 'criticalHigh' }), now)).toBe(true);
    expect(asksToNotify(reading({ determineType: 'low' }), now)).toBe(false);
    expect(asksToNotify(reading({ determineType: null, testValue: null }), now)).toBe(false);
    const edge = new Date(now.getTime() - ENTRY_DIALOG_HOURS * 3_600_000).toISOString();
    expect(asksToNotify(reading({ testTime: edge }), now)).toBe(true);
    expect(asksToNotify(reading({ testTime: '2026-03-01T15:10:00.000Z' }), now)).toBe(false);
  });

  it('links the name chosen to its doctor, the responsible one first; a typed name to nobody', () => {
    const doctors = [
      { id: 7, userName: 'doctor02', nickName: 'Dr. Li Wei' },
      { id: 3, userName: 'doctor01', nickName: 'Dr. Li Wei' },
      { id: 9, userName: 'carter', nickName: 'Dr. Emily Carter' },
    ];
    expect(notifiedUserOf('Dr. Li Wei', doctors, 'DOCTOR01')).toBe(3);
    expect(notifiedUserOf(' Dr. Emily Carter ', doctors, 'doctor01')).toBe(9);
    expect(notifiedUserOf('Dr. Li Wei', doctors, null)).toBe(7);
    expect(notifiedUserOf('Head nurse Zhao', doctors, 'doctor01')).toBeNull();
  });
});
