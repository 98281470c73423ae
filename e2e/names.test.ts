import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, launchBrowser, loginViaForm, newContext, shot, switchLanguage } from './support';

/**
 * Names in both languages (issue 14): a seeded drug, glucose event and patient tag show their English
 * name in the English interface and their Chinese one in the Chinese interface, and a language switch
 * on the page changes them at once, without reloading it.
 */

interface Named {
  nameZh: string | null;
  nameEn: string | null;
}
type Drug = Named & { code: string; categoryNameZh: string | null; categoryNameEn: string | null };
type GluEvent = Named & { id: number; version: number };
type TagOption = { tag: string; tagZh: string | null; tagEn: string | null };

const WAIT = { timeout: 15_000 };
const differ = (entry: Named) => !!entry.nameZh && !!entry.nameEn && entry.nameZh !== entry.nameEn;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await loginViaForm(page, 'admin', 'Admin@123456');
});
afterAll(() => browser?.close());

/** Marks the document, so a check can tell that the page was not loaded again. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as { namesMark?: boolean }).namesMark = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { namesMark?: boolean }).namesMark === true);

describe('names in the language on screen', () => {
  it('shows a seeded drug and its category by the name of the language chosen', {
    timeout: 60_000,
  }, async () => {
    const drugs = await api<{ records: Drug[] }>(page, '/v1/medication/page?page=1&size=20');
    const drug = drugs.records.find(
      (entry) => differ(entry) && differ({ nameZh: entry.categoryNameZh, nameEn: entry.categoryNameEn }),
    );
    expect(drug, 'a seeded drug with two different names').toBeDefined();

    await page.goto('/system/drug');
    const row = page.locator('tr.ant-table-row', { hasText: drug!.code });
    await expect.poll(() => row.innerText(), WAIT).toContain(drug!.nameEn!);
    expect(await row.innerText()).not.toContain(drug!.nameZh!);
    expect(await row.innerText()).toContain(drug!.categoryNameEn!);

    await markDocument(page);
    await switchLanguage(page, 'zh-CN');
    await expect.poll(() => row.innerText(), WAIT).toContain(drug!.nameZh!);
    expect(await row.innerText()).not.toContain(drug!.nameEn!);
    expect(await row.innerText()).toContain(drug!.categoryNameZh!);
    await shot(page, 'names-drugs-zh');
    expect(await sameDocument(page)).toBe(true);

    await switchLanguage(page, 'en-US');
    await expect.poll(() => row.innerText(), WAIT).toContain(drug!.nameEn!);
  });

  it('shows a patient’s tag and a glucose event by the name of the language chosen', {
    timeout: 60_000,
  }, async () => {
    const patients = await api<{ records: { id: number; name: string; tags: string[] }[] }>(
      page,
      `/v1/patients/hospitalizedPatients?queryCondition=${encodeURIComponent('王建国')}`,
    );
    const patient = patients.records.find((entry) => entry.name === '王建国')!;
    const tagText = patient.tags[0];
    const tag = (await api<TagOption[]>(page, '/v1/tagOption/list')).find((option) => option.tag === tagText);
    expect(tag?.tagZh && tag.tagEn, 'the patient’s tag has both names').toBeTruthy();

    // the demo data has no glucose events: one with both names is made for the test, removed after
    const event = await call<GluEvent>(page, 'POST', '/v1/glu/event/save', {
      code: 'namesEvt',
      nameZh: '加餐',
      nameEn: 'Snack',
    });
    const item = await call<Named & { id: number; version: number }>(
      page,
      'POST',
      '/v1/glu/event/item/save',
      {
        eventId: event.id,
        code: 'namesFruit',
        nameZh: '水果',
        nameEn: 'Fruit',
      },
    );
    const saved = await call<{ id: number }>(page, 'POST', '/v1/patient/glu/event/save', {
      patientId: patient.id,
      eventId: event.id,
      itemId: item.id,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      note: 'names in both languages',
    });

    try {
      await page.goto(`/patient/detail?id=${patient.id}&tab=events`);
      const shownTag = page.locator(`.gc-patient-tags [data-tag="${tagText}"]`).first();
      const shownEvent = page.getByTestId('patient-event-name').first();
      await expect.poll(() => shownTag.innerText(), WAIT).toBe(tag!.tagEn);
      await expect.poll(() => shownEvent.innerText(), WAIT).toBe(`${event.nameEn} · ${item.nameEn}`);

      await markDocument(page);
      await switchLanguage(page, 'zh-CN');
      await expect.poll(() => shownTag.innerText(), WAIT).toBe(tag!.tagZh);
      await expect.poll(() => shownEvent.innerText(), WAIT).toBe(`${event.nameZh} · ${item.nameZh}`);
      await shot(page, 'names-patient-zh');
      expect(await sameDocument(page)).toBe(true);

      // the event dialog offers the events by their Chinese names too
      await page.getByTestId('event-add').click();
      await page.getByTestId('event-select').click();
      const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => offered.allInnerTexts(), WAIT).toContain(event.nameZh);
      await page.getByTestId('form-cancel').click();

      await switchLanguage(page, 'en-US');
      await expect.poll(() => shownTag.innerText(), WAIT).toBe(tag!.tagEn);
    } finally {
      await call(page, 'DELETE', `/v1/patient/glu/event?id=${saved.id}`);
      await call(page, 'DELETE', `/v1/glu/event/item?id=${item.id}&version=${item.version}`);
      await call(page, 'DELETE', `/v1/glu/event?id=${event.id}&version=${event.version}`);
    }
  });
});
