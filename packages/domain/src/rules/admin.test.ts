import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { departmentCodeSchema, departmentNameSchema } from '../admin/schemas';
import { UPLOAD_LIMIT_BYTES } from '../constants';
import { translate } from '../i18n/messages';
import { localizedIssues } from '../validation';
import {
  batchApprovalSchema,
  checkUpload,
  consultationSchema,
  drugCodeSchema,
  drugSchema,
  drugShortCodeSchema,
  uploadSchema,
} from './admin';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

describe('departments (admin/schemas.ts)', () => {
  it('name 2-18 and code required, 1-32 letters, digits, _ or -', () => {
    expect(departmentNameSchema.safeParse('内科').success).toBe(true);
    expect(departmentNameSchema.safeParse('科'.repeat(18)).success).toBe(true);
    expect(departmentNameSchema.safeParse('科').success).toBe(false);
    expect(departmentNameSchema.safeParse('科'.repeat(19)).success).toBe(false);
    expect(departmentCodeSchema.safeParse('E').success).toBe(true);
    expect(departmentCodeSchema.safeParse(`ENDO_1-${'x'.repeat(25)}`).success).toBe(true); // 32
    expect(departmentCodeSchema.safeParse(`ENDO_1-${'x'.repeat(26)}`).success).toBe(false); // 33
    expect(departmentCodeSchema.safeParse('END O').success).toBe(false);
    expect(departmentCodeSchema.safeParse('').success).toBe(false);
  });
});

describe('drugSchema', () => {
  const drug = { code: 'INS-GLA-300', shortCode: 'GLA', name: 'Insulin glargine', unit: 'U' };

  it('accepts a drug, the short code optional', () => {
    expect(en(drugSchema, drug)).toEqual([]);
    expect(en(drugSchema, { ...drug, shortCode: undefined })).toEqual([]);
    expect(en(drugSchema, { ...drug, shortCode: '' })).toEqual([]);
  });

  it('code 2-32, short code 2-12', () => {
    expect(drugCodeSchema.safeParse('AB').success).toBe(true);
    expect(drugCodeSchema.safeParse('A'.repeat(32)).success).toBe(true);
    expect(drugShortCodeSchema.safeParse('YD').success).toBe(true);
    expect(drugShortCodeSchema.safeParse('Y'.repeat(12)).success).toBe(true);
    expect(en(drugSchema, { ...drug, code: 'A', shortCode: 'Y' })).toEqual([
      { field: 'code', message: 'The drug code must be 2-32 characters' },
      { field: 'shortCode', message: 'The short code must be 2-12 characters' },
    ]);
    expect(zh(drugSchema, { ...drug, code: 'A'.repeat(33), shortCode: 'Y'.repeat(13) })).toEqual([
      { field: 'code', message: '药品编码长度为 2-32 个字符' },
      { field: 'shortCode', message: '简码长度为 2-12 个字符' },
    ]);
  });

  it('code, name and unit required', () => {
    expect(en(drugSchema, {})).toEqual([
      { field: 'code', message: 'Please enter the drug code' },
      { field: 'name', message: 'Please enter the drug name' },
      { field: 'unit', message: 'Please select the unit' },
    ]);
    expect(zh(drugSchema, { ...drug, name: ' ', unit: null })).toEqual([
      { field: 'name', message: '请输入药品名称' },
      { field: 'unit', message: '请选择单位' },
    ]);
  });
});

describe('checkUpload', () => {
  it('icons: SVG only', () => {
    expect(
      checkUpload({ fileName: 'glucose.svg', mimeType: 'image/svg+xml', size: 1200 }, 'icon'),
    ).toBeNull();
    expect(checkUpload({ fileName: 'GLUCOSE.SVG', mimeType: '', size: 1200 }, 'icon')).toBeNull();
    expect(
      checkUpload({ fileName: 'icon.svg', mimeType: 'application/octet-stream', size: 1 }, 'icon'),
    ).toBeNull();
    expect(checkUpload({ fileName: 'icon.png', mimeType: 'image/png', size: 1200 }, 'icon')).toBe(
      'admin.upload.iconSvgOnly',
    );
    expect(checkUpload({ fileName: 'icon.svg', mimeType: 'image/png', size: 1200 }, 'icon')).toBe(
      'admin.upload.iconSvgOnly',
    );
    for (const fileName of ['svg', '.svg', 'icon.svg.png', 'icon.html', '']) {
      expect(checkUpload({ fileName, size: 10 }, 'icon'), fileName).toBe('admin.upload.iconSvgOnly');
    }
  });

  it('templates: repx or html only', () => {
    expect(checkUpload({ fileName: 'report.repx', mimeType: '', size: 5000 }, 'template')).toBeNull();
    expect(checkUpload({ fileName: 'report.repx', mimeType: 'text/xml', size: 5000 }, 'template')).toBeNull();
    expect(
      checkUpload({ fileName: 'report.HTML', mimeType: 'text/html; charset=utf-8', size: 5000 }, 'template'),
    ).toBeNull();
    for (const fileName of ['report.htm', 'report.docx', 'report.svg', 'report.repx.exe']) {
      expect(checkUpload({ fileName, size: 10 }, 'template'), fileName).toBe('admin.upload.templateType');
    }
    expect(checkUpload({ fileName: 'report.html', mimeType: 'application/pdf', size: 10 }, 'template')).toBe(
      'admin.upload.templateType',
    );
  });

  it('at most 2 MB, not empty', () => {
    const svg = { fileName: 'a.svg', mimeType: 'image/svg+xml' };
    expect(checkUpload({ ...svg, size: UPLOAD_LIMIT_BYTES }, 'icon')).toBeNull();
    expect(checkUpload({ ...svg, size: UPLOAD_LIMIT_BYTES + 1 }, 'icon')).toBe('admin.upload.tooLarge');
    expect(checkUpload({ fileName: 'a.repx', size: UPLOAD_LIMIT_BYTES + 1 }, 'template')).toBe(
      'admin.upload.tooLarge',
    );
    expect(checkUpload({ ...svg, size: 0 }, 'icon')).toBe('admin.upload.empty');
    expect(checkUpload({ ...svg, size: Number.NaN }, 'icon')).toBe('admin.upload.empty');
    expect(translate('en-US', 'admin.upload.tooLarge')).toContain(`${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`);
    expect(translate('zh-CN', 'admin.upload.tooLarge')).toContain(`${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`);
  });

  it('property: a file of an accepted type passes exactly when 1 byte to 2 MB', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<['icon' | 'template', string]>(
          ['icon', 'x.svg'],
          ['template', 'x.repx'],
          ['template', 'x.html'],
        ),
        fc.integer({ min: -10, max: UPLOAD_LIMIT_BYTES * 2 }),
        ([kind, fileName], size) => {
          const problem = checkUpload({ fileName, size }, kind);
          if (size <= 0) expect(problem).toBe('admin.upload.empty');
          else if (size > UPLOAD_LIMIT_BYTES) expect(problem).toBe('admin.upload.tooLarge');
          else expect(problem).toBeNull();
        },
      ),
    );
  });

  it('uploadSchema puts type problems on the name and size problems on the size', () => {
    expect(en(uploadSchema('icon'), { fileName: 'a.svg', mimeType: 'image/svg+xml', size: 10 })).toEqual([]);
    expect(en(uploadSchema('icon'), { fileName: 'a.png', size: 10 })).toEqual([
      { field: 'fileName', message: 'Icons must be SVG files' },
    ]);
    expect(zh(uploadSchema('template'), { fileName: 'a.doc', size: 10 })).toEqual([
      { field: 'fileName', message: '模板只能上传 repx 或 html 文件' },
    ]);
    expect(zh(uploadSchema('template'), { fileName: 'a.html', size: UPLOAD_LIMIT_BYTES + 1 })).toEqual([
      { field: 'size', message: '文件大小不能超过 2 MB' },
    ]);
    expect(en(uploadSchema('icon'), { size: 10 })).toEqual([
      { field: 'fileName', message: 'Please choose a file' },
    ]);
  });
});

describe('consultationSchema', () => {
  const consultation = {
    requestingDepartmentCode: 'CARD',
    consultingDepartmentCode: 'ENDO',
    consultingDoctor: 'dr.li',
    time: '2024-06-02T09:00:00+08:00',
    description: 'Persistent hyperglycaemia after PCI, please advise on insulin',
  };

  it('accepts a request', () => {
    expect(en(consultationSchema, consultation)).toEqual([]);
  });

  it('requesting and consulting department, doctor, time and description required', () => {
    expect(en(consultationSchema, {})).toEqual([
      { field: 'requestingDepartmentCode', message: 'Please select the requesting department' },
      { field: 'consultingDepartmentCode', message: 'Please select the consulting department' },
      { field: 'consultingDoctor', message: 'Please select the consulting doctor' },
      { field: 'time', message: 'Please select the consultation time' },
      { field: 'description', message: 'Please enter the description' },
    ]);
    expect(zh(consultationSchema, { ...consultation, time: '2024-06-02 09:00', description: '' })).toEqual([
      { field: 'time', message: '会诊时间须为有效的日期时间' },
      { field: 'description', message: '请输入会诊说明' },
    ]);
  });
});

describe('batchApprovalSchema', () => {
  it('at least one record id', () => {
    expect(en(batchApprovalSchema, { ids: [1] })).toEqual([]);
    expect(en(batchApprovalSchema, { ids: [] })).toEqual([
      { field: 'ids', message: 'Please select at least one record' },
    ]);
    expect(zh(batchApprovalSchema, {})).toEqual([{ field: 'ids', message: '请至少选择一条记录' }]);
    expect(en(batchApprovalSchema, { ids: ['1'] })[0].field).toBe('ids.0');
    expect(en(batchApprovalSchema, { ids: [0] })[0].field).toBe('ids.0');
  });
});
