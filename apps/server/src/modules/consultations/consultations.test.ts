import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { openLiveStream } from '../live/test-support';
import { hoursAgo, insertPatient } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let endoDoctor: string;
let endoNurse: string;
let cardDoctor: string;
let admin202: string;
let endoDoctorId: number;
let cardDoctorId: number;
let cardPatient: number;
let endoPatient: number;
let suggestionId: number;

async function idOf(query: ReturnType<typeof sql>) {
  const { rows } = await t.handle.db.execute<{ id: string }>(query);
  return Number(rows[0]!.id);
}

/** A doctor of another department, with doctor01's password. */
async function insertDoctor(userName: string, nickName: string, departmentCode: string) {
  const id = await idOf(sql`
    insert into users (tenant_id, user_name, nick_name, password_hash, department_code, permission_scope,
                       must_change_password)
    select tenant_id, ${userName}, ${nickName}, password_hash, ${departmentCode}, 'departments', false
      from users where tenant_id = '101' and user_name = 'doctor01'
    returning id`);
  await t.handle.db.execute(sql`insert into user_roles (tenant_id, user_id, role_id)
    select '101', ${id}, id from roles where tenant_id = '101' and code = 'doctor'`);
  return id;
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  cardDoctorId = await insertDoctor('carddoc', 'Dr. Chen Jun', 'CARD');
  [endoDoctor, endoNurse, cardDoctor, admin202] = await Promise.all([
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'carddoc', 'Doctor@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  endoDoctorId = await idOf(sql`select id from users where tenant_id = '101' and user_name = 'doctor01'`);
  cardPatient = await insertPatient(t, {
    name: 'Card Consult',
    departmentCode: 'CARD',
    inpatientNumber: 'C-9001',
  });
  endoPatient = await insertPatient(t, { name: 'Endo Consult', departmentCode: 'ENDO' });
  suggestionId = await idOf(sql`insert into management_suggestions (tenant_id, title, content, category)
    values ('101', 'Start basal insulin', 'Glargine 10 IU at bedtime', 'medication') returning id`);
  await t.handle.db.execute(sql`
    insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                              entered_value, entered_unit, classification)
    values ('101', ${cardPatient}, 'CARD', 'GLU', 'fasting', ${hoursAgo(t.clock.now, 2)}::timestamptz, 15.2, 15.2,
            'mmol/L', 'high')`);
});
afterAll(() => t.close());

const requestBody = (overrides: Record<string, unknown> = {}) => ({
  patientId: cardPatient,
  requestDepartmentCode: 'CARD',
  requestDoctorId: cardDoctorId,
  consultDepartmentCode: 'ENDO',
  consultDoctorId: endoDoctorId,
  requestedAt: hoursAgo(t.clock.now, 1),
  description: 'Glucose 15.2 before surgery, please advise',
  ...overrides,
});

type View = {
  id: number;
  version: number;
  status: string;
  statusName: string;
  unread: boolean;
  description: string;
  replyCount: number;
  consultDoctorName: string | null;
  urgencyName: string;
};

async function request(body: Record<string, unknown> = requestBody(), token = cardDoctor): Promise<View> {
  const res = await api('POST', '/v1/consultations', token, body);
  if (res.statusCode !== 200) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

const unread = async (token: string) =>
  (await api('GET', '/v1/consultations/unread', token)).json().dataContent as {
    inbox: number;
    requests: number;
  };

const ids = async (url: string, token: string) =>
  ((await api('GET', url, token)).json().dataContent.records as View[]).map((r) => r.id);

describe('consultations', () => {
  it('requests a consultation, audited, in both languages, and it reaches the inbox unread', async () => {
    const before = await unread(endoDoctor);
    const res = await api(
      'POST',
      '/v1/consultations',
      cardDoctor,
      requestBody({ urgency: 'urgent' }),
      'zh-CN',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('会诊申请已提交');
    const view = res.json().dataContent;
    expect(view).toMatchObject({
      status: 'inProgress',
      statusName: '进行中',
      urgency: 'urgent',
      urgencyName: '急会诊',
      source: 'manual',
      requestDepartmentName: '心内科',
      consultDepartmentName: '内分泌科',
      requestDoctorName: 'Dr. Chen Jun',
      consultDoctorName: 'Dr. Li Wei',
      patientName: 'Card Consult',
      description: 'Glucose 15.2 before surgery, please advise',
      version: 1,
      unread: false,
    });
    expect(await auditRows(t, 'consultation', view.id, 'create')).toHaveLength(1);
    expect(await unread(endoDoctor)).toEqual({ ...before, inbox: before.inbox + 1 });
    const inbox = (await api('GET', '/v1/consultations/query/?status=inProgress', endoDoctor)).json()
      .dataContent;
    expect(inbox.records.find((r: View) => r.id === view.id)).toMatchObject({ unread: true });
    expect(await ids('/v1/consultations/list', cardDoctor)).toContain(view.id);
    // the requesting side's inbox does not hold it; the consulting side's requests neither
    expect(await ids('/v1/consultations/query/', cardDoctor)).not.toContain(view.id);
    expect(await ids('/v1/consultations/list', endoDoctor)).not.toContain(view.id);
  });

  it('refuses incomplete or wrong requests with field messages in both languages', async () => {
    const problems = async (body: Record<string, unknown>) => {
      const en = await api('POST', '/v1/consultations', cardDoctor, body, 'en-US');
      const zh = await api('POST', '/v1/consultations', cardDoctor, body, 'zh-CN');
      expect(en.statusCode, en.body).toBe(400);
      expect(zh.statusCode).toBe(400);
      return { en: en.json().dataContent.errors, zh: zh.json().dataContent.errors };
    };
    expect(await problems(requestBody({ description: ' ' }))).toEqual({
      en: [{ field: 'description', message: 'Please enter the description' }],
      zh: [{ field: 'description', message: '请填写会诊描述' }],
    });
    const missing = await problems({ patientId: cardPatient });
    expect(missing.en.map((e: { field: string }) => e.field).sort()).toEqual(
      [
        'consultDepartmentCode',
        'consultDoctorId',
        'description',
        'requestDepartmentCode',
        'requestDoctorId',
        'requestedAt',
      ].sort(),
    );
    expect(await problems(requestBody({ requestDepartmentCode: 'ENDO' }))).toEqual({
      en: [
        {
          field: 'requestDepartmentCode',
          message: 'The requesting department must be the patient’s department',
        },
      ],
      zh: [{ field: 'requestDepartmentCode', message: '申请科室必须是患者所在科室' }],
    });
    expect((await problems(requestBody({ consultDepartmentCode: 'NOPE' }))).en).toEqual([
      { field: 'consultDepartmentCode', message: 'The consulting department must be an enabled department' },
    ]);
    // the consulting doctor must work in the consulting department; the requesting one must be a doctor of the patient's
    expect((await problems(requestBody({ consultDoctorId: cardDoctorId }))).zh).toEqual([
      { field: 'consultDoctorId', message: '会诊医生必须是会诊科室在职的工作人员' },
    ]);
    expect((await problems(requestBody({ requestDoctorId: endoDoctorId }))).en).toEqual([
      {
        field: 'requestDoctorId',
        message: 'The requesting doctor must be an active doctor of the requesting department',
      },
    ]);
    expect((await problems(requestBody({ urgency: 'now' }))).en).toEqual([
      { field: 'urgency', message: 'The urgency must be routine, urgent or emergency' },
    ]);
  });

  it('keeps requests to the caller’s scope and the tenant (404), and permissions (403)', async () => {
    // a cardiology doctor cannot request for an endocrinology patient
    const outside = await api(
      'POST',
      '/v1/consultations',
      cardDoctor,
      requestBody({ patientId: endoPatient, requestDepartmentCode: 'ENDO' }),
    );
    expect(outside.statusCode).toBe(404);
    // a nurse may not request
    expect((await api('POST', '/v1/consultations', endoNurse, requestBody())).statusCode).toBe(403);
    const view = await request();
    const other = await api('GET', `/v1/consultations/logs?id=${view.id}`, admin202);
    expect(other.statusCode).toBe(404);
    expect(await ids('/v1/consultations/query/', admin202)).not.toContain(view.id);
    expect(
      (await api('POST', '/v1/consultations/logs', admin202, { id: view.id, text: 'x' })).statusCode,
    ).toBe(404);
  });

  it('opens the detail with the patient, recent readings and the thread, and marks it read', async () => {
    const view = await request();
    const before = await unread(endoDoctor);
    const res = await api('GET', `/v1/consultations/logs?id=${view.id}`, endoDoctor, undefined, 'en-US');
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().dataContent;
    // the patient lies outside the endocrinology doctor's scope, yet the consultation shows them
    expect(detail.patient).toMatchObject({
      name: 'Card Consult',
      gender: 'female',
      departmentName: 'Cardiology',
      bed: '01',
    });
    expect(detail.readings.map((r: { enteredValue: number }) => r.enteredValue)).toEqual([15.2]);
    expect(detail).toMatchObject({ canReply: true, canFinish: true, replies: [] });
    expect(detail.suggestions.map((s: { id: number }) => s.id)).toContain(suggestionId);
    expect(await unread(endoDoctor)).toEqual({ ...before, inbox: before.inbox - 1 });
    // a nurse of the consulting department reads it, but may not reply
    const nurse = (await api('GET', `/v1/consultations/logs?id=${view.id}`, endoNurse)).json().dataContent;
    expect(nurse).toMatchObject({ canReply: false, suggestions: [] });
    expect(
      (await api('POST', '/v1/consultations/logs', endoNurse, { id: view.id, text: 'ok' })).statusCode,
    ).toBe(403);
    // the patient itself stays outside the endocrinology scope
    expect(
      (await api('GET', `/v1/consultations/queryPatient?patientId=${cardPatient}`, endoDoctor)).statusCode,
    ).toBe(404);
    expect(await ids(`/v1/consultations/queryPatient?patientId=${cardPatient}`, cardDoctor)).toContain(
      view.id,
    );
  });

  it('takes replies with text and suggestions, keeps their names, and shows them unread to the requester', async () => {
    const view = await request(requestBody({ consultDoctorId: endoDoctorId }));
    const before = await unread(cardDoctor);
    const empty = await api('POST', '/v1/consultations/logs', endoDoctor, { id: view.id, text: '' }, 'zh-CN');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().dataContent.errors).toEqual([
      { field: 'text', message: '请填写回复内容或至少选择一条管理建议' },
    ]);
    const unknown = await api('POST', '/v1/consultations/logs', endoDoctor, {
      id: view.id,
      suggestionIds: [999999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().dataContent.errors).toEqual([
      { field: 'suggestionIds', message: 'Unknown or disabled management suggestion' },
    ]);
    const res = await api('POST', '/v1/consultations/logs', endoDoctor, {
      id: view.id,
      text: 'Insulin glargine 10 IU tonight, check fasting glucose',
      suggestionIds: [suggestionId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({
      authorName: 'Dr. Li Wei',
      authorDepartmentName: 'Endocrinology',
      suggestions: [{ id: suggestionId, name: 'Start basal insulin' }],
    });
    // renaming the suggestion later does not change the reply
    await t.handle.db.execute(
      sql`update management_suggestions set title = 'Renamed' where id = ${suggestionId}`,
    );
    const detail = (await api('GET', `/v1/consultations/logs?id=${view.id}`, cardDoctor)).json().dataContent;
    expect(detail.replies[0].suggestions[0].name).toBe('Start basal insulin');
    expect(detail.consultation).toMatchObject({ replyCount: 1, version: 2 });
    await t.handle.db.execute(
      sql`update management_suggestions set title = 'Start basal insulin' where id = ${suggestionId}`,
    );
    expect((await unread(cardDoctor)).requests).toBe(before.requests); // opened just now
    expect(await auditRows(t, 'consultation', view.id, 'reply')).toHaveLength(1);
  });

  it('makes the first consulting replier the consulting doctor when none was set', async () => {
    const view = await request();
    await t.handle.db.execute(
      sql`update consultations set consult_doctor_id = null, consult_doctor_name = null where id = ${view.id}`,
    );
    await api('POST', '/v1/consultations/logs', cardDoctor, { id: view.id, text: 'Any news?' });
    let detail = (await api('GET', `/v1/consultations/logs?id=${view.id}`, cardDoctor)).json().dataContent;
    expect(detail.consultation.consultDoctorName).toBeNull();
    await api('POST', '/v1/consultations/logs', endoDoctor, { id: view.id, text: 'Seen, will come at 3 pm' });
    detail = (await api('GET', `/v1/consultations/logs?id=${view.id}`, cardDoctor)).json().dataContent;
    expect(detail.consultation.consultDoctorName).toBe('Dr. Li Wei');
    expect(detail.replies.map((r: { authorDepartmentCode: string }) => r.authorDepartmentCode)).toEqual([
      'CARD',
      'ENDO',
    ]);
  });

  it('completes with a record (consulting side only), refuses stale versions, then refuses changes', async () => {
    const view = await request();
    const noRecord = await api('POST', '/v1/consultations/finish', endoDoctor, {
      id: view.id,
      version: 1,
      action: 'complete',
    });
    expect(noRecord.statusCode).toBe(400);
    expect(noRecord.json().dataContent.errors).toEqual([
      { field: 'record', message: 'Please enter the consultation record' },
    ]);
    const stale = await api('POST', '/v1/consultations/finish', endoDoctor, {
      id: view.id,
      version: 7,
      action: 'complete',
      record: 'Basal insulin started',
    });
    expect(stale.statusCode).toBe(409);
    const requester = await api('POST', '/v1/consultations/finish', cardDoctor, {
      id: view.id,
      version: 1,
      action: 'complete',
      record: 'Basal insulin started',
    });
    expect(requester.statusCode).toBe(403);
    t.clock.advance(60_000);
    const done = await api(
      'POST',
      '/v1/consultations/finish',
      endoDoctor,
      { id: view.id, version: 1, action: 'complete', record: 'Basal insulin started' },
      'zh-CN',
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: '会诊已完成',
      dataContent: {
        status: 'completed',
        record: 'Basal insulin started',
        finishedByName: 'Dr. Li Wei',
        version: 2,
      },
    });
    expect(await auditRows(t, 'consultation', view.id, 'complete')).toHaveLength(1);
    const again = await api('POST', '/v1/consultations/logs', endoDoctor, {
      id: view.id,
      text: 'One more thing',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The consultation is already completed');
    // the requester sees the end as news
    expect(
      (await api('GET', '/v1/consultations/list?status=completed', cardDoctor))
        .json()
        .dataContent.records.find((r: View) => r.id === view.id),
    ).toMatchObject({ unread: true });
  });

  it('closes with a reason (either side); a closed consultation refuses changes with the §8 message', async () => {
    const view = await request();
    const noReason = await api(
      'POST',
      '/v1/consultations/finish',
      cardDoctor,
      { id: view.id, version: 1, action: 'close' },
      'zh-CN',
    );
    expect(noReason.json().dataContent.errors).toEqual([{ field: 'reason', message: '请填写关闭原因' }]);
    const closed = await api('POST', '/v1/consultations/finish', cardDoctor, {
      id: view.id,
      version: 1,
      action: 'close',
      reason: 'Patient transferred',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().dataContent).toMatchObject({
      status: 'closed',
      closeReason: 'Patient transferred',
      finishedByName: 'Dr. Chen Jun',
    });
    const rows = await auditRows(t, 'consultation', view.id, 'close');
    expect(rows).toHaveLength(1);
    for (const [lang, message] of [
      ['en-US', 'The consultation is already closed'],
      ['zh-CN', '该会诊已关闭'],
    ] as const) {
      const reply = await api(
        'POST',
        '/v1/consultations/logs',
        endoDoctor,
        { id: view.id, text: 'Late reply' },
        lang,
      );
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(message);
      const finish = await api(
        'POST',
        '/v1/consultations/finish',
        endoDoctor,
        { id: view.id, version: 2, action: 'complete', record: 'x y' },
        lang,
      );
      expect(finish.statusCode).toBe(409);
      expect(finish.json().message).toBe(message);
    }
    const detail = (await api('GET', `/v1/consultations/logs?id=${view.id}`, endoDoctor)).json().dataContent;
    expect(detail).toMatchObject({ canReply: false, canFinish: false });
  });

  it('filters the inbox by status, urgency, source, department, keyword and days', async () => {
    const emergency = await request(
      requestBody({ urgency: 'emergency', description: 'Hypoglycaemia 2.1 twice tonight' }),
    );
    const q = (query: string) => ids(`/v1/consultations/query/?${query}`, endoDoctor);
    expect(await q('urgency=emergency')).toEqual([emergency.id]);
    expect(await q('queryCondition=Hypoglycaemia')).toEqual([emergency.id]);
    expect(await q('queryCondition=C-9001')).toContain(emergency.id);
    expect(await q('departmentCode=CARD&urgency=emergency')).toEqual([emergency.id]);
    expect(await q('departmentCode=ICU&urgency=emergency')).toEqual([]);
    expect(await q('source=auto&urgency=emergency')).toEqual([]);
    expect(await q('status=closed&urgency=emergency')).toEqual([]);
    expect(await q('beginDate=2020-01-01&endDate=2020-01-02')).toEqual([]);
    const bad = await api(
      'GET',
      '/v1/consultations/query/?status=open&beginDate=2020-02-02&endDate=2020-01-01',
      endoDoctor,
      undefined,
      'zh-CN',
    );
    expect(bad.statusCode).toBe(400);
    const page = (await api('GET', '/v1/consultations/query/?page=1&size=2', endoDoctor)).json().dataContent;
    expect(page.records).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
  });

  it('describes an auto consultation from its reading and the current threshold, in the request language', async () => {
    const readingId = await idOf(sql`
      insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                                entered_value, entered_unit, classification)
      values ('101', ${cardPatient}, 'CARD', 'GLU', 'fasting', '2026-03-02T07:05:00+08:00', 12.3, 12.3, 'mmol/L', 'high')
      returning id`);
    await t.handle.db.execute(
      sql`delete from settings where tenant_id = '101' and key = 'strategy.autoConsultation'`,
    );
    const id = await idOf(sql`
      insert into consultations (tenant_id, patient_id, request_department_code, consult_department_code,
                                 requested_at, description, source, trigger_item, trigger_date, trigger_measurement_id)
      values ('101', ${cardPatient}, 'CARD', 'ENDO', '2026-03-02T07:05:00+08:00', 'fasting glucose 12.3',
              'auto', 'fastingGlucose', '2026-03-02', ${readingId})
      returning id`);
    const en = (await api('GET', `/v1/consultations/logs?id=${id}`, endoDoctor, undefined, 'en-US')).json()
      .dataContent;
    expect(en.consultation).toMatchObject({
      source: 'auto',
      sourceName: 'Auto consultation',
      description: 'Auto consultation: fasting glucose 12.3 mmol/L ≥ 10.0 (2026-03-02 07:05)',
      requestDoctorName: null,
    });
    const zh = (
      await api('GET', `/v1/consultations/query/?source=auto`, endoDoctor, undefined, 'zh-CN')
    ).json().dataContent;
    expect(zh.records.find((r: View) => r.id === id).description).toBe(
      '自动会诊：空腹血糖 12.3 mmol/L ≥ 10.0（2026-03-02 07:05）',
    );
  });

  it('announces requests, replies and ends live to both departments and both doctors', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const streams = [await openLiveStream(base, endoDoctor), await openLiveStream(base, cardDoctor)];
    try {
      for (const stream of streams) await stream.waitFor((event) => event.event === 'ready');
      const view = await request();
      for (const stream of streams) {
        const event = await stream.waitFor(
          (e) => e.event === 'consultations' && (e.data.patientIds as number[]).includes(cardPatient),
        );
        expect(event.data.userIds).toEqual(expect.arrayContaining([cardDoctorId, endoDoctorId]));
      }
      const before = streams[1]!.events.length;
      await api('POST', '/v1/consultations/logs', endoDoctor, { id: view.id, text: 'On my way' });
      await streams[1]!.waitFor(
        (e) => e.event === 'consultations' && streams[1]!.events.indexOf(e) >= before,
      );
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
