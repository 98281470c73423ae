import { IMPORT_KINDS, IMPORTS } from '@glucocare/domain/admin';
import { describe, expect, it } from 'vitest';
import { buildTemplate, columnNote, plainCell, readImportFile } from './workbook';

const labels = { 'en-US': { yes: 'Yes', no: 'No' }, 'zh-CN': { yes: '是', no: '否' } } as const;

async function fileOf(workbook: Awaited<ReturnType<typeof buildTemplate>>) {
  return new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer]);
}

describe('import template', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'reads back as one valid example row for every list (%s)',
    async (lang) => {
      for (const kind of IMPORT_KINDS) {
        const template = await buildTemplate(kind, lang, labels[lang]);
        const reading = await readImportFile(kind, await fileOf(template), lang);
        expect(reading.problems, kind).toEqual([]);
        expect(reading.sheetRows, kind).toEqual([2]);
      }
    },
  );

  it('writes the headers in the user’s language with notes, and the example choices as labels', async () => {
    const template = await buildTemplate('staff', 'zh-CN', labels['zh-CN']);
    const header = template.worksheets[0]?.getRow(1);
    expect(header?.getCell(1).value).toBe('用户名 *');
    expect(header?.getCell(3).value).toBe('性别');
    expect(header?.getCell(3).note).toBe('选填\n可填：男、女、未知');
    expect(template.worksheets[0]?.getRow(2).getCell(3).value).toBe('女');
    const gender = IMPORTS.staff.columns[2];
    expect(gender && columnNote(gender, 'en-US')).toBe('Optional\nOne of: Male, Female, Unknown');
  });

  it('reads a filled sheet: rich text, formulas and blank rows, numbered as in the sheet', async () => {
    const template = await buildTemplate('drugs', 'en-US', labels['en-US']);
    const sheet = template.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    sheet.getRow(2).values = ['A-1', null, null, { richText: [{ text: 'Asp' }, { text: 'irin' }] }, 'mg'];
    sheet.getRow(4).values = ['B-1', null, null, 'Bisoprolol', { formula: 'LOWER("MG")', result: 'mg' }];
    const reading = await readImportFile('drugs', await fileOf(template), 'en-US');
    expect(reading.problems).toEqual([]);
    expect(reading.sheetRows).toEqual([2, 4]);
    expect(reading.rows).toEqual([
      { code: 'A-1', nameEn: 'Aspirin', unit: 'mg' },
      { code: 'B-1', nameEn: 'Bisoprolol', unit: 'mg' },
    ]);
  });

  it('keeps only what a cell shows', () => {
    expect(plainCell({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(plainCell({ formula: 'A1', result: 3 })).toBe(3);
    expect(plainCell({ error: '#N/A' } as never)).toBeNull();
  });
});
