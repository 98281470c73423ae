import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UPLOAD_LIMIT_BYTES } from '../constants';
import { localizedIssues } from '../validation';
import {
  dictEntrySaveSchema,
  drugCreateSchema,
  gluEventItemSaveSchema,
  orderTemplateCreateSchema,
  suggestionCreateSchema,
  svgIconSchema,
  tenantNameSchema,
  utf8ByteLength,
} from './catalogues';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');

describe('utf8ByteLength', () => {
  it('counts bytes as UTF-8 encodes them', () => {
    for (const text of ['', 'svg', 'é', '血糖', '😀', 'a\u{10FFFF}b', '\uD800']) {
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });
});

describe('svgIconSchema', () => {
  it('takes SVG text up to 2 MB and refuses empty or larger text', () => {
    expect(svgIconSchema.safeParse('<svg/>').success).toBe(true);
    expect(en(svgIconSchema, '')).toEqual([{ field: '', message: 'The file is empty' }]);
    const atLimit = `<svg>${'x'.repeat(UPLOAD_LIMIT_BYTES - 11)}</svg>`;
    expect(svgIconSchema.safeParse(atLimit).success).toBe(true);
    expect(en(svgIconSchema, `${atLimit} `)).toEqual([
      { field: '', message: 'The file must not be larger than 2 MB' },
    ]);
    // bytes, not characters: 700k CJK characters weigh 2.1 MB
    expect(svgIconSchema.safeParse('字'.repeat(700_000)).success).toBe(false);
  });
});

describe('catalogue bodies', () => {
  it('refuse unknown fields such as tenantId and createdAt', () => {
    const bodies: [z.ZodType, object][] = [
      [drugCreateSchema, { code: 'AB', name: 'x', unit: 'mg' }],
      [orderTemplateCreateSchema, { name: 'abc', type: '24h', content: ['x'] }],
      [suggestionCreateSchema, { title: 'ab', content: 'x', category: 'diet' }],
      [gluEventItemSaveSchema, { eventId: 1, code: 'x', name: 'x' }],
      [dictEntrySaveSchema, { type: 'ab', code: 'x', nameZh: 'x', nameEn: 'x' }],
      [tenantNameSchema, { tenantName: 'ab' }],
    ];
    for (const [schema, body] of bodies) {
      expect(schema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      for (const extra of [{ tenantId: '1' }, { createdAt: '2020-01-01' }]) {
        expect(en(schema, { ...body, ...extra }).map((e) => e.field)).toEqual(Object.keys(extra));
      }
    }
  });

  it('ask for the version when an item or entry names its id', () => {
    expect(en(gluEventItemSaveSchema, { id: 3, eventId: 1, code: 'x', name: 'x' })).toEqual([
      { field: 'version', message: 'This field is required' },
    ]);
    expect(en(dictEntrySaveSchema, { id: 3, type: 'ab', code: 'x', nameZh: 'x', nameEn: 'x' })).toEqual([
      { field: 'version', message: 'This field is required' },
    ]);
  });

  it('treat an empty dictionary value as none and any other value as a number', () => {
    const entry = { type: 'ab', code: 'x', nameZh: 'x', nameEn: 'x' };
    expect(dictEntrySaveSchema.parse({ ...entry, value: ' ' }).value).toBeNull();
    expect(dictEntrySaveSchema.parse({ ...entry, value: '2.5' }).value).toBe('2.5');
    expect(dictEntrySaveSchema.parse({ ...entry, value: 7 }).value).toBe(7);
    expect(en(dictEntrySaveSchema, { ...entry, value: '0x10' })).toEqual([
      { field: 'value', message: 'The parameter value must be a number' },
    ]);
  });

  it('need at least one hospital name', () => {
    expect(en(tenantNameSchema, {})).toEqual([
      { field: 'tenantName', message: 'Please enter the hospital name' },
    ]);
    expect(tenantNameSchema.safeParse({ tenantNameZh: '医院' }).success).toBe(true);
  });
});
