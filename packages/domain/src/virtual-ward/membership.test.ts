import { describe, expect, it } from 'vitest';
import { localizedIssues } from '../validation';
import {
  type AutoJoinSettings,
  autoJoinSuggestion,
  autoJoins,
  autoJoinTriggered,
  complianceOf,
  joinRefusal,
  labResultSchema,
  virtualWardExitSchema,
  virtualWardJoinSchema,
  virtualWardStayEditSchema,
} from './membership';

const tz = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}+08:00`);

describe('join schema', () => {
  const valid = { patientId: 4, joinedAt: '2026-11-27T09:00:00+08:00', suggestion: 'Basal insulin review' };
  it('defaults the mark to none and the labels to none', () => {
    expect(virtualWardJoinSchema.parse(valid)).toEqual({ ...valid, deviceMark: 'none', groupLabels: [] });
  });
  it('requires the join time and the suggestion, in both languages', () => {
    expect(localizedIssues(virtualWardJoinSchema, { patientId: 4 }, 'en-US')).toEqual([
      { field: 'joinedAt', message: 'Please enter the join time' },
      { field: 'suggestion', message: 'Please enter the management suggestion' },
    ]);
    expect(
      localizedIssues(
        virtualWardJoinSchema,
        { patientId: 4, joinedAt: '2026-11-27', suggestion: ' ' },
        'zh-CN',
      ),
    ).toEqual([
      { field: 'joinedAt', message: '入组时间须为有效的日期时间' },
      { field: 'suggestion', message: '请输入管理建议' },
    ]);
  });
  it('keeps the suggestion as given (trimmed) and limits it to 200 characters', () => {
    expect(virtualWardJoinSchema.parse({ ...valid, suggestion: '  A  ' }).suggestion).toBe('A');
    expect(
      localizedIssues(virtualWardJoinSchema, { ...valid, suggestion: 'x'.repeat(200) }, 'en-US'),
    ).toEqual([]);
    expect(
      localizedIssues(virtualWardJoinSchema, { ...valid, suggestion: 'x'.repeat(201) }, 'en-US'),
    ).toEqual([{ field: 'suggestion', message: 'The management suggestion must be 1-200 characters' }]);
  });
  it('checks the mark and the labels: at most 10, distinct, 1-20 characters', () => {
    expect(localizedIssues(virtualWardJoinSchema, { ...valid, deviceMark: 'x' }, 'zh-CN')).toEqual([
      { field: 'deviceMark', message: '标记须为无、胰岛素泵或动态血糖' },
    ]);
    const ten = Array.from({ length: 10 }, (_, i) => `L${i}`);
    expect(localizedIssues(virtualWardJoinSchema, { ...valid, groupLabels: ten }, 'en-US')).toEqual([]);
    expect(
      localizedIssues(virtualWardJoinSchema, { ...valid, groupLabels: [...ten, 'L10'] }, 'en-US'),
    ).toEqual([{ field: 'groupLabels', message: 'At most 10 group labels' }]);
    expect(localizedIssues(virtualWardJoinSchema, { ...valid, groupLabels: ['a', 'a'] }, 'en-US')).toEqual([
      { field: 'groupLabels', message: 'Each group label can appear only once' },
    ]);
    expect(
      localizedIssues(virtualWardJoinSchema, { ...valid, groupLabels: ['x'.repeat(21)] }, 'en-US'),
    ).toEqual([{ field: 'groupLabels.0', message: 'Each group label must be 1-20 characters' }]);
  });
});

describe('exit and edit schemas', () => {
  it('needs 1-200 stays and a reason; repeated ids count once', () => {
    expect(virtualWardExitSchema.parse({ stayIds: [3, 3, 4], reason: 'Discharged home' })).toEqual({
      stayIds: [3, 4],
      reason: 'Discharged home',
    });
    expect(localizedIssues(virtualWardExitSchema, { stayIds: [], reason: '' }, 'en-US')).toEqual([
      { field: 'stayIds', message: 'Please choose at least one virtual-ward patient' },
      { field: 'reason', message: 'Please enter the reason for ending management' },
    ]);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(localizedIssues(virtualWardExitSchema, { stayIds: many, reason: 'r' }, 'zh-CN')).toEqual([
      { field: 'stayIds', message: '一次最多结束 200 名患者的管理' },
    ]);
  });
  it('an edit needs the id and version', () => {
    expect(
      localizedIssues(virtualWardStayEditSchema, { deviceMark: 'pump' }, 'en-US').map((i) => i.field),
    ).toEqual(['id', 'version']);
  });
});

describe('join refusals (spec §8 virtual-ward join failure)', () => {
  const base = {
    managingDepartmentCode: 'ENDO',
    patientStatus: 'inHospital',
    patientDepartmentCode: 'CARD',
    inVirtualWard: false,
  };
  it('lets an inpatient of another ward, a discharged patient and an outpatient join', () => {
    expect(joinRefusal(base)).toBeNull();
    expect(joinRefusal({ ...base, patientStatus: 'discharged', patientDepartmentCode: 'ENDO' })).toBeNull();
    expect(joinRefusal({ ...base, patientStatus: 'outpatient', patientDepartmentCode: 'ENDO' })).toBeNull();
  });
  it('refuses without a managing department, an own inpatient, and a patient already in (409)', () => {
    expect(joinRefusal({ ...base, managingDepartmentCode: null })).toEqual({
      status: 400,
      key: 'virtualWard.join.noManagingDepartment',
    });
    expect(joinRefusal({ ...base, patientDepartmentCode: 'ENDO' })).toEqual({
      status: 400,
      key: 'virtualWard.join.ownWard',
    });
    expect(joinRefusal({ ...base, inVirtualWard: true })).toEqual({
      status: 409,
      key: 'virtualWard.join.already',
    });
  });
});

describe('auto join rule', () => {
  const on: AutoJoinSettings = {
    autoJoin: true,
    gluMinValue: 11.1,
    hbA1cMinValue: 6.5,
    managingDepartmentCode: 'ENDO',
  };
  const patient = { patientStatus: 'inHospital', patientDepartmentCode: 'CARD', inVirtualWard: false };
  it('glucose at or above the threshold joins; below, other items and no value do not', () => {
    expect(autoJoins(on, { kind: 'glucose', item: 'GLU', value: 11.1 }, patient)).toBe(true);
    expect(autoJoins(on, { kind: 'glucose', item: 'GLU', value: 11.09 }, patient)).toBe(false);
    expect(autoJoins(on, { kind: 'glucose', item: 'KET', value: 20 }, patient)).toBe(false);
    expect(autoJoins(on, { kind: 'glucose', item: 'GLU', value: null }, patient)).toBe(false);
  });
  it('an HbA1c result at or above its threshold joins; another lab item does not', () => {
    expect(autoJoins(on, { kind: 'lab', itemCode: 'HBA1C', value: 6.5 }, patient)).toBe(true);
    expect(autoJoins(on, { kind: 'lab', itemCode: 'HbA1c', value: 6.4 }, patient)).toBe(false);
    expect(autoJoins(on, { kind: 'lab', itemCode: 'GLU', value: 30 }, patient)).toBe(false);
  });
  it('nothing while off or without a managing department', () => {
    expect(autoJoinTriggered({ ...on, autoJoin: false }, { kind: 'glucose', item: 'GLU', value: 20 })).toBe(
      false,
    );
    expect(
      autoJoinTriggered({ ...on, managingDepartmentCode: null }, { kind: 'glucose', item: 'GLU', value: 20 }),
    ).toBe(false);
  });
  it('candidates: every patient but an inpatient of the managing department, and not already in', () => {
    const high = { kind: 'glucose', item: 'GLU', value: 15 } as const;
    expect(autoJoins(on, high, { ...patient, patientDepartmentCode: 'ENDO' })).toBe(false);
    expect(
      autoJoins(on, high, { ...patient, patientDepartmentCode: 'ENDO', patientStatus: 'outpatient' }),
    ).toBe(true);
    expect(autoJoins(on, high, { ...patient, inVirtualWard: true })).toBe(false);
  });
  it('words the suggestion with the value as entered and the threshold, in both languages', () => {
    const facts = {
      kind: 'glucose',
      value: 221,
      unit: 'mg/dL',
      threshold: 11.1,
      thresholdUnit: 'mmol/L',
    } as const;
    expect(autoJoinSuggestion(facts, 'en-US')).toBe('Auto join: glucose 221 mg/dL ≥ 11.1 mmol/L');
    expect(autoJoinSuggestion(facts, 'zh-CN')).toBe('自动入组：血糖 221 mg/dL ≥ 11.1 mmol/L');
    expect(
      autoJoinSuggestion(
        { kind: 'hba1c', value: 7.2, unit: '%', threshold: 6.5, thresholdUnit: '%' },
        'zh-CN',
      ),
    ).toBe('自动入组：糖化血红蛋白 7.2% ≥ 6.5%');
  });
});

describe('compliance (依从率), worked by hand in Asia/Shanghai', () => {
  const planned = ['F', 'L'];
  const r = (local: string, periodCode: string | null) => ({ testTime: at(local), periodCode });
  it('an ended stay: join day and exit day count; readings outside the stay do not', () => {
    // 20th: F before the join (10:00) does not count, but L 11:30 and F 12:00 do → compliant
    // 21st: only F → not compliant; 22nd: F and L before the exit at 09:00 → compliant
    const result = complianceOf({
      joinedAt: at('2026-11-20T10:00:00'),
      exitedAt: at('2026-11-22T09:00:00'),
      now: at('2026-11-27T10:00:00'),
      timeZone: tz,
      plannedPeriods: planned,
      readings: [
        r('2026-11-20T07:00:00', 'F'),
        r('2026-11-20T11:30:00', 'L'),
        r('2026-11-20T12:00:00', 'F'),
        r('2026-11-21T07:00:00', 'F'),
        r('2026-11-22T07:00:00', 'F'),
        r('2026-11-22T08:30:00', 'L'),
        r('2026-11-22T10:00:00', 'X'),
      ],
    });
    expect(result).toEqual({ managedDays: 3, compliantDays: 2, rate: 2 / 3 });
  });
  it('an exit-day reading after the exit does not complete the day', () => {
    const result = complianceOf({
      joinedAt: at('2026-11-22T06:00:00'),
      exitedAt: at('2026-11-22T09:00:00'),
      now: at('2026-11-27T10:00:00'),
      timeZone: tz,
      plannedPeriods: planned,
      readings: [r('2026-11-22T07:00:00', 'F'), r('2026-11-22T10:00:00', 'L')],
    });
    expect(result).toEqual({ managedDays: 1, compliantDays: 0, rate: 0 });
  });
  it('a current stay counts up to yesterday; today and readings without a period do not count', () => {
    const result = complianceOf({
      joinedAt: at('2026-11-21T08:00:00'),
      exitedAt: null,
      now: at('2026-11-23T10:00:00'),
      timeZone: tz,
      plannedPeriods: planned,
      readings: [
        // 07:30 in Shanghai on the 21st is 23:30 UTC on the 20th: the hospital day decides
        { testTime: new Date('2026-11-21T00:30:00Z'), periodCode: 'F' },
        r('2026-11-21T11:00:00', 'L'),
        r('2026-11-22T07:00:00', 'F'),
        r('2026-11-22T11:00:00', null),
        r('2026-11-23T07:00:00', 'F'),
        r('2026-11-23T08:00:00', 'L'),
      ],
    });
    expect(result).toEqual({ managedDays: 2, compliantDays: 1, rate: 0.5 });
  });
  it('joined today: no managed day yet, no rate', () => {
    expect(
      complianceOf({
        joinedAt: at('2026-11-27T08:00:00'),
        exitedAt: null,
        now: at('2026-11-27T10:00:00'),
        timeZone: tz,
        plannedPeriods: planned,
        readings: [],
      }),
    ).toEqual({ managedDays: 0, compliantDays: 0, rate: null });
  });
  it('no ordered measurements: days are managed but nothing can be complied with', () => {
    expect(
      complianceOf({
        joinedAt: at('2026-11-20T08:00:00'),
        exitedAt: at('2026-11-21T08:00:00'),
        now: at('2026-11-27T10:00:00'),
        timeZone: tz,
        plannedPeriods: [],
        readings: [r('2026-11-20T09:00:00', 'F')],
      }),
    ).toEqual({ managedDays: 2, compliantDays: null, rate: null });
  });
});

describe('lab result schema', () => {
  it('requires patient, item, value and time; value 0-10000', () => {
    expect(localizedIssues(labResultSchema, {}, 'en-US').map((i) => i.field)).toEqual([
      'patientId',
      'itemCode',
      'value',
      'resultedAt',
    ]);
    expect(
      localizedIssues(
        labResultSchema,
        { patientId: 1, itemCode: 'HBA1C', value: -1, resultedAt: '2026-11-27T08:00:00Z' },
        'zh-CN',
      ),
    ).toEqual([{ field: 'value', message: '结果须为 0 到 10000 之间的数字' }]);
  });
});
