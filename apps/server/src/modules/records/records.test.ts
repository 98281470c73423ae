import { calendarDate, zonedInstant } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDb } from '../../db/client';
import { measurements, patients } from '../../db/schema';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let reviewer: string;
let admin202: string;

const TZ = 'Asia/Shanghai';
/** Hospital days used by the readings: two days ago and yesterday (Shanghai calendar). */
let day1: string;
let day2: string;
let endo: number;
let card: number;
let other202: number;

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedInstant(date, h * 60 + m, TZ);
};

async function admit(tenantId: string, name: string, departmentCode: string, bed: string, admittedAt: Date) {
  const [row] = await t.handle.db
    .insert(patients)
    .values({
      tenantId,
      name,
      gender: 'female',
      dateOfBirth: '1960-05-01',
      departmentCode,
      bed,
      inpatientNumber: `IP${Math.floor(Math.random() * 1e8)}`,
      doctorCode: tenantId === '101' ? 'doctor01' : null,
      admittedAt,
    })
    .returning({ id: patients.id });
  return row.id;
}

type Reading = {
  item: 'GLU' | 'KET' | 'UA';
  periodCode?: string | null;
  time: Date;
  value: number | null;
  classification?: string | null;
  untestedReason?: string | null;
  note?: string | null;
  departmentCode?: string;
};

async function record(tenantId: string, patientId: number, readings: Reading[], departmentCode = 'ENDO') {
  await t.handle.db.insert(measurements).values(
    readings.map((r) => ({
      tenantId,
      patientId,
      departmentCode: r.departmentCode ?? departmentCode,
      item: r.item,
      periodCode: r.periodCode ?? null,
      testTime: r.time,
      value: r.value,
      untestedReason: r.untestedReason ?? null,
      note: r.note ?? null,
      testerName: 'Nurse Wang Fang',
      classification: r.classification ?? (r.value === null ? null : 'normal'),
      color: r.classification === 'criticalLow' ? '#722ED1' : null,
    })),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  reviewer = await t.login('101', 'reviewer01', 'Review@2026');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  const now = t.clock.now;
  day2 = calendarDate(new Date(now.getTime() - 86_400_000), TZ);
  day1 = calendarDate(new Date(now.getTime() - 2 * 86_400_000), TZ);
  const admitted = at(day1, '07:00');
  endo = await admit('101', 'Records Zhang', 'ENDO', '12', admitted);
  const endoBed2 = await admit('101', 'Records Bed Two', 'ENDO', '2', admitted);
  card = await admit('101', 'Records Cardio', 'CARD', '1', admitted);
  other202 = await admit('202', 'Riverside Patient', 'ENDO', '5', admitted);
  await record('101', endo, [
    { item: 'GLU', periodCode: 'fasting', time: at(day1, '07:30'), value: 6.1 },
    {
      item: 'GLU',
      periodCode: 'afterBreakfast',
      time: at(day1, '09:30'),
      value: 12.3,
      classification: 'high',
    },
    {
      item: 'GLU',
      periodCode: 'beforeLunch',
      time: at(day1, '11:15'),
      value: null,
      untestedReason: 'refused',
      note: 'Patient declined before lunch',
    },
    {
      item: 'GLU',
      periodCode: 'fasting',
      time: at(day2, '07:10'),
      value: 2.5,
      classification: 'criticalLow',
    },
    {
      item: 'GLU',
      periodCode: 'fasting',
      time: at(day2, '07:40'),
      value: 4.9,
      note: 'Rechecked after juice',
    },
    { item: 'KET', periodCode: 'fasting', time: at(day2, '07:15'), value: 0.8, classification: 'high' },
    { item: 'KET', time: at(day1, '15:00'), value: 0.3 },
    { item: 'UA', time: at(day2, '08:00'), value: 450, classification: 'high' },
  ]);
  await record('101', endoBed2, [
    { item: 'GLU', periodCode: 'fasting', time: at(day2, '07:05'), value: 5.5 },
  ]);
  await record(
    '101',
    card,
    [{ item: 'GLU', periodCode: 'fasting', time: at(day2, '07:00'), value: 7.5 }],
    'CARD',
  );
  await record('202', other202, [
    { item: 'GLU', periodCode: 'fasting', time: at(day2, '07:00'), value: 6.6 },
  ]);
});
afterAll(() => t.close());

/** GET without a token (a fresh browser with nothing but the link). */
const anonymous = (url: string, lang?: string) =>
  t.request({ method: 'GET', url: `/app-service${url}`, lang });

async function share(body: Record<string, unknown>, token = nurse) {
  const res = await api('POST', '/v1/recordLinks', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent as { url: string; expiresAt: string; screen: string };
}

/** The API call of a screen URL (`/record?id=...` → `/v1/records/glucose?id=...`). */
function apiOfScreen(url: string): string {
  const [path, query] = url.split('?');
  const endpoint = {
    '/record': 'glucose',
    '/record/ket': 'ketone',
    '/record/inspect': 'inspect',
    '/ward/record': 'ward',
    '/trend': 'trend',
  }[path];
  return `/v1/records/${endpoint}?${query}`;
}

describe('record screens with a session', () => {
  it('glucose: the day × period grid of the stay with the patient block, notes and untested reasons', async () => {
    const res = await api('GET', `/v1/records/glucose?id=${endo}`, nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().dataContent;
    expect(data.patient).toMatchObject({
      id: endo,
      name: 'Records Zhang',
      departmentCode: 'ENDO',
      departmentName: 'Endocrinology',
      bed: '12',
      doctorName: 'Dr. Li Wei',
    });
    expect(data.header.reportTitle).toBe('GlucoCare Demo General Hospital');
    expect(data.header.units.GLU).toMatchObject({ unit: 'mmolL', unitName: 'mmol/L' });
    expect(data.range).toMatchObject({ beginDate: day1, isStay: true });
    // every day of the stay, earliest first, today's (empty) row included so it can be filled in by hand
    const today = calendarDate(t.clock.now, TZ);
    expect(data.rows.map((row: { date: string }) => row.date)).toEqual([day1, day2, today]);
    expect(data.rows[2].cells).toEqual({});
    const [first, second] = data.rows;
    expect(first.cells.fasting.map((r: { testValue: number }) => r.testValue)).toEqual([6.1]);
    expect(first.cells.afterBreakfast[0]).toMatchObject({ testValue: 12.3, determineType: 'high' });
    expect(second.cells.fasting.map((r: { testValue: number }) => r.testValue)).toEqual([2.5, 4.9]);
    expect(second.notes).toEqual([
      expect.objectContaining({ note: 'Rechecked after juice', periodName: 'Fasting' }),
    ]);
    expect(data.untested).toHaveLength(1);
    expect(data.untested[0]).toMatchObject({ untestedReason: 'refused', periodCode: 'beforeLunch' });
    expect(data.summary).toMatchObject({ readings: 5, tested: 4, untested: 1, critical: 1 });
    expect(data.periods[0]).toMatchObject({ code: 'earlyMorning', name: 'Early morning' });
    // only glucose: the ketone reading at the fasting period is not in the glucose grid
    expect(
      data.rows.flatMap((row: { cells: Record<string, unknown[]> }) => Object.values(row.cells).flat()),
    ).toHaveLength(5);
  });

  it('glucose in zh-CN: names of periods and departments in Chinese', async () => {
    const res = await api('GET', `/v1/records/glucose?id=${endo}`, nurse, undefined, 'zh-CN');
    const data = res.json().dataContent;
    expect(data.patient.departmentName).toBe('内分泌科');
    expect(data.header.reportTitle).toBe('糖护示范综合医院');
    expect(data.periods[1].name).toBe('空腹');
  });

  it('a range narrows the grid to its days', async () => {
    const res = await api('GET', `/v1/records/glucose?id=${endo}&beginDate=${day2}&endDate=${day2}`, nurse);
    const data = res.json().dataContent;
    expect(data.range).toEqual({ beginDate: day2, endDate: day2, isStay: false });
    expect(data.rows.map((row: { date: string }) => row.date)).toEqual([day2]);
  });

  it('ketone: the same grid for ketone readings, a reading without a period placed by its time', async () => {
    const data = (await api('GET', `/v1/records/ketone?id=${endo}`, nurse)).json().dataContent;
    expect(data.item).toBe('KET');
    expect(data.rows.map((row: { date: string }) => row.date).slice(0, 2)).toEqual([day1, day2]);
    // 15:00 lies in the after-lunch window (12:30-16:00); the reading keeps no period of its own
    expect(data.rows[0].cells.afterLunch[0]).toMatchObject({ testValue: 0.3, periodCode: null });
    expect(data.rows[1].cells.fasting[0]).toMatchObject({ testValue: 0.8, determineType: 'high' });
    expect(data.summary).toMatchObject({ readings: 2, high: 1 });
  });

  it('inspect: uric acid and ketone by time with reference ranges from the critical settings', async () => {
    const data = (await api('GET', `/v1/records/inspect?id=${endo}`, nurse)).json().dataContent;
    expect(data.rows.map((r: { item: string; testValue: number }) => [r.item, r.testValue])).toEqual([
      ['KET', 0.3],
      ['KET', 0.8],
      ['UA', 450],
    ]);
    const ua = data.items.find((i: { item: string }) => i.item === 'UA');
    expect(ua.reference).toEqual({ low: 150, high: 420, criticalLow: null, criticalHigh: 720 });
    expect(ua.unit).toBe('µmol/L');
    const ket = data.items.find((i: { item: string }) => i.item === 'KET');
    expect(ket.reference).toMatchObject({ high: 0.6, criticalHigh: 3 });
  });

  it('trend: glucose readings with values only, and the target band', async () => {
    const data = (await api('GET', `/v1/records/trend?id=${endo}`, nurse)).json().dataContent;
    expect(data.readings.map((r: { testValue: number }) => r.testValue)).toEqual([6.1, 12.3, 2.5, 4.9]);
    expect(data.band).toEqual({ low: 4.4, high: 10 });
    expect(data.periodBands.find((b: { periodCode: string }) => b.periodCode === 'fasting')).toMatchObject({
      low: 4.4,
      high: 7,
    });
  });

  it('trend: carries the glucose report of the same readings as the analysis endpoints answer it', async () => {
    const range = `beginDate=${day1}&endDate=${day2}`;
    const data = (await api('GET', `/v1/records/trend?id=${endo}&${range}`, nurse)).json().dataContent;
    const query = `patientId=${endo}&${range}`;
    const report = (await api('GET', `/v1/gluDataAnalysis/bloodGlucoseReport?${query}`, nurse)).json()
      .dataContent;
    const days = (await api('GET', `/v1/gluDataAnalysis/bloodGlucoseFluctuation?${query}`, nurse)).json()
      .dataContent;
    const map = (await api('GET', `/v1/gluDataAnalysis/bloodGlucoseMap?${query}`, nurse)).json().dataContent;
    const { range: _range, ...metrics } = report;
    expect(data.analysis.report).toEqual(metrics);
    expect(data.analysis.report.testCount).toBe(data.readings.length);
    expect(data.analysis.fluctuation).toEqual(days);
    expect(data.analysis.hourly).toEqual(map.hourly);
    expect(data.analysis.readings).toEqual(map.readings);
  });

  it('ward: every patient of the department that day in bed order, with critical marks and testers', async () => {
    const data = (await api('GET', `/v1/records/ward?id=ENDO&date=${day2}`, nurse)).json().dataContent;
    expect(data.department).toEqual({ code: 'ENDO', name: 'Endocrinology' });
    expect(data.date).toBe(day2);
    const names = data.rows.map((row: { name: string }) => row.name);
    expect(names.indexOf('Records Bed Two')).toBeLessThan(names.indexOf('Records Zhang'));
    expect(names).not.toContain('Records Cardio');
    const zhang = data.rows.find((row: { name: string }) => row.name === 'Records Zhang');
    expect(zhang.critical).toBe(1);
    expect(zhang.cells.fasting.map((r: { testValue: number }) => r.testValue)).toEqual([2.5, 4.9]);
    expect(zhang.testers).toEqual(['Nurse Wang Fang']);
    // the demo seed's ENDO patients are there too: the counts cover every row
    expect(data.summary.patients).toBe(data.rows.length);
    const measured = data.rows.filter((row: { cells: object }) => Object.keys(row.cells).length > 0).length;
    expect(data.summary.measured).toBe(measured);
    expect(measured).toBeGreaterThanOrEqual(2);
  });

  it('ward: defaults to today; a day before anyone was admitted lists only those measured then', async () => {
    const today = (await api('GET', '/v1/records/ward?id=ENDO', nurse)).json().dataContent;
    expect(today.date).toBe(calendarDate(t.clock.now, TZ));
    expect(today.rows.map((row: { name: string }) => row.name)).toContain('Records Zhang');
    const before = (await api('GET', '/v1/records/ward?id=ENDO&date=2001-01-01', nurse)).json().dataContent;
    expect(before.rows).toEqual([]);
  });
});

describe('scope and tenant isolation', () => {
  it('an ENDO nurse gets 404 for a CARD patient and for the CARD ward, as for a missing id', async () => {
    const missing = await api('GET', '/v1/records/glucose?id=999999999', nurse);
    expect(missing.statusCode).toBe(404);
    for (const url of [
      `/v1/records/glucose?id=${card}`,
      `/v1/records/ketone?id=${card}`,
      `/v1/records/inspect?id=${card}`,
      `/v1/records/trend?id=${card}`,
    ]) {
      const res = await api('GET', url, nurse);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    const ward = await api('GET', '/v1/records/ward?id=CARD', nurse);
    expect(ward.statusCode).toBe(404);
    expect((await api('GET', '/v1/records/ward?id=NOPE', nurse)).json()).toEqual(ward.json());
    // the admin (all departments) reads it
    expect((await api('GET', `/v1/records/glucose?id=${card}`, admin)).statusCode).toBe(200);
  });

  it('tenant 202 gets 404 for a tenant-101 patient and department, with the body of a missing id', async () => {
    const missing = await api('GET', '/v1/records/glucose?id=999999999', admin202);
    const res = await api('GET', `/v1/records/glucose?id=${endo}`, admin202);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing.json());
    const link = await api('POST', '/v1/recordLinks', admin202, { screen: 'glucose', id: endo });
    expect(link.statusCode).toBe(404);
    expect((await api('POST', '/v1/recordLinks', admin202, { screen: 'ward', id: 'CARD' })).statusCode).toBe(
      404,
    );
  });

  it('tenant 202 reads its own patient with its mg/dL display unit named', async () => {
    const data = (await api('GET', `/v1/records/glucose?id=${other202}`, admin202)).json().dataContent;
    expect(data.header.units.GLU).toMatchObject({ unit: 'mgDl', unitName: 'mg/dL' });
    const day = data.rows.find((row: { date: string }) => row.date === day2);
    expect(day.cells.fasting[0].testValue).toBe(6.6);
    expect(day.cells.fasting[0].unit).toBe('mmol/L');
  });

  it('sharing a patient outside the scope is refused with 404', async () => {
    const res = await api('POST', '/v1/recordLinks', nurse, { screen: 'glucose', id: card });
    expect(res.statusCode).toBe(404);
    expect((await api('POST', '/v1/recordLinks', nurse, { screen: 'ward', id: 'CARD' })).statusCode).toBe(
      404,
    );
  });
});

describe('no credentials, and signed links', () => {
  it('a bare id without a session answers 401 with body code "402" and no data', async () => {
    for (const screen of ['glucose', 'ketone', 'inspect', 'trend']) {
      const res = await anonymous(`/v1/records/${screen}?id=${endo}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: '402', dataContent: null });
      expect(res.body).not.toContain('Records Zhang');
    }
    expect((await anonymous('/v1/records/ward?id=ENDO')).statusCode).toBe(401);
    // an unknown or revoked token is no session either
    const res = await t.request({
      method: 'GET',
      url: `/app-service/v1/records/glucose?id=${endo}`,
      token: '101.x',
    });
    expect(res.statusCode).toBe(401);
  });

  it('a signed link opens exactly its screen, id and range without a session', async () => {
    const link = await share({ screen: 'glucose', id: endo });
    expect(link.url).toMatch(new RegExp(`^/record\\?id=${endo}&sig=101\\.[A-Za-z0-9_-]{43}&exp=\\d+$`));
    const expires = Date.parse(link.expiresAt) - t.clock.now.getTime();
    expect(expires).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3_600_000);
    const res = await anonymous(apiOfScreen(link.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent.patient.name).toBe('Records Zhang');
    expect(res.headers['cache-control']).toBe('no-store');

    // another screen, another id, another range: refused
    const query = link.url.split('?')[1];
    const ketone = await anonymous(`/v1/records/ketone?${query}`);
    expect(ketone.statusCode).toBe(403);
    const otherId = await anonymous(`/v1/records/glucose?${query.replace(`id=${endo}`, `id=${card}`)}`);
    expect(otherId.statusCode).toBe(403);
    const ranged = await anonymous(`/v1/records/glucose?${query}&beginDate=${day1}&endDate=${day1}`);
    expect(ranged.statusCode).toBe(403);
  });

  it('a link with a range works for that range only', async () => {
    const link = await share({ screen: 'trend', id: endo, beginDate: day2, endDate: day2 });
    expect(link.url).toContain(`beginDate=${day2}&endDate=${day2}`);
    const res = await anonymous(apiOfScreen(link.url));
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent.readings.map((r: { testValue: number }) => r.testValue)).toEqual([
      2.5, 4.9,
    ]);
    const wider = apiOfScreen(link.url).replace(`beginDate=${day2}`, `beginDate=${day1}`);
    expect((await anonymous(wider)).statusCode).toBe(403);
  });

  it('a ward link works for its department and day', async () => {
    const link = await share({ screen: 'ward', id: 'ENDO', date: day2 });
    expect(link.url.startsWith(`/ward/record?id=ENDO&date=${day2}&sig=`)).toBe(true);
    const res = await anonymous(apiOfScreen(link.url));
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent.rows.length).toBeGreaterThanOrEqual(2);
    const otherDay = apiOfScreen(link.url).replace(`date=${day2}`, `date=${day1}`);
    expect((await anonymous(otherDay)).statusCode).toBe(403);
  });

  it('a tampered or expired link is refused with 403 "This link has expired or is not valid" in both languages', async () => {
    const link = await share({ screen: 'inspect', id: endo });
    const url = apiOfScreen(link.url);
    const sig = /sig=([^&]+)/.exec(url)?.[1] as string;
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = await anonymous(url.replace(sig, flipped));
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ code: '403', message: 'This link has expired or is not valid' });
    const zh = await anonymous(url.replace(sig, flipped), 'zh-CN');
    expect(zh.json().message).toBe('此链接已过期或无效');

    // a later expiry with the same signature: refused (the expiry is signed)
    const exp = Number(/exp=(\d+)/.exec(url)?.[1]);
    expect((await anonymous(url.replace(`exp=${exp}`, `exp=${exp + 3600}`))).statusCode).toBe(403);
    // a signature of another tenant's key (same text after the dot) is refused
    expect((await anonymous(url.replace('sig=101.', 'sig=202.'))).statusCode).toBe(403);
    // malformed parts, or only one of the two
    expect((await anonymous(url.replace(/exp=\d+/, 'exp=soon'))).statusCode).toBe(403);
    expect((await anonymous(url.replace(/&exp=\d+/, ''))).statusCode).toBe(403);

    expect((await anonymous(url)).statusCode).toBe(200);
    const saved = t.clock.now;
    try {
      t.clock.advance(24 * 3_600_000 + 1000);
      const expired = await anonymous(url, 'en-US');
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toBe('This link has expired or is not valid');
    } finally {
      t.clock.now = saved;
    }
  });

  it('a session that may read the patient still works when the link in the URL is bad', async () => {
    const link = await share({ screen: 'glucose', id: endo });
    const url = apiOfScreen(link.url).replace(/exp=\d+/, 'exp=1');
    expect((await api('GET', url, nurse)).statusCode).toBe(200);
    // ...but a session of another tenant reads nothing (404, as for a missing id)
    expect((await api('GET', url, admin202)).statusCode).toBe(404);
  });

  it('sharing writes an audit row naming who shared what, until when', async () => {
    const link = await share({ screen: 'ketone', id: endo, beginDate: day1, endDate: day2 });
    const rows = await auditRows(t, 'recordLink', `ketone:${endo}`, 'share');
    expect(rows.at(-1)).toMatchObject({
      actor_name: 'nurse01',
      after: {
        screen: 'ketone',
        id: String(endo),
        beginDate: day1,
        endDate: day2,
        expiresAt: link.expiresAt,
      },
    });
  });

  it('the generated key is kept in the settings: links survive a restart', async () => {
    const link = await share({ screen: 'glucose', id: endo });
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from settings where tenant_id = '101' and key = 'records.linkSecret'`,
    );
    expect(rows[0].n).toBe(1);
    // a second server over the same database, with a fresh connection (no key in memory)
    const handle = createDb(t.databaseUrl, { warn: () => {} });
    const restarted = await buildApp(t.app.config, {
      db: handle.db,
      clock: () => t.clock.now,
      logger: false,
    });
    try {
      const res = await restarted.inject({ method: 'GET', url: `/app-service${apiOfScreen(link.url)}` });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await restarted.close();
      await handle.close();
    }
  });

  it('with RECORD_LINK_SECRET set, links are signed with it and the generated key does not apply', async () => {
    const link = await share({ screen: 'glucose', id: endo });
    const handle = createDb(t.databaseUrl, { warn: () => {} });
    const configured = await buildApp(
      { ...t.app.config, recordLinkSecret: 'a-configured-secret-of-at-least-32-chars' },
      { db: handle.db, clock: () => t.clock.now, logger: false },
    );
    try {
      // a link of the generated key does not verify under the configured one
      const old = await configured.inject({ method: 'GET', url: `/app-service${apiOfScreen(link.url)}` });
      expect(old.statusCode).toBe(403);
      const login = await configured.inject({
        method: 'POST',
        url: '/app-service/v1/login',
        payload: { tenant: '101', userName: 'nurse01', password: t.encrypt('Nurse@2026') },
      });
      const token = login.json().dataContent.access_token;
      const signed = await configured.inject({
        method: 'POST',
        url: '/app-service/v1/recordLinks',
        headers: { authorization: `Bearer ${token}` },
        payload: { screen: 'glucose', id: endo },
      });
      const url = signed.json().dataContent.url as string;
      const res = await configured.inject({ method: 'GET', url: `/app-service${apiOfScreen(url)}` });
      expect(res.statusCode).toBe(200);
      // ...and the first server (generated key) refuses it
      expect((await anonymous(apiOfScreen(url))).statusCode).toBe(403);
    } finally {
      await configured.close();
      await handle.close();
    }
  });

  it('a link of a disabled tenant no longer opens', async () => {
    const link = await share({ screen: 'glucose', id: other202 }, admin202);
    expect((await anonymous(apiOfScreen(link.url))).statusCode).toBe(200);
    await t.handle.db.execute(sql`update tenants set is_active = false where id = '202'`);
    try {
      expect((await anonymous(apiOfScreen(link.url))).statusCode).toBe(403);
    } finally {
      await t.handle.db.execute(sql`update tenants set is_active = true where id = '202'`);
    }
  });
});

describe('validation', () => {
  const link = (body: unknown, lang = 'en-US') => api('POST', '/v1/recordLinks', nurse, body, lang);
  const problem = async (body: unknown, lang = 'en-US') => {
    const res = await link(body, lang);
    expect(res.statusCode, res.body).toBe(400);
    return res.json().dataContent.errors as { field: string; message: string }[];
  };

  it.each([
    [{ id: 1 }, 'screen', 'Please choose which record to share', '请选择要分享的记录'],
    [
      { screen: 'chart', id: 1 },
      'screen',
      'Unknown record screen; use glucose, ketone, inspect, ward, trend or linked',
      '未知的记录类型，应为 glucose、ketone、inspect、ward、trend 或 linked',
    ],
    [{ screen: 'glucose' }, 'id', 'Please give the patient', '请指定患者'],
    [{ screen: 'glucose', id: 'abc' }, 'id', 'The patient id must be a whole number', '患者编号必须为整数'],
    [{ screen: 'ward', id: 'EN DO' }, 'id', 'The department code is not valid', '科室代码无效'],
    [
      { screen: 'glucose', id: 1, beginDate: '2024-02-30', endDate: '2024-03-01' },
      'beginDate',
      'The start date must be a date (YYYY-MM-DD)',
      '开始日期格式应为 YYYY-MM-DD',
    ],
    [
      { screen: 'glucose', id: 1, beginDate: '2024-03-01', endDate: 'tomorrow' },
      'endDate',
      'The end date must be a date (YYYY-MM-DD)',
      '结束日期格式应为 YYYY-MM-DD',
    ],
    [
      { screen: 'glucose', id: 1, beginDate: '2024-03-01' },
      'endDate',
      'Give both the start and the end date, or neither (the current stay)',
      '请同时填写开始和结束日期，或都不填（本次住院）',
    ],
    [
      { screen: 'glucose', id: 1, beginDate: '2024-03-02', endDate: '2024-03-01' },
      'endDate',
      'The start date must not be after the end date',
      '开始日期不能晚于结束日期',
    ],
    [
      { screen: 'glucose', id: 1, beginDate: '2023-01-01', endDate: '2024-01-02' },
      'endDate',
      'A record may span at most 366 days',
      '记录的时间跨度最多 366 天',
    ],
    [
      { screen: 'ward', id: 'ENDO', beginDate: '2024-01-01', endDate: '2024-01-02' },
      'beginDate',
      'The ward record shows one day: give the day, not a start and end date',
      '病区记录只显示一天：请填写日期，而非开始和结束日期',
    ],
    [
      { screen: 'ward', id: 'ENDO', date: '2024-13-01' },
      'date',
      'The day must be a date (YYYY-MM-DD)',
      '日期格式应为 YYYY-MM-DD',
    ],
    [
      { screen: 'trend', id: 1, date: '2024-01-01' },
      'date',
      'Only the ward record takes a single day; give a start and end date',
      '只有病区记录使用单日，请填写开始和结束日期',
    ],
  ])('share link body %j: %s', async (body, field, en, zh) => {
    expect(await problem(body)).toContainEqual({ field, message: en });
    expect(await problem(body, 'zh-CN')).toContainEqual({ field, message: zh });
  });

  it('a 366-day range is accepted, unknown fields are refused (no mass assignment)', async () => {
    const range = { screen: 'glucose', id: endo, beginDate: '2024-01-01', endDate: '2024-12-31' };
    expect((await link(range)).statusCode).toBe(200);
    const errors = await problem({ screen: 'glucose', id: endo, expiresAt: '2099-01-01T00:00:00Z' });
    expect(errors.map((e) => e.field)).toContain('expiresAt');
    expect((await problem({ screen: 'glucose', id: endo, tenantId: '202' })).map((e) => e.field)).toContain(
      'tenantId',
    );
  });

  it('the data calls check their query, in both languages', async () => {
    const bad = await api('GET', '/v1/records/glucose?id=abc', nurse);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dataContent.errors).toContainEqual({
      field: 'id',
      message: 'The patient id must be a whole number',
    });
    const zh = await api('GET', `/v1/records/trend?id=${endo}&beginDate=${day1}`, nurse, undefined, 'zh-CN');
    expect(zh.json().dataContent.errors).toContainEqual({
      field: 'endDate',
      message: '请同时填写开始和结束日期，或都不填（本次住院）',
    });
    const ward = await api('GET', '/v1/records/ward?id=ENDO&date=yesterday', nurse);
    expect(ward.json().dataContent.errors).toContainEqual({
      field: 'date',
      message: 'The day must be a date (YYYY-MM-DD)',
    });
    const missing = await api('GET', '/v1/records/ward', nurse);
    expect(missing.json().dataContent.errors).toContainEqual({
      field: 'id',
      message: 'Please give the department',
    });
    const unknown = await api('GET', `/v1/records/glucose?id=${endo}&tenant=202`, nurse);
    expect(unknown.statusCode).toBe(400);
  });
});

describe('permission', () => {
  it('a role without patient:inpatient:list may neither share nor read (403), and a link still works', async () => {
    const link = await share({ screen: 'glucose', id: endo }, reviewer);
    await t.handle.db.execute(sql`
      delete from role_menus rm using roles r, menus m
       where rm.tenant_id = '101' and r.tenant_id = rm.tenant_id and r.id = rm.role_id and r.code = 'reviewer'
         and m.tenant_id = rm.tenant_id and m.id = rm.menu_id and m.permission = 'patient:inpatient:list'`);
    const shared = await api('POST', '/v1/recordLinks', reviewer, { screen: 'glucose', id: endo });
    expect(shared.statusCode).toBe(403);
    const read = await api('GET', `/v1/records/glucose?id=${endo}`, reviewer);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('You do not have permission for this action');
    // the link carries its own credential
    expect((await api('GET', apiOfScreen(link.url), reviewer)).statusCode).toBe(200);
  });
});
