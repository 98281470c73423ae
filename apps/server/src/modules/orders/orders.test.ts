import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { LIVE_CHANNEL } from '../live/hub';
import { hoursAgo, insertPatient } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let doctor: string;
let nurse: string;
let reviewer: string;
let admin202: string;
let endo: number;
let card: number;
let gone: number;
let glucose: number;
let diet: number;
let once: number;
let stoppedTemplate: number;
let dayLong: number;
let now: Date;

type Order = {
  id: number;
  version: number;
  status: string;
  name: string;
  classificationName: string;
  adviceTypeName: string;
  categoryName: string | null;
  templateName: string | null;
  contents: string[];
  frequencyName: string | null;
  monitorPeriods: { code: string; name: string }[] | null;
  monitorPreset: string | null;
  monitorTimes: string[] | null;
  monitorEveryHours: number | null;
  endDate: string | null;
  orderedBy: string;
  stoppedBy: string | null;
  stoppedAt: string | null;
  stopReason: string | null;
  deletedAt: string | null;
  deleteReason: string | null;
};

async function template(name: string, type: string, content: string[], isActive = true) {
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into order_templates (tenant_id, name, advice_type, content, is_active)
    values ('101', ${name}, ${type}, ${JSON.stringify(content)}::jsonb, ${isActive}) returning id`);
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  [doctor, nurse, reviewer, admin202] = await Promise.all([
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  endo = await insertPatient(t, { name: 'Endo Orders', departmentCode: 'ENDO' });
  card = await insertPatient(t, { name: 'Card Orders', departmentCode: 'CARD' });
  gone = await insertPatient(t, { name: 'Discharged Orders', departmentCode: 'ENDO', status: 'discharged' });
  glucose = await template('Test glucose monitoring', 'longTerm', ['Fingertip glucose', 'Record in chart']);
  diet = await template('Test diabetic diet', 'longTerm', ['1800 kcal a day']);
  once = await template('Test glucose once', 'temporary', ['Fingertip glucose once']);
  dayLong = await template('Test 24-hour glucose', '24h', ['Fingertip glucose']);
  stoppedTemplate = await template('Test stopped template', 'longTerm', ['Old item'], false);
});
afterAll(() => t.close());

const fourPoint = (overrides: Record<string, unknown> = {}) => ({
  patientId: endo,
  name: '四点血糖',
  classification: 'monitoring',
  adviceType: 'longTerm',
  category: 'GLU',
  templateId: glucose,
  contents: ['Fingertip glucose'],
  monitorPeriods: ['beforeSleep', 'fasting', 'beforeLunch', 'beforeDinner'],
  beginDate: hoursAgo(now, 2),
  ...overrides,
});

async function order(body: Record<string, unknown>, token = doctor): Promise<Order> {
  const res = await api('POST', '/v1/patientAdvice', token, body);
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

async function problems(method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) {
  const en = await api(method, url, doctor, body, 'en-US');
  const zh = await api(method, url, doctor, body, 'zh-CN');
  expect(en.statusCode, en.body).toBe(400);
  expect(zh.statusCode).toBe(400);
  return { en: en.json().dataContent.errors, zh: zh.json().dataContent.errors };
}

describe('medical orders', () => {
  it('orders 4-point glucose monitoring: names kept, periods in the day’s order, audited, announced', async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const events: { topic: string; departments: string[]; patientIds: number[] }[] = [];
    listener.on('notification', (message) => events.push(JSON.parse(message.payload ?? '{}')));
    await listener.query(`listen "${LIVE_CHANNEL}"`);
    const res = await api('POST', '/v1/patientAdvice', doctor, fourPoint(), 'zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('医嘱已保存');
    const created: Order = res.json().dataContent;
    expect(created).toMatchObject({
      status: 'active',
      name: '四点血糖',
      classificationName: '监测',
      adviceTypeName: '长期',
      categoryName: '血糖',
      templateName: 'Test glucose monitoring',
      contents: ['Fingertip glucose'],
      monitorPreset: 'fourPoint',
      monitorTimes: null,
      endDate: null,
      orderedBy: 'Dr. Li Wei',
      version: 1,
    });
    expect(created.monitorPeriods?.map((p) => p.code)).toEqual([
      'fasting',
      'beforeLunch',
      'beforeDinner',
      'beforeSleep',
    ]);
    expect(await auditRows(t, 'patientOrder', created.id, 'create')).toHaveLength(1);
    await expect
      .poll(() => events.filter((e) => e.topic === 'orders'))
      .toEqual([expect.objectContaining({ topic: 'orders', departments: ['ENDO'], patientIds: [endo] })]);
    await listener.end();
    const one = await api('GET', `/v1/patientAdvice?id=${created.id}`, nurse);
    expect(one.json().dataContent).toMatchObject({ id: created.id, classificationName: 'Monitoring' });
  });

  it('every 2 hours as clock times; a frequency’s execute times as the schedule; a 24-hour order ends 24 h later', async () => {
    const times = Array.from({ length: 12 }, (_, k) => `${String(k * 2).padStart(2, '0')}:00`);
    const icu = await order(fourPoint({ name: '每2小时血糖', monitorPeriods: null, monitorTimes: times }));
    expect(icu.monitorEveryHours).toBe(2);
    expect(icu.monitorTimes).toHaveLength(12);
    const ketone = await order(
      fourPoint({ name: 'Ketone tid', category: 'KET', monitorPeriods: null, frequencyCode: 'tid' }),
    );
    expect(ketone.frequencyName).toBe('每日三次');
    expect(ketone.monitorTimes?.length).toBe(3);
    const begin = hoursAgo(now, 1);
    const day = await order({ ...fourPoint({ beginDate: begin }), adviceType: '24h', templateId: dayLong });
    expect(day.endDate).toBe(new Date(Date.parse(begin) + 86_400_000).toISOString());
  });

  it('a temporary order needs a test time; the template must be of its type', async () => {
    const temporary = fourPoint({
      adviceType: 'temporary',
      templateId: once,
      contents: ['Fingertip glucose once'],
    });
    expect(await problems('POST', '/v1/patientAdvice', { ...temporary, monitorPeriods: null })).toEqual({
      en: [{ field: 'testTime', message: 'A temporary order needs a test time' }],
      zh: [{ field: 'testTime', message: '临时医嘱须填写检测时间' }],
    });
    const ok = await order({ ...temporary, monitorPeriods: null, testTime: hoursAgo(now, 1) });
    expect(ok.adviceTypeName).toBe('Temporary');
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ templateId: once }))).toEqual({
      en: [{ field: 'templateId', message: 'The template is for another order type' }],
      zh: [{ field: 'templateId', message: '该模板不属于所选医嘱类型' }],
    });
  });

  it('refuses every rule with field errors in both languages (400, never 5xx)', async () => {
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ name: '血' }))).toEqual({
      en: [{ field: 'name', message: 'The order name must be 2-40 characters' }],
      zh: [{ field: 'name', message: '医嘱名称长度为 2-40 个字符' }],
    });
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ contents: [] }))).toEqual({
      en: [{ field: 'contents', message: 'Please add at least one content item' }],
      zh: [{ field: 'contents', message: '请至少填写一项医嘱内容' }],
    });
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ contents: ['Something else'] }))).toEqual({
      en: [{ field: 'contents.0', message: 'This content item is not in the chosen template' }],
      zh: [{ field: 'contents.0', message: '该内容不在所选模板中' }],
    });
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ templateId: stoppedTemplate }))).toEqual({
      en: [{ field: 'templateId', message: 'The template must be an enabled order template' }],
      zh: [{ field: 'templateId', message: '请选择已启用的医嘱模板' }],
    });
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ monitorPeriods: ['lunchtime'] }))).toEqual(
      {
        en: [{ field: 'monitorPeriods.0', message: 'Unknown or disabled glucose period' }],
        zh: [{ field: 'monitorPeriods.0', message: '血糖时段不存在或已停用' }],
      },
    );
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ monitorPeriods: [] }))).toEqual({
      en: [
        {
          field: 'monitorPeriods',
          message: 'A monitoring order needs its schedule: glucose periods, clock times or a frequency',
        },
      ],
      zh: [{ field: 'monitorPeriods', message: '监测医嘱须填写监测安排：血糖时段、时间点或频次' }],
    });
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ frequencyCode: 'hourly' }))).toEqual({
      en: [{ field: 'frequencyCode', message: 'Unknown or disabled order frequency' }],
      zh: [{ field: 'frequencyCode', message: '医嘱频次不存在或已停用' }],
    });
    const st = await problems(
      'POST',
      '/v1/patientAdvice',
      fourPoint({ monitorPeriods: null, frequencyCode: 'st' }),
    );
    expect(st.en).toEqual([
      {
        field: 'frequencyCode',
        message: 'This frequency has no execution times; give glucose periods or clock times',
      },
    ]);
    expect(await problems('POST', '/v1/patientAdvice', fourPoint({ category: null }))).toEqual({
      en: [
        { field: 'category', message: 'Please select the monitoring item (glucose, ketone or uric acid)' },
      ],
      zh: [{ field: 'category', message: '请选择监测项目（血糖、血酮或尿酸）' }],
    });
    const early = await problems(
      'POST',
      '/v1/patientAdvice',
      fourPoint({ beginDate: hoursAgo(now, 24 * 30) }),
    );
    expect(early.zh).toEqual([{ field: 'beginDate', message: '开始时间不能早于入院时间' }]);
    const execute = await problems('POST', '/v1/patientAdvice', fourPoint({ executeDate: hoursAgo(now, 3) }));
    expect(execute.en).toEqual([
      { field: 'executeDate', message: 'The execute time cannot be before the start time' },
    ]);
    const nothing = await api('POST', '/v1/patientAdvice', doctor, [], 'zh-CN');
    expect(nothing.statusCode).toBe(400);
  });

  it('orders only for an in-hospital patient of the caller’s scope and tenant; nurses read, reviewers may not write', async () => {
    const discharged = await api(
      'POST',
      '/v1/patientAdvice',
      doctor,
      fourPoint({ patientId: gone }),
      'zh-CN',
    );
    expect(discharged.statusCode).toBe(409);
    expect(discharged.json().message).toBe('只能为在院患者开立医嘱');
    expect((await api('POST', '/v1/patientAdvice', doctor, fourPoint({ patientId: card }))).statusCode).toBe(
      404,
    );
    expect((await api('GET', `/v1/patientAdvice/list?patientId=${card}`, doctor)).statusCode).toBe(404);
    const created = await order(fourPoint({ name: 'Scope test' }));
    expect((await api('GET', `/v1/patientAdvice?id=${created.id}`, admin202)).statusCode).toBe(404);
    expect((await api('GET', `/v1/patientAdvice/list?patientId=${endo}`, admin202)).statusCode).toBe(404);
    const foreignStop = await api('PUT', '/v1/patientAdvice/suspend', admin202, {
      id: created.id,
      version: 1,
      reason: 'Not mine',
    });
    expect(foreignStop.statusCode).toBe(404);
    expect((await api('POST', '/v1/patientAdvice', nurse, fourPoint())).statusCode).toBe(403);
    expect((await api('POST', '/v1/patientAdvice', reviewer, fourPoint())).statusCode).toBe(403);
    expect((await api('GET', `/v1/patientAdvice/list?patientId=${endo}`, nurse)).statusCode).toBe(200);
  });

  it('edits an active order with a reason at the current version; a stale version is a 409', async () => {
    const created = await order(fourPoint({ name: 'To edit' }));
    const { patientId: _p, ...values } = fourPoint({ name: 'Edited name', contents: ['Record in chart'] });
    const noReason = await problems('PUT', '/v1/patientAdvice', { ...values, id: created.id, version: 1 });
    expect(noReason.zh).toEqual([{ field: 'reason', message: '请填写原因' }]);
    const edited = await api('PUT', '/v1/patientAdvice', doctor, {
      ...values,
      id: created.id,
      version: 1,
      reason: 'Wrong item',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().dataContent).toMatchObject({
      name: 'Edited name',
      version: 2,
      contents: ['Record in chart'],
    });
    const [row] = await auditRows(t, 'patientOrder', created.id, 'update');
    expect(row!.before).toMatchObject({ name: 'To edit' });
    expect(row!.after).toMatchObject({ name: 'Edited name' });
    const stale = await api('PUT', '/v1/patientAdvice', doctor, {
      ...values,
      id: created.id,
      version: 1,
      reason: 'Again',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('stops with a reason (who, when, why); a stopped order refuses edits and a second stop', async () => {
    const created = await order(fourPoint({ name: 'To stop' }));
    const noReason = await api('PUT', '/v1/patientAdvice/suspend', doctor, { id: created.id, version: 1 });
    expect(noReason.statusCode).toBe(400);
    const stopped = await api(
      'PUT',
      '/v1/patientAdvice/suspend',
      doctor,
      { id: created.id, version: 1, reason: '血糖平稳' },
      'zh-CN',
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().message).toBe('医嘱已停止');
    expect(stopped.json().dataContent).toMatchObject({
      status: 'stopped',
      stoppedBy: 'Dr. Li Wei',
      stopReason: '血糖平稳',
      stoppedAt: now.toISOString(),
      version: 2,
    });
    expect(await auditRows(t, 'patientOrder', created.id, 'stop')).toHaveLength(1);
    const again = await api('PUT', '/v1/patientAdvice/suspend', doctor, {
      id: created.id,
      version: 2,
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order was already stopped by Dr. Li Wei');
    const { patientId: _p, ...values } = fourPoint();
    const edit = await api('PUT', '/v1/patientAdvice', doctor, {
      ...values,
      id: created.id,
      version: 2,
      reason: 'Late',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This order has been stopped and can no longer be changed');
  });

  it('lists active first, filters by status and classification', async () => {
    await order(
      fourPoint({
        name: 'Diet order',
        classification: 'diet',
        category: null,
        monitorPeriods: null,
        templateId: diet,
        contents: ['1800 kcal a day'],
      }),
    );
    const all: Order[] = (await api('GET', `/v1/patientAdvice/list?patientId=${endo}`, nurse)).json()
      .dataContent;
    const firstStopped = all.findIndex((o) => o.status === 'stopped');
    expect(firstStopped).toBeGreaterThan(0);
    expect(all.slice(firstStopped).every((o) => o.status === 'stopped')).toBe(true);
    const stopped: Order[] = (
      await api('GET', `/v1/patientAdvice/list?patientId=${endo}&status=stopped`, nurse)
    ).json().dataContent;
    expect(stopped.length).toBeGreaterThan(0);
    expect(stopped.every((o) => o.status === 'stopped')).toBe(true);
    const diets: Order[] = (
      await api(
        'GET',
        `/v1/patientAdvice/list?patientId=${endo}&classification=diet`,
        nurse,
        undefined,
        'zh-CN',
      )
    ).json().dataContent;
    expect(diets.map((o) => o.classificationName)).toEqual(['饮食']);
    expect(
      (await api('GET', `/v1/patientAdvice/list?patientId=${endo}&status=paused`, nurse)).statusCode,
    ).toBe(400);
  });

  it('deletes an order entered in error with a reason (kept, marked, out of the list)', async () => {
    const created = await order(fourPoint({ name: 'Wrong patient' }));
    const noReason = await api(
      'DELETE',
      `/v1/patientAdvice/${created.id}?version=1`,
      doctor,
      undefined,
      'zh-CN',
    );
    expect(noReason.statusCode).toBe(400);
    const stale = await api(
      'DELETE',
      `/v1/patientAdvice/${created.id}?version=7&reason=Entered%20in%20error`,
      doctor,
    );
    expect(stale.statusCode).toBe(409);
    const deleted = await api(
      'DELETE',
      `/v1/patientAdvice/${created.id}?version=1&reason=Entered%20in%20error`,
      doctor,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().dataContent).toMatchObject({ deleteReason: 'Entered in error' });
    expect(await auditRows(t, 'patientOrder', created.id, 'delete')).toHaveLength(1);
    const list: Order[] = (await api('GET', `/v1/patientAdvice/list?patientId=${endo}`, doctor)).json()
      .dataContent;
    expect(list.some((o) => o.id === created.id)).toBe(false);
    const again = await api('DELETE', `/v1/patientAdvice/${created.id}?version=2&reason=Twice`, doctor);
    expect(again.statusCode).toBe(409);
    expect(
      (await api('GET', `/v1/patientAdvice?id=${created.id}`, doctor)).json().dataContent.deletedAt,
    ).not.toBeNull();
  });

  it('lists the orders in force on the printed glucose record (not deleted ones, not the ketone record)', async () => {
    const res = await api('GET', `/v1/records/glucose?id=${endo}`, doctor, undefined, 'zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    const orders: { name: string; adviceTypeName: string; orderedBy: string; status: string }[] =
      res.json().dataContent.orders;
    const names = orders.map((o) => o.name);
    expect(names).toContain('四点血糖');
    expect(names).toContain('Diet order');
    expect(names).not.toContain('Wrong patient');
    expect(orders.find((o) => o.name === 'To stop')).toMatchObject({
      status: 'stopped',
      orderedBy: 'Dr. Li Wei',
    });
    expect(orders[0]).not.toHaveProperty('deleteReason');
    const ketone = await api('GET', `/v1/records/ketone?id=${endo}`, doctor);
    expect(ketone.json().dataContent.orders).toBeNull();
    // a range before the orders began lists none
    const before = await api(
      'GET',
      `/v1/records/glucose?id=${endo}&beginDate=2026-01-01&endDate=2026-01-02`,
      doctor,
    );
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().dataContent.orders).toEqual([]);
  });

  it('offers the dialog’s options in the request language', async () => {
    const res = await api('GET', '/v1/patientAdvice/options', nurse, undefined, 'zh-CN');
    expect(res.statusCode).toBe(200);
    const options = res.json().dataContent;
    expect(options.classes[0]).toEqual({ code: 'monitoring', name: '监测' });
    expect(options.items.map((i: { code: string }) => i.code)).toEqual(['GLU', 'KET', 'UA']);
    expect(options.presets.fourPoint).toEqual(['fasting', 'beforeLunch', 'beforeDinner', 'beforeSleep']);
    expect(options.periods.some((p: { code: string }) => p.code === 'fasting')).toBe(true);
    expect(options.frequencies.find((f: { code: string }) => f.code === 'tid')?.executeTimes).toHaveLength(3);
  });
});
