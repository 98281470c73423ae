import dayjs from 'dayjs';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_MAX_PAGE_SIZE, type AuditRecord, fetchAllAudit } from '../../api/admin';
import { configureHttp, resetHttp } from '../../api/http';
import { cellValue } from '../../components/excel';
import { hospitalZone, setHospitalZone } from '../../components/format';
import i18n, { setLanguage } from '../../i18n';
import { AuditDiff } from './AuditDetail';
import {
  AUDIT_ACTIONS,
  auditActionKey,
  auditFilterOf,
  changedLeafCount,
  compactJson,
  defaultAuditRange,
  diffAuditValues,
  jsonEqual,
  labelOr,
  lastMonthRange,
  onlyChanges,
  parseJsonValue,
} from './audit';

describe('audit labels', () => {
  it('has a translation of every known action in both languages', () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const action of AUDIT_ACTIONS) {
        expect(i18n.exists(auditActionKey(action), { lng: lang }), `${lang} ${action}`).toBe(true);
      }
    }
    expect(auditActionKey('login.passwordChangeRequired')).toBe('audit.actions.loginPasswordChangeRequired');
    expect(auditActionKey('password.reset')).toBe('audit.actions.passwordReset');
  });

  it('falls back to the raw value for unknown actions', () => {
    const t = (key: string) => i18n.t(key);
    const exists = (key: string) => i18n.exists(key);
    expect(labelOr(t, exists, auditActionKey('authority'), 'authority')).toBe('Permissions granted');
    expect(labelOr(t, exists, auditActionKey('archive'), 'archive')).toBe('archive');
    expect(labelOr(t, exists, auditActionKey(''), '')).toBe('');
  });
});

describe('auditFilterOf', () => {
  const processZone = hospitalZone();
  afterEach(() => setHospitalZone(processZone));

  it('sends the first day from midnight and the last to the end of the day on the hospital clock', () => {
    // the process runs on UTC; the hospital is 8 hours ahead
    setHospitalZone('Asia/Shanghai');
    const { filter, problem } = auditFilterOf({
      range: ['2026-03-01', '2026-03-07'],
      actorName: '  adm ',
      action: 'update',
      entity: 'user',
      patientId: ' 145 ',
    });
    expect(problem).toBeNull();
    expect(filter).toEqual({
      actorName: 'adm',
      action: 'update',
      entity: 'user',
      patientId: '145',
      beginDate: '2026-02-28T16:00:00.000Z',
      endDate: '2026-03-07T15:59:59.999Z',
    });
  });

  it('accepts dayjs values and one day', () => {
    const day = dayjs('2026-03-05T15:00:00');
    const { filter, problem } = auditFilterOf({ range: [day, day] });
    expect(problem).toBeNull();
    expect(dayjs(filter.beginDate).valueOf()).toBeLessThan(dayjs(filter.endDate).valueOf());
  });

  it('leaves out what is empty', () => {
    expect(auditFilterOf({})).toEqual({
      filter: {
        actorName: undefined,
        action: undefined,
        entity: undefined,
        patientId: undefined,
        beginDate: undefined,
        endDate: undefined,
      },
      problem: null,
    });
    expect(auditFilterOf({ range: null, actorName: '   ' }).filter.actorName).toBeUndefined();
  });

  it('reports a begin after the end, and a malformed patient id, instead of sending them', () => {
    expect(auditFilterOf({ range: ['2026-03-07', '2026-03-01'] }).problem).toBe('dateOrder');
    expect(auditFilterOf({ patientId: '12a' }).problem).toBe('patientId');
    expect(auditFilterOf({ patientId: '1234567890123456' }).problem).toBe('patientId');
    expect(auditFilterOf({ patientId: 42 }).problem).toBeNull();
  });

  it('defaults to the last 7 days, today included', () => {
    const now = dayjs('2026-03-10T09:30:00');
    const [begin, end] = defaultAuditRange(now);
    expect(begin.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-04 00:00:00');
    expect(end.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-10 23:59:59');
  });

  it('offers last month as the whole previous calendar month, across a year end too', () => {
    const [begin, end] = lastMonthRange(dayjs('2026-03-31T09:30:00'));
    expect(begin.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-02-01 00:00:00');
    expect(end.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-02-28 23:59:59');
    const [january] = lastMonthRange(dayjs('2026-01-15T00:00:00'));
    expect(january.format('YYYY-MM-DD')).toBe('2025-12-01');
  });
});

describe('diffAuditValues', () => {
  it('compares an update key by key, nested objects opened, arrays whole', () => {
    const before = { nickName: 'Ann', roles: [{ id: 1 }], scope: { kind: 'all', codes: [] }, version: 1 };
    const after = {
      nickName: 'Anne',
      roles: [{ id: 1 }],
      scope: { kind: 'departments', codes: ['D1'] },
      version: 2,
      phone: '123',
    };
    const rows = diffAuditValues(before, after);
    expect(rows.map((row) => [row.path, row.status, row.depth])).toEqual([
      ['nickName', 'changed', 0],
      ['phone', 'added', 0],
      ['roles', 'same', 0],
      ['scope', 'changed', 0],
      ['scope.codes', 'changed', 1],
      ['scope.kind', 'changed', 1],
      ['version', 'changed', 0],
    ]);
    expect(rows.find((row) => row.path === 'scope')?.nested).toBe(true);
    expect(changedLeafCount(rows)).toBe(5);
    expect(onlyChanges(rows).map((row) => row.path)).not.toContain('roles');
  });

  it('lists a creation as new values and a deletion as old ones', () => {
    const created = diffAuditValues(null, { code: 'ICU', parent: { id: 2 } });
    expect(created.map((row) => [row.key, row.status, row.hasBefore, row.hasAfter])).toEqual([
      ['code', 'added', false, true],
      ['parent', 'added', false, true],
    ]);
    const deleted = diffAuditValues({ code: 'ICU' }, undefined);
    expect(deleted.map((row) => [row.key, row.status])).toEqual([['code', 'removed']]);
  });

  it('reads JSON text as the object it holds, and compares values that are not objects as one line', () => {
    const rows = diffAuditValues('{"a":1,"b":{"c":2}}', { a: 1, b: { c: 3 } });
    expect(rows.map((row) => [row.path, row.status])).toEqual([
      ['a', 'same'],
      ['b', 'changed'],
      ['b.c', 'changed'],
    ]);
    expect(diffAuditValues([1, 2], [1, 3])).toMatchObject([{ key: '', status: 'changed' }]);
    expect(diffAuditValues('on', null)).toMatchObject([{ key: '', status: 'removed', before: 'on' }]);
  });

  it('has no lines without values', () => {
    expect(diffAuditValues(null, null)).toEqual([]);
    expect(diffAuditValues(undefined, {})).toEqual([]);
  });

  it('ignores key order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(parseJsonValue('not json {')).toBe('not json {');
  });
});

describe('compactJson', () => {
  it('writes one line of JSON, nothing for no value, and stays within a cell', () => {
    expect(compactJson({ a: 1, b: ['x'] })).toBe('{"a":1,"b":["x"]}');
    expect(compactJson(null)).toBe('');
    expect(compactJson(undefined)).toBe('');
    expect(compactJson('{"a": 1}')).toBe('{"a":1}');
    expect(compactJson(7)).toBe('7');
    const long = compactJson({ text: 'x'.repeat(100) }, 20);
    expect(long).toHaveLength(20);
    expect(long.endsWith('…')).toBe(true);
  });

  it('is what the export puts in the before/after cells', () => {
    const row = { before: { a: 1 }, after: null } as unknown as AuditRecord;
    const column = {
      title: 'Before',
      dataIndex: 'before' as const,
      render: (value: unknown) => compactJson(value),
    };
    expect(cellValue(column, row, 0)).toBe('{"a":1}');
    expect(cellValue({ ...column, dataIndex: 'after' as const }, row, 0)).toBe('');
  });
});

describe('fetchAllAudit', () => {
  afterEach(() => resetHttp());

  it('walks pages of 500 with the filter until every row is loaded, reporting progress', async () => {
    const total = 1203;
    const urls: URL[] = [];
    configureHttp({
      baseUrl: () => 'http://api.test',
      methodOverride: () => false,
      token: () => 't',
      fetch: async (input) => {
        const url = new URL(String(input));
        urls.push(url);
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('size'));
        const count = Math.max(0, Math.min(size, total - (page - 1) * size));
        const records = Array.from({ length: count }, (_, index) => ({ id: (page - 1) * size + index }));
        return new Response(
          JSON.stringify({ code: '1', message: 'Success', dataContent: { records, total, page, size } }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const progress = vi.fn();
    const rows = await fetchAllAudit(
      { action: 'update', beginDate: '2026-03-01T00:00:00.000+08:00' },
      progress,
    );
    expect(rows).toHaveLength(total);
    expect(urls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(urls.every((url) => url.searchParams.get('size') === String(AUDIT_MAX_PAGE_SIZE))).toBe(true);
    expect(urls[0]?.pathname).toBe('/v1/audit/page');
    expect(urls[0]?.searchParams.get('action')).toBe('update');
    expect(urls[0]?.searchParams.get('beginDate')).toBe('2026-03-01T00:00:00.000+08:00');
    expect(urls[0]?.searchParams.has('entity')).toBe(false);
    expect(progress.mock.calls).toEqual([
      [500, total],
      [1000, total],
      [1203, total],
    ]);
  });

  it('rejects when a page fails, so the page can say the export failed', async () => {
    configureHttp({
      baseUrl: () => 'http://api.test',
      methodOverride: () => false,
      token: () => 't',
      fetch: async () =>
        new Response(JSON.stringify({ code: '500', message: 'boom', dataContent: null }), { status: 500 }),
    });
    await expect(fetchAllAudit({})).rejects.toThrow();
  });
});

describe('AuditDiff', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });

  afterEach(async () => {
    act(() => root.unmount());
    container.remove();
    await setLanguage('en-US');
  });

  it('shows both sides side by side, marks the changed keys and renders nested values as JSON', async () => {
    act(() =>
      root.render(
        <AuditDiff
          before={{ nickName: 'Ann', roles: [{ id: 1, name: 'Nurse' }], isActive: true }}
          after={{ nickName: 'Anne', roles: [{ id: 2, name: 'Doctor' }], isActive: true }}
        />,
      ),
    );
    const rows = [...container.querySelectorAll('tr[data-key]')];
    expect(rows.map((row) => [row.getAttribute('data-key'), row.getAttribute('data-status')])).toEqual([
      ['isActive', 'same'],
      ['nickName', 'changed'],
      ['roles', 'changed'],
    ]);
    const cells = rows[1]?.querySelectorAll('td');
    expect(cells?.[0]?.textContent).toBe('Ann');
    expect(cells?.[1]?.textContent).toBe('Anne');
    const block = rows[2]?.querySelector('pre');
    expect(block?.textContent).toContain('"name": "Nurse"');
    expect(container.querySelector('[data-testid="audit-diff-summary"]')?.textContent).toBe(
      '2 fields changed',
    );

    await act(async () => {
      await setLanguage('zh-CN');
    });
    expect(container.querySelector('[data-testid="audit-diff-summary"]')?.textContent).toBe('2 个字段有变化');
    expect(container.textContent).toContain('修改前');

    const toggle = container.querySelector('[data-testid="audit-only-changes"]') as HTMLElement;
    act(() => toggle.click());
    expect(container.querySelectorAll('tr[data-key]')).toHaveLength(2);
  });

  it('puts each key above its two values when stacked (phones)', () => {
    act(() => root.render(<AuditDiff before={{ a: 1 }} after={{ a: 2 }} stacked />));
    const keyRow = container.querySelector('tr.gc-diff-keyrow');
    expect(keyRow?.textContent).toContain('a');
    const values = container.querySelector('tr[data-key="a"]');
    expect([...(values?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual(['1', '2']);
    expect(container.querySelectorAll('thead th')).toHaveLength(2);
  });

  it('says so when nothing was recorded', () => {
    act(() => root.render(<AuditDiff before={null} after={null} />));
    expect(container.querySelector('[data-testid="audit-diff-empty"]')?.textContent).toContain(
      'No values were recorded',
    );
  });
});
