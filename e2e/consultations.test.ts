import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  call,
  chooseOption,
  launchBrowser,
  loginViaForm,
  newContext,
  periodOf,
  shot,
  switchLanguage,
} from './support';

let browser: Browser;
let db: pg.Client;
beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  // the cardiology doctor of the demo signs in with doctor01's password, without the first-login change
  await db.query(`update users set must_change_password = false,
      password_hash = (select password_hash from users where tenant_id = '101' and user_name = 'doctor01')
    where tenant_id = '101' and user_name = 'doctor02'`);
  await db.query(`insert into management_suggestions (tenant_id, title, content, category)
    values ('101', 'Start basal insulin', 'Glargine 0.2 IU/kg at bedtime', 'medication')`);
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

type Patient = { id: number; name: string; bed: string | null };
type Consultation = { id: number; version: number };

const badgeOf = async (page: Page, path: string) => {
  const badge = page.locator(
    `[data-menu-badge="${path}"] .ant-scroll-number, [data-menu-badge="${path}"] sup`,
  );
  if (!(await badge.count())) return 0;
  return Number((await badge.first().getAttribute('title')) ?? (await badge.first().innerText())) || 0;
};

/** The API answer (status and message) of a call from the page, in a language. */
async function rawCall(page: Page, url: string, payload: unknown, lang: string) {
  return page.evaluate(
    async ({ url, payload, lang }) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('acon_credentials_key='))
          ?.split('=')[1] ?? '',
      );
      const res = await fetch(`/app-service${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-language': lang,
        },
        body: JSON.stringify(payload),
      });
      return { status: res.status, message: (await res.json()).message as string };
    },
    { url, payload, lang },
  );
}

describe('consultations', () => {
  it('goes from a cardiology request to the endocrinology inbox live, is answered and completed', {
    timeout: 240_000,
  }, async () => {
    const endoContext = await newContext(browser);
    const endo = await endoContext.newPage();
    await loginViaForm(endo, 'doctor01', 'Doctor@2026');
    await endo.goto('/consultation/inbox');
    await endo.getByTestId('consultation-inbox-page').waitFor();
    await expect
      .poll(() => endo.getByTestId('live-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('live');
    const badgeBefore = await badgeOf(endo, '/consultation/inbox');
    let reloaded = false;
    endo.on('framenavigated', (frame) => {
      if (frame === endo.mainFrame()) reloaded = true;
    });

    const cardContext = await newContext(browser);
    const card = await cardContext.newPage();
    await loginViaForm(card, 'doctor02', 'Doctor@2026');
    const patients = await call<{ records: Patient[] }>(
      card,
      'GET',
      '/v1/patients/hospitalizedPatients?departmentCode=CARD&size=50',
    );
    const patient = patients.records[0]!;
    await card.goto(`/patient/detail?id=${patient.id}&tab=consultation`);
    await card.getByTestId('consultation-tab').waitFor();
    await card.getByTestId('consultation-tab-request').click();
    await chooseOption(card, card.getByTestId('consultation-request-department'), /Endocrinology/);
    await chooseOption(card, card.getByTestId('consultation-request-consult-doctor'), /Dr\. Li Wei/);
    await chooseOption(card, card.getByTestId('consultation-request-urgency'), /Urgent/);
    const description = `Glucose 15.6 after PCI, please advise (${Date.now()})`;
    await card.getByTestId('consultation-request-description').fill(description);
    await card.getByTestId('consultation-request-submit').click();
    await card.getByText(description).first().waitFor({ timeout: 10_000 });
    await shot(card, 'consultation-patient-tab-en-1440');

    // the endocrinology doctor sees it arrive without a reload: the menu badge and the inbox row
    await expect.poll(() => badgeOf(endo, '/consultation/inbox'), { timeout: 10_000 }).toBe(badgeBefore + 1);
    const row = endo.locator('.gc-clickable-row').filter({ hasText: patient.name }).first();
    await row.waitFor({ timeout: 10_000 });
    expect(reloaded).toBe(false);
    await shot(endo, 'consultation-inbox-en-1440');

    await row.click();
    const drawer = endo.getByTestId('consultation-drawer');
    await drawer.getByTestId('consultation-patient').getByText(patient.name).waitFor();
    await drawer.getByText(description).waitFor();
    await expect.poll(() => badgeOf(endo, '/consultation/inbox'), { timeout: 10_000 }).toBe(badgeBefore);
    await chooseOption(endo, drawer.getByTestId('consultation-suggestions'), /Start basal insulin/);
    // clicking the text box closes the picker's list (Escape would close the drawer)
    await drawer.getByTestId('consultation-reply-text').click();
    await drawer
      .getByTestId('consultation-reply-text')
      .fill('Glargine 10 IU tonight, check fasting glucose tomorrow.');
    await drawer.getByTestId('consultation-reply-send').click();
    await drawer
      .getByTestId('consultation-thread')
      .getByText('Start basal insulin')
      .waitFor({ timeout: 10_000 });
    await shot(endo, 'consultation-detail-en-1440');

    await drawer.getByTestId('consultation-complete').click();
    await endo.getByTestId('consultation-finish-text').fill('Basal insulin started; review in 48 hours.');
    await endo.getByTestId('consultation-finish-ok').click();
    await endo.locator('.ant-modal-confirm .ant-btn-primary').click();
    await drawer.getByTestId('consultation-record').waitFor({ timeout: 10_000 });
    expect(await drawer.getByTestId('consultation-reply').count()).toBe(0);

    // the requester's menu shows the answer as news (its group opened: closed groups render no items)
    await card
      .locator('.ant-menu-submenu-title:visible')
      .filter({ hasText: 'Consultations' })
      .first()
      .click();
    await expect.poll(() => badgeOf(card, '/consultation/request'), { timeout: 10_000 }).toBeGreaterThan(0);

    // screenshots in Chinese at desktop width, and both languages on a phone
    await switchLanguage(card, 'zh-CN');
    await card.getByTestId('consultation-tab').waitFor();
    await shot(card, 'consultation-patient-tab-zh-1440');
    for (const [lang, width] of [
      ['zh-CN', 1440],
      ['en-US', 390],
      ['zh-CN', 390],
    ] as const) {
      const phoneContext = await newContext(browser, { width, height: width > 400 ? 900 : 844 });
      const phone = await phoneContext.newPage();
      await loginViaForm(phone, 'doctor01', 'Doctor@2026');
      if (lang === 'zh-CN') await switchLanguage(phone, 'zh-CN');
      await phone.goto('/consultation/inbox');
      await phone.getByTestId('consultation-inbox-page').waitFor();
      await phone.locator('.gc-clickable-row').first().waitFor();
      await shot(phone, `consultation-inbox-${lang}-${width}`);
      await phone.locator('.gc-clickable-row').first().click();
      await phone.getByTestId('consultation-patient').waitFor();
      await shot(phone, `consultation-detail-${lang}-${width}`);
      await phoneContext.close();
    }
    const cardPhone = await newContext(browser, { width: 390, height: 844 });
    const cp = await cardPhone.newPage();
    await loginViaForm(cp, 'doctor02', 'Doctor@2026');
    await cp.goto(`/patient/detail?id=${patient.id}&tab=consultation`);
    await cp.getByTestId('consultation-tab').waitFor();
    await shot(cp, 'consultation-patient-tab-en-US-390');
    await switchLanguage(cp, 'zh-CN');
    await cp.getByText('申请会诊').first().waitFor();
    await shot(cp, 'consultation-patient-tab-zh-CN-390');
    await cardPhone.close();
    await endoContext.close();
    await cardContext.close();
  });

  it('raises a consultation from a threshold reading, which endocrinology sees live, answers and closes', {
    timeout: 180_000,
  }, async () => {
    const endoContext = await newContext(browser);
    const endo = await endoContext.newPage();
    await loginViaForm(endo, 'doctor01', 'Doctor@2026');
    await endo.goto('/consultation/inbox');
    await endo.getByTestId('consultation-inbox-page').waitFor();
    await expect
      .poll(() => endo.getByTestId('live-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('live');
    const badgeBefore = await badgeOf(endo, '/consultation/inbox');
    let reloaded = false;
    endo.on('framenavigated', (frame) => {
      if (frame === endo.mainFrame()) reloaded = true;
    });

    // a cardiology patient admitted now, and a glucose of 22.4 mmol/L entered for him: the demo
    // hospital's auto consultation asks endocrinology, in the reading's transaction
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await loginViaForm(admin, 'admin', 'Admin@123456');
    const stamp = String(Date.now()).slice(-6);
    const name = `Auto ${stamp}`;
    const patient = await call<Patient>(admin, 'POST', '/v1/patients/applyHospitalization', {
      name,
      gender: 'male',
      dateOfBirth: '1958-03-02',
      age: 68,
      departmentCode: 'CARD',
      doctorCode: 'doctor02',
      bed: `AC-${stamp}`,
      inpatientNumber: `AC${stamp}`,
      admittedAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const testTime = new Date(Date.now() - 2 * 60_000);
    testTime.setSeconds(23, 0);
    await call(admin, 'POST', '/v1/testRecord/customerRecord', {
      category: 'GLU',
      patientId: patient.id,
      period: await periodOf(admin, patient.id, testTime),
      testTime: testTime.toISOString(),
      result: 22.4,
      unit: 'mmolL',
    });

    await expect.poll(() => badgeOf(endo, '/consultation/inbox'), { timeout: 10_000 }).toBe(badgeBefore + 1);
    const row = endo.locator('.gc-clickable-row').filter({ hasText: name }).first();
    await row.waitFor({ timeout: 10_000 });
    expect(reloaded).toBe(false);
    await row.click();
    const drawer = endo.getByTestId('consultation-drawer');
    await expect
      .poll(() => drawer.getByTestId('consultation-description').innerText())
      .toContain('22.4 mmol/L');
    expect(await drawer.getByTestId('consultation-description').innerText()).toContain('Auto consultation');
    await drawer.getByTestId('consultation-reply-text').fill('Correction insulin 4 IU, recheck in 2 hours.');
    await drawer.getByTestId('consultation-reply-send').click();
    await drawer
      .getByTestId('consultation-thread')
      .getByText('Correction insulin 4 IU')
      .waitFor({ timeout: 10_000 });
    await drawer.getByTestId('consultation-close').click();
    await endo.getByTestId('consultation-finish-text').fill('Handled by the reply; no visit needed.');
    await endo.getByTestId('consultation-finish-ok').click();
    await endo.locator('.ant-modal-confirm .ant-btn-primary').click();
    await drawer.getByTestId('consultation-close-reason').waitFor({ timeout: 10_000 });
    expect(await drawer.getByTestId('consultation-reply').count()).toBe(0);
    await shot(endo, 'consultation-auto-closed-en-1440');
    await adminContext.close();
    await endoContext.close();
  });

  it('refuses a reply to a closed consultation with the §8 message, and offers no reply box', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser);
    const card = await context.newPage();
    await loginViaForm(card, 'doctor02', 'Doctor@2026');
    const patients = await call<{ records: Patient[] }>(
      card,
      'GET',
      '/v1/patients/hospitalizedPatients?departmentCode=CARD&size=50',
    );
    const options = await call<{
      requestDoctors: { id: number; name: string }[];
      departments: { code: string; staff: { id: number; name: string }[] }[];
    }>(card, 'GET', `/v1/consultations/options?patientId=${patients.records[0]!.id}`);
    const endo = options.departments.find((d) => d.code === 'ENDO')!;
    const created = await call<Consultation>(card, 'POST', '/v1/consultations', {
      patientId: patients.records[0]!.id,
      requestDepartmentCode: 'CARD',
      requestDoctorId: options.requestDoctors.find((d) => d.name === 'Dr. Chen Jing')!.id,
      consultDepartmentCode: 'ENDO',
      consultDoctorId: endo.staff.find((s) => s.name === 'Dr. Li Wei')!.id,
      requestedAt: new Date().toISOString(),
      description: 'Closed before an answer',
    });
    await call(card, 'POST', '/v1/consultations/finish', {
      id: created.id,
      version: 1,
      action: 'close',
      reason: 'Transferred to ICU',
    });
    for (const [lang, message] of [
      ['en-US', 'The consultation is already closed'],
      ['zh-CN', '该会诊已关闭'],
    ] as const) {
      const answer = await rawCall(
        card,
        '/v1/consultations/logs',
        { id: created.id, text: 'Too late' },
        lang,
      );
      expect(answer).toEqual({ status: 409, message });
    }
    await card.goto('/consultation/request');
    await card.locator('.gc-clickable-row').filter({ hasText: 'Closed before an answer' }).first().click();
    const drawer = card.getByTestId('consultation-drawer');
    await drawer.getByTestId('consultation-close-reason').getByText('Transferred to ICU').waitFor();
    expect(await drawer.getByTestId('consultation-reply').count()).toBe(0);
    await context.close();
  });
});
