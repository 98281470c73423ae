import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { liveEventsOf } from '../apps/server/src/modules/live/publish';
import { call, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

// Issue 17 "Monitoring orders drive the tasks": the bed card's tasks follow the patient's monitoring
// orders, live. The orders are written as SQL with the live event the orders API sends (the API is
// another part of the issue), on the demo tenant 101.

let browser: Browser;
let db: pg.Client;
beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

const WAIT = { timeout: 20_000, interval: 150 };
const EVERY_2_HOURS = Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, '0')}:00`);
type Task = { patientId: number; periodCode: string; slot: string | null; anchorClock?: string };

/** Announces a change of the patient's orders on the push channel, as the orders API does. */
async function announce(patientId: number) {
  const [event] = liveEventsOf('101', [{ topic: 'orders', departmentCode: 'ENDO', patientId }], Date.now());
  await db.query(`select pg_notify('glucocare_live', $1)`, [JSON.stringify(event)]);
}

/** The task keys of the patient's bed card, as shown. */
async function chipCodes(page: Page, name: string): Promise<string[]> {
  const card = page
    .getByTestId('bed-card')
    .filter({ has: page.getByTestId('bed-name').getByText(name, { exact: true }) });
  return card
    .locator('.gc-period-chip')
    .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-code') ?? ''));
}

/** The hospital clock's HH:mm now (the demo hospital is in Shanghai). */
function shanghaiClock(at = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

describe('monitoring orders on the bed card', () => {
  it('changes the bed card from the strategy’s tasks to the order’s without a reload, and back when it is stopped', {
    timeout: 180_000,
  }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginViaForm(page, 'nurse01', 'Nurse@2026');
    const name = '监测医嘱测试';
    const patient = await call<{ id: number }>(page, 'POST', '/v1/patients/applyHospitalization', {
      name,
      gender: 'male',
      dateOfBirth: '1960-05-01',
      age: 66,
      departmentCode: 'ENDO',
      doctorCode: 'doctor01',
      bed: 'MO-1',
      inpatientNumber: 'MOE2E0001',
      admittedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    const apiKeys = async () =>
      (
        await call<{ records: Task[] }>(page, 'GET', '/v1/tasks/todayTask?size=500&queryCondition=MOE2E0001')
      ).records
        .filter((task) => task.patientId === patient.id)
        .map((task) => task.periodCode)
        .sort();

    await page.goto('/index');
    const card = page
      .getByTestId('bed-card')
      .filter({ has: page.getByTestId('bed-name').getByText(name, { exact: true }) });
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status'), WAIT).toBe('live');
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    // no order: the monitoring strategy's glucose periods
    const strategy = await chipCodes(page, name);
    expect(strategy.length).toBeGreaterThan(0);
    expect(strategy.every((code) => !code.includes('@') && !code.includes(':'))).toBe(true);
    const upcoming = await card
      .locator('.gc-period-chip[data-state="upcoming"]')
      .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-code') ?? ''));

    // a doctor orders glucose every 2 hours and ketone before breakfast: the card follows, live
    const { rows } = await db.query<{ id: string }>(
      `insert into patient_orders (tenant_id, patient_id, department_code, name, classification, order_type, category,
                                   contents, monitor_periods, monitor_times, begin_at, ordered_by, ordered_by_name)
       values ('101', $1, 'ENDO', '血糖监测 q2h', 'monitoring', 'longTerm', 'GLU', '["q2h"]', null, $2::jsonb,
               now() - interval '1 day', 1, 'e2e'),
              ('101', $1, 'ENDO', '血酮监测', 'monitoring', 'longTerm', 'KET', '["fasting"]', '["fasting"]', null,
               now() - interval '1 day', 1, 'e2e')
       returning id`,
      [patient.id, JSON.stringify(EVERY_2_HOURS)],
    );
    await announce(patient.id);
    const ordered = [...EVERY_2_HOURS.map((time) => `@${time}`), 'KET:fasting'];
    await expect.poll(async () => (await chipCodes(page, name)).sort(), WAIT).toEqual([...ordered].sort());
    expect(await apiKeys()).toEqual([...ordered].sort());
    expect(await card.locator('.gc-period-chip').first().innerText()).toBe('00:00');
    expect(await card.innerText()).toContain('Ketone · Fasting');
    await shot(page, 'monitoring-orders-bedcard-en');
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => card.innerText(), WAIT).toContain('血酮 · 空腹');
    await card.screenshot({ path: `${import.meta.dirname}/screenshots/monitoring-orders-bedcard-zh.png` });

    // stopped now: the later clock tasks go at once, the strategy's later periods come back
    const stoppedAt = new Date();
    await db.query(
      `update patient_orders set status = 'stopped', stopped_at = $2, stopped_by = 1, stopped_by_name = 'e2e',
              stop_reason = 'e2e' where tenant_id = '101' and id = any($1::bigint[])`,
      [rows.map((row) => row.id), stoppedAt],
    );
    await announce(patient.id);
    const clock = shanghaiClock(stoppedAt);
    await expect
      .poll(
        async () =>
          (await chipCodes(page, name)).filter((code) => code.startsWith('@') && code.slice(1) > clock),
        WAIT,
      )
      .toEqual([]);
    const after = await chipCodes(page, name);
    for (const code of upcoming) expect(after).toContain(code);
    expect(after.sort()).toEqual(await apiKeys());
    expect(reloaded).toBe(false);
    // the ward's other browser tests see it without these orders (entered in error: deleted never counts)
    await db.query(
      `update patient_orders set deleted_at = now(), deleted_by = 1, delete_reason = 'e2e'
                     where tenant_id = '101' and id = any($1::bigint[])`,
      [rows.map((row) => row.id)],
    );
    await announce(patient.id);
    await context.close();
  });
});
