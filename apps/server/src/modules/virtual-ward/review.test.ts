import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient } from '../measurements/test-support';
import { insertReading, insertStaff, insertStay, putSetting } from './test-support';

// The daily review list (Rushakoff et al., Ann Intern Med 2017): ≥ 2 readings ≥ 12.5 mmol/L (225 mg/dL)
// or any < 3.9 mmol/L (70 mg/dL) in the past 24 h. Every patient below is named "Rvw…" (the keyword
// keeps the demo seed's patients out) and its expectation is worked out by hand.

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let endoNurse: string;
let endoDoctor: string;
let cardNurse: string;
let admin202: string;
const P: Record<string, number> = {};
let stayF: number;

interface Row {
  patientId: number;
  patientName: string;
  reasons: {
    kind: string;
    count: number;
    extreme: { value: number; enteredValue: number; enteredUnit: string };
  }[];
  hyperCount: number;
  hypoCount: number;
  highest: { value: number; enteredValue: number; enteredUnit: string } | null;
  lowest: { value: number; enteredValue: number; enteredUnit: string } | null;
  inVirtualWard: boolean;
  stayId: number | null;
  departmentCode: string;
  status: string;
  reviewed: boolean;
  lastFollowupAt: string | null;
  lastSpecialistName: string | null;
  nextReviewDate: string | null;
}

async function list(token: string, query = '', lang?: string) {
  const response = await api(
    'GET',
    `/v1/virtualward/worklist?queryCondition=Rvw${query}`,
    token,
    undefined,
    lang,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().dataContent as { records: Row[]; total: number; windowStart: string };
}
const names = (rows: Row[]) => rows.map((r) => r.patientName);

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  await insertStaff(t, 'rvwcardnurse', 'Nurse Card', 'CARD', 'nurse');
  [admin, endoNurse, endoDoctor, cardNurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'rvwcardnurse', 'Doctor@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  await putSetting(t, 'virtualWard.managingDepartment', 'ENDO');
  const patient = async (
    key: string,
    departmentCode: string,
    status: 'inHospital' | 'discharged' = 'inHospital',
  ) => {
    P[key] = await insertPatient(t, {
      name: `Rvw ${key}`,
      departmentCode,
      status,
      inpatientNumber: `RVW-${key}`,
    });
  };
  await patient('A', 'CARD');
  await patient('B', 'CARD');
  await patient('C', 'ICU');
  await patient('D', 'ICU');
  await patient('E', 'ENDO');
  await patient('F', 'CARD', 'discharged');
  await patient('G', 'GSURG');
  await patient('H', 'GSURG');
  await patient('I', 'NEPH', 'discharged');
  // A: 12.5 (exactly the limit counts) and 14.0 → hyper 2, highest 14.0
  await insertReading(t, P.A!, 'CARD', 12.5, 'mmolL', 2);
  await insertReading(t, P.A!, 'CARD', 14, 'mmolL', 10);
  await insertReading(t, P.A!, 'CARD', 9, 'mmolL', 12);
  // B: one reading ≥ 12.5 and 12.4 → not listed (hyper 1)
  await insertReading(t, P.B!, 'CARD', 20, 'mmolL', 1);
  await insertReading(t, P.B!, 'CARD', 12.4, 'mmolL', 3);
  // C: 65 and 69 mg/dL (below 70) and 226 mg/dL → hypo 2 (lowest 65 mg/dL), hyper 1 (not a reason)
  await insertReading(t, P.C!, 'ICU', 65, 'mgDl', 1);
  await insertReading(t, P.C!, 'ICU', 69, 'mgDl', 5);
  await insertReading(t, P.C!, 'ICU', 226, 'mgDl', 6);
  // D: 70 mg/dL is not below 3.9 (70.2 → 70 on the screen); 3.9 mmol/L neither; 225 mg/dL once
  await insertReading(t, P.D!, 'ICU', 70, 'mgDl', 1);
  await insertReading(t, P.D!, 'ICU', 3.9, 'mmolL', 2);
  await insertReading(t, P.D!, 'ICU', 225, 'mgDl', 3);
  // E: an inpatient of the managing department (ENDO) → not on the list while ENDO manages
  await insertReading(t, P.E!, 'ENDO', 2.5, 'mmolL', 1);
  // F: discharged, in the virtual ward, 3.0 → hypo 1
  stayF = await insertStay(t, P.F!, 'CARD');
  await insertReading(t, P.F!, 'CARD', 3, 'mmolL', 4);
  // G: a deleted 2.0, an untested row and a single 13.0 → not listed
  await insertReading(t, P.G!, 'GSURG', 2, 'mmolL', 1, { deleted: true });
  await insertReading(t, P.G!, 'GSURG', null, 'mmolL', 2);
  await insertReading(t, P.G!, 'GSURG', 13, 'mmolL', 3);
  // H: readings just outside the window (24 h and a minute ago) → not listed
  await insertReading(t, P.H!, 'GSURG', 2, 'mmolL', 24 + 1 / 60);
  await insertReading(t, P.H!, 'GSURG', 15, 'mmolL', 25);
  await insertReading(t, P.H!, 'GSURG', 16, 'mmolL', 26);
  // I: discharged and not in the virtual ward → not listed whatever the readings
  await insertReading(t, P.I!, 'NEPH', 2.2, 'mmolL', 1);
});
afterAll(() => t.close());

describe('GET /v1/virtualward/worklist', () => {
  it('lists exactly the patients meeting the criteria, hypo first then by count, values as entered', async () => {
    const page = await list(admin);
    expect(names(page.records)).toEqual(['Rvw C', 'Rvw F', 'Rvw A']);
    expect(page.total).toBe(3);
    const [c, f, a] = page.records as [Row, Row, Row];
    expect(c.reasons).toEqual([
      { kind: 'hypo', count: 2, extreme: { value: 65 / 18, enteredValue: 65, enteredUnit: 'mgDl' } },
    ]);
    expect([c.hypoCount, c.hyperCount, c.highest?.enteredValue]).toEqual([2, 1, 226]);
    expect(c).toMatchObject({ departmentCode: 'ICU', inVirtualWard: false, stayId: null, reviewed: false });
    expect(f).toMatchObject({ status: 'discharged', inVirtualWard: true, stayId: stayF, hypoCount: 1 });
    expect(f.lowest).toEqual({ value: 3, enteredValue: 3, enteredUnit: 'mmolL' });
    expect(a.reasons).toEqual([
      { kind: 'hyper', count: 2, extreme: { value: 14, enteredValue: 14, enteredUnit: 'mmolL' } },
    ]);
    expect(a.lastFollowupAt).toBeNull();
    expect(Date.parse(page.windowStart)).toBe(t.clock.now.getTime() - 24 * 3_600_000);
  });

  it('filters by ward, virtual-ward membership and keyword; pages', async () => {
    expect(names((await list(admin, '&departmentCode=ICU')).records)).toEqual(['Rvw C']);
    expect(names((await list(admin, '&inVirtualWard=true')).records)).toEqual(['Rvw F']);
    expect(names((await list(admin, '&inVirtualWard=false')).records)).toEqual(['Rvw C', 'Rvw A']);
    const second = await list(admin, '&size=2&page=2');
    expect([names(second.records), second.total]).toEqual([['Rvw A'], 3]);
    const beyond = await list(admin, '&size=2&page=5');
    expect([beyond.records, beyond.total]).toEqual([[], 3]);
  });

  it('without a managing department every ward counts (ENDO inpatient E joins)', async () => {
    await putSetting(t, 'virtualWard.managingDepartment', null);
    try {
      expect(names((await list(admin)).records)).toEqual(['Rvw C', 'Rvw E', 'Rvw F', 'Rvw A']);
    } finally {
      await putSetting(t, 'virtualWard.managingDepartment', 'ENDO');
    }
  });

  it('the managing department’s staff see the whole hospital; others their scope; other tenants nothing', async () => {
    expect(names((await list(endoNurse)).records)).toEqual(['Rvw C', 'Rvw F', 'Rvw A']);
    expect(names((await list(cardNurse)).records)).toEqual(['Rvw F', 'Rvw A']);
    expect((await list(admin202)).records).toEqual([]);
  });

  it('follows the criteria setting (one high reading ≥ 12.0 in 12 h) and refuses bad criteria in both languages', async () => {
    const body = { hyperValue: 12, hyperCount: 1, hypoValue: 3.9, windowHours: 12 };
    const saved = await api('POST', '/v1/virtualward/setting/reviewCriteria', admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await api('GET', '/v1/virtualward/setting/reviewCriteria', cardNurse)).json().dataContent,
    ).toEqual(body);
    try {
      // hypo first: C (2), F (1); then by count and highest: B (20 and 12.4 ≥ 12 → 2, highest 20),
      // A (12.5 and 14.0 → 2, highest 14), G (13 → 1), D (225 mg/dL ≥ 216 → 1, 12.5); H lies outside 12 h
      expect(names((await list(admin)).records)).toEqual([
        'Rvw C',
        'Rvw F',
        'Rvw B',
        'Rvw A',
        'Rvw G',
        'Rvw D',
      ]);
    } finally {
      await api('POST', '/v1/virtualward/setting/reviewCriteria', admin, {
        hyperValue: 12.5,
        hyperCount: 2,
        hypoValue: 3.9,
        windowHours: 24,
      });
    }
    const bad = { hyperValue: 5, hyperCount: 2, hypoValue: 6, windowHours: 24 };
    const en = await api('POST', '/v1/virtualward/setting/reviewCriteria', admin, bad, 'en-US');
    const zh = await api('POST', '/v1/virtualward/setting/reviewCriteria', admin, bad, 'zh-CN');
    expect([en.statusCode, zh.statusCode]).toEqual([400, 400]);
    expect(en.json().message).toContain('hypoglycaemia threshold must be below');
    expect(zh.json().message).toMatch(/[\u4e00-\u9fff]/);
    const nurse = await api('POST', '/v1/virtualward/setting/reviewCriteria', cardNurse, bad);
    expect(nurse.statusCode).toBe(403);
  });

  it('marks a patient reviewed once a follow-up is written in the window; the reviewed filter follows', async () => {
    const written = await api('POST', '/v1/virtualward/followups', endoDoctor, {
      patientId: P.A,
      assessment: 'Two readings over 12.5 after meals',
      suggestion: 'Add prandial insulin 4 IU with lunch',
      nextReviewDate: new Date(t.clock.now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(written.statusCode, written.body).toBe(200);
    const rows = (await list(admin)).records;
    const a = rows.find((r) => r.patientName === 'Rvw A')!;
    expect(a.reviewed).toBe(true);
    expect(a.lastSpecialistName).toBe(written.json().dataContent.specialistName);
    expect(a.nextReviewDate).toBe(written.json().dataContent.nextReviewDate);
    expect(names((await list(admin, '&reviewed=true')).records)).toEqual(['Rvw A']);
    expect(names((await list(admin, '&reviewed=false')).records)).toEqual(['Rvw C', 'Rvw F']);
    // a day later the window has moved past the follow-up (and the readings)
    t.clock.advance(25 * 3_600_000);
    try {
      const later = await t.login('101', 'admin', 'Admin@123456');
      expect((await list(later)).records).toEqual([]);
    } finally {
      t.clock.advance(-25 * 3_600_000);
    }
  });

  it('reads other spellings of the units as the domain does (mg/dL, mmol/L)', async () => {
    const j = await insertPatient(t, { name: 'Unit J', departmentCode: 'NEPH', inpatientNumber: 'RVW-J' });
    const k = await insertPatient(t, { name: 'Unit K', departmentCode: 'NEPH', inpatientNumber: 'RVW-K' });
    // J: 69 mg/dL is below 70 (3.9 on a mg/dL screen); K: 70 mg/dL is not, 3.9 mmol/L neither, and
    // 225 mg/dL with 12.5 mmol/L make two high readings
    await insertReading(t, j, 'NEPH', 69, 'mg/dL', 1);
    await insertReading(t, k, 'NEPH', 70, 'mg/dL', 1);
    await insertReading(t, k, 'NEPH', 3.9, 'mmol/L', 2);
    await insertReading(t, k, 'NEPH', 225, ' MG/DL ', 3);
    await insertReading(t, k, 'NEPH', 12.5, 'mmol/L', 4);
    const response = await api('GET', '/v1/virtualward/worklist?queryCondition=Unit', admin);
    const rows = response.json().dataContent.records as Row[];
    expect(rows.map((r) => [r.patientName, r.reasons.map((x) => `${x.kind} ${x.count}`)])).toEqual([
      ['Unit J', ['hypo 1']],
      ['Unit K', ['hyper 2']],
    ]);
    // 225 mg/dL and 12.5 mmol/L are the same 12.5 mmol/L: either is the highest
    expect([rows[1]!.hyperCount, rows[1]!.highest?.value, rows[1]!.hypoCount]).toEqual([2, 12.5, 0]);
  });

  it('refuses bad filters with a field message in both languages; needs the permission', async () => {
    const en = await api('GET', '/v1/virtualward/worklist?reviewed=maybe', admin, undefined, 'en-US');
    const zh = await api('GET', '/v1/virtualward/worklist?reviewed=maybe', admin, undefined, 'zh-CN');
    expect([en.statusCode, zh.statusCode]).toEqual([400, 400]);
    expect(en.json().message).toContain('The value must be true or false');
    expect(zh.json().message).toContain('取值须为 true 或 false');
    await t.handle.db.execute(sql`delete from role_menus where tenant_id = '101' and role_id in
      (select id from roles where tenant_id = '101' and code = 'nurse') and menu_id in
      (select id from menus where tenant_id = '101' and permission = 'virtualward:worklist:list')`);
    expect((await api('GET', '/v1/virtualward/worklist', cardNurse)).statusCode).toBe(403);
  });
});
