import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { cellValue } from '../excel';
import { fetchAllPages } from './fetch-all';
import { plainFilterOf, searchSummary } from './ListPage';
import { activeFilterOf, statusExcelColumn, statusText, statusValueEnum } from './row-parts';

afterEach(async () => {
  await setLanguage('en-US');
});

/** A list of `count` rows answered page by page, recording every request. */
function pagedSource(count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
  const requests: { page: number; size: number; ward?: string }[] = [];
  const request = async (query: { page: number; size: number; ward?: string }) => {
    requests.push(query);
    const start = (query.page - 1) * query.size;
    return { records: rows.slice(start, start + query.size), total: rows.length };
  };
  return { request, requests };
}

describe('fetchAllPages', () => {
  it('reads every page of a filter, reporting progress, and stops at the total', async () => {
    const { request, requests } = pagedSource(1203);
    const progress: string[] = [];
    const rows = await fetchAllPages(
      request,
      { ward: 'ENDO' },
      {
        onProgress: (loaded, total) => progress.push(`${loaded}/${total}`),
      },
    );
    expect(rows).toHaveLength(1203);
    expect(rows.at(-1)).toEqual({ id: 1203 });
    expect(requests).toEqual([
      { ward: 'ENDO', page: 1, size: 500 },
      { ward: 'ENDO', page: 2, size: 500 },
      { ward: 'ENDO', page: 3, size: 500 },
    ]);
    expect(progress).toEqual(['500/1203', '1000/1203', '1203/1203']);
  });

  it('stops at an empty page when rows vanish while it reads, and at a limit', async () => {
    const shrinking = async (query: { page: number; size: number }) => ({
      records: query.page === 1 ? [{ id: 1 }] : [],
      total: 5,
    });
    expect(await fetchAllPages(shrinking, {}, { pageSize: 1 })).toEqual([{ id: 1 }]);
    const { request, requests } = pagedSource(50);
    expect(await fetchAllPages(request, {}, { pageSize: 20, limit: 30 })).toHaveLength(30);
    expect(requests).toHaveLength(2);
  });

  it('answers an empty list with one request', async () => {
    const { request, requests } = pagedSource(0);
    expect(await fetchAllPages(request, {})).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('search form values', () => {
  it('become a filter with trimmed text and without blank values', () => {
    expect(
      plainFilterOf({
        queryCondition: '  insulin ',
        categoryCode: '',
        ward: null,
        tags: [],
        isActive: false,
      }),
    ).toEqual({ queryCondition: 'insulin', isActive: false });
  });

  it('read as labels and option texts on a printed sheet', () => {
    const columns = [
      { title: 'Name or code', dataIndex: 'queryCondition' },
      {
        title: 'Category',
        dataIndex: 'categoryCode',
        fieldProps: { options: [{ value: 'INS', label: 'Insulin' }] },
      },
      { title: 'Status', dataIndex: 'isActive', valueEnum: statusValueEnum() },
      { title: 'Code', dataIndex: 'code', search: false as const },
    ];
    expect(
      searchSummary(columns, { queryCondition: 'glar', categoryCode: 'INS', isActive: 'false', code: 'x' }),
    ).toEqual([
      { label: 'Name or code', value: 'glar' },
      { label: 'Category', value: 'Insulin' },
      { label: 'Status', value: 'Stopped' },
    ]);
  });
});

describe('status wording', () => {
  it('is Enabled / Stopped on screen, in the filter and in Excel, in both languages', async () => {
    expect([statusText(true), statusText(false)]).toEqual(['Enabled', 'Stopped']);
    expect(statusValueEnum()).toEqual({ true: { text: 'Enabled' }, false: { text: 'Stopped' } });
    const column = statusExcelColumn<{ isActive: boolean }>();
    expect(cellValue(column, { isActive: false }, 0)).toBe('Stopped');
    await setLanguage('zh-CN');
    expect(cellValue(statusExcelColumn<{ isActive: boolean }>(), { isActive: true }, 0)).toBe('启用');
    expect(statusText(false)).toBe('停用');
  });

  it('filters by the switch value, both when absent', () => {
    expect([activeFilterOf('true'), activeFilterOf('false'), activeFilterOf(undefined)]).toEqual([
      true,
      false,
      undefined,
    ]);
  });
});
