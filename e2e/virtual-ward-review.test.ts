import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, chooseOption, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

let browser: Browser;
let db: pg.Client;
beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  // a cardiology ward nurse, with nurse01's password, past the first-login change
  await db.query(`insert into users (tenant_id, user_name, nick_name, password_hash, department_code,
                                     permission_scope, must_change_password)
    select tenant_id, 'vwcardnurse', 'Nurse Zhou', password_hash, 'CARD', 'departments', false
      from users where tenant_id = '101' and user_name = 'nurse01'
    on conflict do nothing`);
  await db.query(`insert into user_roles (tenant_id, user_id, role_id)
    select '101', u.id, r.id from users u, roles r
     where u.tenant_id = '101' and u.user_name = 'vwcardnurse' and r.tenant_id = '101' and r.code = 'nurse'
    on conflict do nothing`);
  await db.query(`insert into management_suggestions (tenant_id, title, content, category)
    values ('101', 'Add prandial insulin', 'Insulin aspart 4 IU with lunch and dinner', 'medication')`);
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

type Row = { patientId: number; patientName: string; departmentCode: string; reasons: { kind: string }[] };

describe('virtual ward: the daily review worklist', () => {
  it('the specialist reviews a patient of cardiology; the ward nurse sees the follow-up arrive live', {
    timeout: 240_000,
  }, async () => {
    const endoContext = await newContext(browser);
    const endo = await endoContext.newPage();
    await loginViaForm(endo, 'doctor01', 'Doctor@2026');
    const list = await call<{ records: Row[] }>(endo, 'GET', '/v1/virtualward/worklist?departmentCode=CARD');
    // the demo seed puts cardiology patients with readings ≥ 12.5 mmol/L near now on the list
    const patient = list.records.find((row) => row.reasons.length > 0)!;
    expect(patient.departmentCode).toBe('CARD');

    const wardContext = await newContext(browser);
    const ward = await wardContext.newPage();
    await loginViaForm(ward, 'vwcardnurse', 'Nurse@2026');
    await ward.goto(`/patient/detail?id=${patient.patientId}&tab=virtualWard`);
    await ward.getByTestId('vw-tab').waitFor();
    await expect
      .poll(() => ward.getByTestId('live-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('live');
    let reloaded = false;
    ward.on('framenavigated', (frame) => {
      if (frame === ward.mainFrame()) reloaded = true;
    });

    await endo.goto('/virtualward/worklist');
    await endo.getByTestId('worklist-page').waitFor();
    const review = endo.getByTestId(`worklist-review-${patient.patientId}`);
    await review.waitFor({ timeout: 15_000 });
    // the reasons show as tags on the patient's row
    await endo
      .locator('tr', { has: review })
      .getByTestId(`worklist-reason-${patient.reasons[0]!.kind}`)
      .waitFor();
    await shot(endo, 'virtual-ward-worklist');
    await review.click();
    const form = endo.getByTestId('review-form');
    await form.waitFor();
    await chooseOption(endo, endo.getByTestId('review-suggestion-picker'), /Add prandial insulin/);
    await expect.poll(() => endo.getByTestId('review-suggestion').inputValue()).toContain('aspart 4 IU');
    const assessment = `Post-prandial glucose above 12.5 twice (${Date.now()})`;
    await endo.getByTestId('review-assessment').fill(assessment);
    await shot(endo, 'virtual-ward-review-dialog');
    // Enter in the dialog saves
    await endo.getByTestId('review-assessment').press('Enter');
    await endo.getByTestId(`worklist-reviewed-${patient.patientId}`).waitFor({ timeout: 15_000 });

    // the ward nurse's open patient page shows it without a reload, with a notice
    const card = ward.getByTestId('vw-tab-followups').getByText(assessment);
    await card.waitFor({ timeout: 15_000 });
    await ward.getByText(/New follow-up \(Daily review\) from Dr\. Li Wei/).waitFor({ timeout: 10_000 });
    expect(reloaded).toBe(false);
    await shot(ward, 'virtual-ward-patient-tab');

    // the follow-up records page lists it, in both languages
    await endo.goto('/virtualward/followup');
    await endo.getByTestId('followup-page').getByText(assessment).waitFor({ timeout: 15_000 });
    await switchLanguage(endo, 'zh-CN');
    await endo.getByText('随访记录').first().waitFor();
    await endo.getByText('每日审核').first().waitFor();
    await shot(endo, 'virtual-ward-followups-zh');

    await endoContext.close();
    await wardContext.close();
  });
});
