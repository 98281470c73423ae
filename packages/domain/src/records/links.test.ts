import { describe, expect, it } from 'vitest';
import { RECORD_SCREEN_PATHS, RECORD_SCREENS, recordScreenOfPath } from '../constants';
import { localizedIssues } from '../validation';
import { patientRecordQuerySchema, recordLinkSchema, recordScreenUrl, wardRecordQuerySchema } from './links';

describe('record screen URLs', () => {
  it('builds the URL of each screen with only the parameters given', () => {
    expect(recordScreenUrl('glucose', 145)).toBe('/record?id=145');
    expect(recordScreenUrl('ketone', 145, { beginDate: '2024-03-01', endDate: '2024-03-07' })).toBe(
      '/record/ket?id=145&beginDate=2024-03-01&endDate=2024-03-07',
    );
    expect(recordScreenUrl('ward', 'ENDO', { date: '2024-03-01', sig: '101.abc', exp: 1700000000 })).toBe(
      '/ward/record?id=ENDO&date=2024-03-01&sig=101.abc&exp=1700000000',
    );
    expect(recordScreenUrl('trend', 7, { beginDate: '', endDate: null, sig: undefined })).toBe('/trend?id=7');
    // a code with characters of the query syntax is escaped
    expect(recordScreenUrl('ward', 'A&B')).toBe('/ward/record?id=A%26B');
  });

  it('finds the screen of a route path, and nothing for other paths', () => {
    for (const screen of RECORD_SCREENS) expect(recordScreenOfPath(RECORD_SCREEN_PATHS[screen])).toBe(screen);
    expect(recordScreenOfPath('/record/?id=1')).toBe('glucose');
    expect(recordScreenOfPath('/record/ket#top')).toBe('ketone');
    expect(recordScreenOfPath('/records')).toBeNull();
    expect(recordScreenOfPath('/')).toBeNull();
  });
});

describe('record queries', () => {
  it('a patient screen takes a whole-number id and an optional complete range', () => {
    expect(patientRecordQuerySchema.parse({ id: '145' })).toEqual({ id: 145 });
    expect(
      patientRecordQuerySchema.parse({
        id: '145',
        beginDate: '2024-02-28',
        endDate: '2024-02-29',
        sig: 's',
        exp: '1',
      }),
    ).toMatchObject({ id: 145, beginDate: '2024-02-28', endDate: '2024-02-29' });
    for (const id of ['0', '-1', '1.5', '1e3', 'abc', '', '01']) {
      expect(patientRecordQuerySchema.safeParse({ id }).success, id).toBe(false);
    }
    expect(
      patientRecordQuerySchema.safeParse({ id: '1', beginDate: '2023-02-29', endDate: '2023-03-01' }).success,
    ).toBe(false);
    expect(patientRecordQuerySchema.safeParse({ id: '1', other: 'x' }).success).toBe(false);
  });

  it('the range is at most 366 days, the end day included', () => {
    const ok = { id: '1', beginDate: '2024-01-01', endDate: '2024-12-31' };
    expect(patientRecordQuerySchema.safeParse(ok).success).toBe(true);
    const long = { ...ok, endDate: '2025-01-01' };
    expect(localizedIssues(patientRecordQuerySchema, long, 'en-US')).toEqual([
      { field: 'endDate', message: 'A record may span at most 366 days' },
    ]);
  });

  it('the ward record takes a department code and an optional day', () => {
    expect(wardRecordQuerySchema.parse({ id: 'ENDO', date: '2024-03-01' })).toEqual({
      id: 'ENDO',
      date: '2024-03-01',
    });
    expect(localizedIssues(wardRecordQuerySchema, { id: 'EN DO' }, 'zh-CN')).toEqual([
      { field: 'id', message: '科室代码无效' },
    ]);
  });
});

describe('share link body', () => {
  it('normalises the id to text and keeps only the range of its screen', () => {
    expect(recordLinkSchema.parse({ screen: 'glucose', id: 145, beginDate: '', endDate: null })).toEqual({
      screen: 'glucose',
      id: '145',
      beginDate: null,
      endDate: null,
      date: null,
    });
    expect(recordLinkSchema.parse({ screen: 'ward', id: ' ENDO ', date: '2024-03-01' })).toEqual({
      screen: 'ward',
      id: 'ENDO',
      beginDate: null,
      endDate: null,
      date: '2024-03-01',
    });
  });

  it('refuses a patient id for the ward and a day for a patient screen', () => {
    expect(localizedIssues(recordLinkSchema, { screen: 'trend', id: 'ENDO' }, 'en-US')).toEqual([
      { field: 'id', message: 'The patient id must be a whole number' },
    ]);
    expect(
      localizedIssues(recordLinkSchema, { screen: 'inspect', id: 3, date: '2024-01-01' }, 'en-US'),
    ).toEqual([
      { field: 'date', message: 'Only the ward record takes a single day; give a start and end date' },
    ]);
  });
});
