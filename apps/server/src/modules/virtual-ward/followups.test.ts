import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { openLiveStream } from '../live/test-support';
import { insertPatient } from '../measurements/test-support';
import { insertReading, insertStaff, insertStay, putSetting } from './test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let endoDoctor: string;
let cardNurse: string;
let cardDoctor: string;
let icuNurse: string;
let admin202: string;
let cardDoctorId: number;
let endoDoctorId: number;
let cardPatient: number;
let icuPatient: number;
let stayId: number;
let suggestionId: number;

const day = (offsetDays: number) =>
  new Date(t.clock.now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const body = (overrides: Record<string, unknown> = {}) => ({
  patientId: cardPatient,
  kind: 'review',
  assessment: 'Fasting glucose above 12.5 twice, no hypoglycaemia',
  suggestion: 'Increase glargine from 10 to 12 IU at bedtime',
  nextReviewDate: day(1),
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  await insertStaff(t, 'fupcardnurse', 'Nurse Card', 'CARD', 'nurse');
  cardDoctorId = await insertStaff(t, 'fupcarddoc', 'Dr. Card', 'CARD', 'doctor');
  await insertStaff(t, 'fupicunurse', 'Nurse ICU', 'ICU', 'nurse');
  [admin, endoDoctor, cardNurse, cardDoctor, icuNurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'fupcardnurse', 'Doctor@2026'),
    t.login('101', 'fupcarddoc', 'Doctor@2026'),
    t.login('101', 'fupicunurse', 'Doctor@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  const { rows } = await t.handle.db.execute<{ id: string }>(
    sql`select id from users where tenant_id = '101' and user_name = 'doctor01'`,
  );
  endoDoctorId = Number(rows[0]!.id);
  await putSetting(t, 'virtualWard.managingDepartment', 'ENDO');
  cardPatient = await insertPatient(t, {
    name: 'Fup Card',
    departmentCode: 'CARD',
    inpatientNumber: 'FUP-1',
  });
  await t.handle.db.execute(sql`update patients set doctor_code = 'fupcarddoc' where id = ${cardPatient}`);
  icuPatient = await insertPatient(t, { name: 'Fup ICU', departmentCode: 'ICU', inpatientNumber: 'FUP-2' });
  stayId = await insertStay(t, cardPatient, 'CARD');
  await insertReading(t, cardPatient, 'CARD', 13.1, 'mmolL', 3);
  await insertReading(t, cardPatient, 'CARD', 252, 'mgDl', 5);
  const s = await t.handle.db.execute<{ id: string }>(sql`insert into management_suggestions
    (tenant_id, title, content, category) values ('101', 'Titrate basal', 'Raise basal by 2 IU', 'medication')
    returning id`);
  suggestionId = Number(s.rows[0]!.id);
});
afterAll(() => t.close());

describe('POST /v1/virtualward/followups', () => {
  it('refuses missing and bad fields with field messages in both languages', async () => {
    const en = await api(
      'POST',
      '/v1/virtualward/followups',
      endoDoctor,
      { patientId: cardPatient },
      'en-US',
    );
    const zh = await api(
      'POST',
      '/v1/virtualward/followups',
      endoDoctor,
      { patientId: cardPatient },
      'zh-CN',
    );
    expect([en.statusCode, zh.statusCode]).toEqual([400, 400]);
    const fields = (r: typeof en) =>
      (r.json().dataContent?.errors ?? r.json().errors ?? []).map((e: { field: string }) => e.field);
    expect(en.json().message).toContain('Please enter the assessment');
    expect(zh.json().message).toContain('请输入评估意见');
    expect(fields(en).length === 0 || fields(en).includes('assessment')).toBe(true);
    const long = await api(
      'POST',
      '/v1/virtualward/followups',
      endoDoctor,
      body({ suggestion: 'x'.repeat(501) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('1 to 500');
    const past = await api(
      'POST',
      '/v1/virtualward/followups',
      endoDoctor,
      body({ nextReviewDate: day(-3) }),
      'zh-CN',
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain('下次审核日期不能早于今天');
    const unknown = await api(
      'POST',
      '/v1/virtualward/followups',
      endoDoctor,
      body({ suggestionId: 999_999 }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('does not exist');
  });

  it('writes the follow-up: caller, patient’s ward, current stay, reasons computed; audited; announced to the ward and the doctor', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [wardNurse, doctor, otherWard] = [
      await openLiveStream(base, cardNurse),
      await openLiveStream(base, cardDoctor),
      await openLiveStream(base, icuNurse),
    ];
    try {
      await Promise.all([wardNurse, doctor, otherWard].map((s) => s.waitFor((e) => e.event === 'ready')));
      const response = await api('POST', '/v1/virtualward/followups', endoDoctor, body({ suggestionId }));
      expect(response.statusCode, response.body).toBe(200);
      const view = response.json().dataContent;
      expect(view).toMatchObject({
        patientId: cardPatient,
        departmentCode: 'CARD',
        departmentName: 'Cardiology',
        stayId,
        kind: 'review',
        kindName: 'Daily review',
        specialistId: endoDoctorId,
        suggestionId,
        nextReviewDate: day(1),
        reviewedAt: t.clock.now.toISOString(),
      });
      // 13.1 mmol/L and 252 mg/dL (14.0 mmol/L) in the last 24 h: hyper 2, highest 252 mg/dL
      expect(view.reasons).toEqual([
        { kind: 'hyper', count: 2, extreme: { value: 14, enteredValue: 252, enteredUnit: 'mgDl' } },
      ]);
      const audits = await auditRows(t, 'virtualWardFollowup', view.id, 'create');
      expect(audits).toHaveLength(1);
      const isFollowup = (e: { event: string; data: Record<string, unknown> }) =>
        e.event === 'virtualWard' && (e.data.patientIds as number[]).includes(cardPatient);
      const [toWard, toDoctor] = await Promise.all([
        wardNurse.waitFor(isFollowup),
        doctor.waitFor(isFollowup),
      ]);
      expect(toWard.data.departments).toEqual(['CARD']);
      expect(toDoctor.data.userIds).toEqual([cardDoctorId]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(otherWard.events.some(isFollowup)).toBe(false);
    } finally {
      for (const s of [wardNurse, doctor, otherWard]) s.close();
    }
  });

  it('stores the reasons the client showed, as they were', async () => {
    const reasons = [
      { kind: 'hypo', count: 1, extreme: { value: 3.2, enteredValue: 3.2, enteredUnit: 'mmolL' } },
    ];
    const response = await api(
      'POST',
      '/v1/virtualward/followups',
      endoDoctor,
      body({ kind: 'phone', reasons }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().dataContent).toMatchObject({ kind: 'phone', reasons });
  });

  it('a patient out of reach answers 404 exactly as a missing one; the ward nurse may not review', async () => {
    const missing = await api('POST', '/v1/virtualward/followups', endoDoctor, body({ patientId: 987_654 }));
    const otherTenant = await api('POST', '/v1/virtualward/followups', admin202, body());
    const otherWard = await api(
      'POST',
      '/v1/virtualward/followups',
      cardDoctor,
      body({ patientId: icuPatient }),
    );
    expect([missing.statusCode, otherTenant.statusCode, otherWard.statusCode]).toEqual([404, 404, 404]);
    expect(otherWard.json().message).toBe(missing.json().message);
    expect((await api('POST', '/v1/virtualward/followups', cardNurse, body())).statusCode).toBe(403);
  });
});

describe('reading follow-ups', () => {
  it('the patient’s own ward reads the stays and follow-ups; another ward gets 404', async () => {
    const own = await api('GET', `/v1/virtualward/patient/${cardPatient}`, cardNurse, undefined, 'zh-CN');
    expect(own.statusCode, own.body).toBe(200);
    const record = own.json().dataContent;
    expect(record.stays).toMatchObject([{ id: stayId, current: true, wardDepartmentName: '心内科' }]);
    expect(record.followups.map((f: { kind: string }) => f.kind)).toEqual(['phone', 'review']);
    expect(record.followups[0].kindName).toBe('电话随访');
    expect((await api('GET', `/v1/virtualward/patient/${cardPatient}`, icuNurse)).statusCode).toBe(404);
    expect((await api('GET', `/v1/virtualward/patient/${cardPatient}`, admin202)).statusCode).toBe(404);
  });

  it('lists follow-ups with filters and scope', async () => {
    const all = await api('GET', '/v1/virtualward/followups?queryCondition=Fup', endoDoctor);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().dataContent.total).toBe(2);
    const phone = await api('GET', '/v1/virtualward/followups?queryCondition=Fup&kind=phone', endoDoctor);
    expect(phone.json().dataContent.records.map((r: { kind: string }) => r.kind)).toEqual(['phone']);
    const mine = await api(
      'GET',
      `/v1/virtualward/followups?queryCondition=Fup&specialistId=${endoDoctorId}`,
      admin,
    );
    expect(mine.json().dataContent.total).toBe(2);
    const past = `beginDate=${day(-40)}&endDate=${day(-30)}`;
    const dated = await api('GET', `/v1/virtualward/followups?queryCondition=Fup&${past}`, admin);
    expect(dated.json().dataContent.total).toBe(0);
    const around = `beginDate=${day(-1)}&endDate=${day(1)}`;
    const current = await api('GET', `/v1/virtualward/followups?queryCondition=Fup&${around}`, admin);
    expect(current.json().dataContent.total).toBe(2);
    const icu = await api('GET', '/v1/virtualward/followups?queryCondition=Fup', icuNurse);
    expect(icu.json().dataContent.total).toBe(0);
    const bad = await api('GET', '/v1/virtualward/followups?kind=email', admin, undefined, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('随访方式');
  });
});

describe('DELETE /v1/virtualward/followups/{id}', () => {
  it('only its author or an administrator deletes, with a reason, audited; gone from the lists', async () => {
    const list = await api('GET', '/v1/virtualward/followups?queryCondition=Fup&kind=phone', endoDoctor);
    const id = list.json().dataContent.records[0].id as number;
    const noReason = await api('DELETE', `/v1/virtualward/followups/${id}`, endoDoctor, undefined, 'en-US');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason');
    const other = await insertStaff(t, 'fupendodoc2', 'Dr. Endo Two', 'ENDO', 'doctor');
    expect(other).toBeGreaterThan(0);
    const otherToken = await t.login('101', 'fupendodoc2', 'Doctor@2026');
    const refused = await api('DELETE', `/v1/virtualward/followups/${id}?reason=Wrong%20patient`, otherToken);
    expect(refused.statusCode).toBe(403);
    const deleted = await api('DELETE', `/v1/virtualward/followups/${id}?reason=Wrong%20patient`, endoDoctor);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const audit = await t.handle.db.execute<{ reason: string }>(sql`select reason from audit_log
      where entity = 'virtualWardFollowup' and entity_id = ${String(id)} and action = 'delete'`);
    expect(audit.rows.map((r) => r.reason)).toEqual(['Wrong patient']);
    const again = await api('DELETE', `/v1/virtualward/followups/${id}?reason=Twice`, endoDoctor);
    expect(again.statusCode).toBe(404);
    const after = await api('GET', `/v1/virtualward/patient/${cardPatient}`, cardNurse);
    expect(after.json().dataContent.followups.map((f: { kind: string }) => f.kind)).toEqual(['review']);
    const remaining = after.json().dataContent.followups[0].id as number;
    const byAdmin = await api(
      'DELETE',
      `/v1/virtualward/followups/${remaining}?reason=Duplicate%20entry`,
      admin,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});
