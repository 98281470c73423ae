import type { ProFormInstance } from '@ant-design/pro-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createRef, type MutableRefObject } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportFileNameOf, ListPage, rowKeyOf } from './ListPage';
import { ShortList, type ShortListQuery } from './ShortList';
import { type TreeEditing, TreeListPage } from './TreeListPage';

// the delete question answers as a test sets it (the confirm dialog itself is antd's)
const answer = vi.hoisted(() => ({ confirm: true }));
vi.mock('../confirm', async (original) => ({
  ...(await original<typeof import('../confirm')>()),
  confirmAction: async () => answer.confirm,
}));

interface Row {
  id: number;
  name: string;
}

interface SignIn {
  at: string;
  action: string;
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('exportFileNameOf', () => {
  it('takes a fixed name as it is, and reads a named range from the exported filter', () => {
    expect(exportFileNameOf('Drugs', { ward: 'ENDO' })).toBe('Drugs');
    expect(
      exportFileNameOf((filter: { from: string; to: string }) => `Critical_${filter.from}_${filter.to}`, {
        from: '2026-11-01',
        to: '2026-11-07',
      }),
    ).toBe('Critical_2026-11-01_2026-11-07');
  });
});

describe('ListPage search form from outside', () => {
  it('runs a search the page set through formRef, and tells the page of fields changing', async () => {
    const request = vi.fn(async (_query: { status?: string; page: number; size: number }) => ({
      records: [{ id: 1, name: 'one' }],
      total: 1,
    }));
    const formRef = createRef<ProFormInstance>() as MutableRefObject<ProFormInstance | undefined>;
    const changes: unknown[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <ListPage<Row, { status?: string }>
            name="kitTest"
            columnsKey="kit-test"
            columns={[
              { title: 'Name', dataIndex: 'name', search: false },
              { title: 'Status', dataIndex: 'status', hideInTable: true },
            ]}
            request={request}
            texts={{ empty: 'none', loadFailed: 'failed' }}
            formRef={formRef}
            onSearchValuesChange={(changed) => changes.push(changed)}
          />
        </QueryClientProvider>,
      ),
    );
    await settle();
    expect(request).toHaveBeenLastCalledWith({ page: 1, size: 20 }, expect.anything());

    await act(async () => {
      formRef.current?.setFieldsValue({ status: 'open' });
      formRef.current?.submit();
    });
    await settle();
    expect(request).toHaveBeenLastCalledWith({ status: 'open', page: 1, size: 20 }, expect.anything());
    // setFieldsValue is the page's own doing: only a user's typing is reported
    expect(changes).toEqual([]);

    const input = container.querySelector<HTMLInputElement>('#kitTestSearch_status');
    expect(input).not.toBeNull();
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(input, 'handled');
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(changes).toEqual([{ status: 'handled' }]);
  });
});

describe('ListPage on a phone', () => {
  const renderAt = async (width: number, fitsPhone: boolean) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <ListPage<Row, Record<string, never>>
            name="kitPhone"
            columnsKey="kit-phone"
            columns={[{ title: 'Name', dataIndex: 'name', search: false }]}
            request={async () => ({ records: [{ id: 1, name: 'one' }], total: 1 })}
            texts={{ empty: 'none', loadFailed: 'failed' }}
            fitsPhone={fitsPhone}
          />
        </QueryClientProvider>,
      ),
    );
    await settle();
    return container.querySelector<HTMLTableElement>('.ant-table table')?.style.width;
  };
  const desktopWidth = window.innerWidth;
  afterEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: desktopWidth }));

  it('fits the screen when the page asks for it, and scrolls sideways otherwise', async () => {
    expect(await renderAt(390, true)).toBe('');
    expect(await renderAt(390, false)).toBe('max-content');
    expect(await renderAt(1440, true)).toBe('max-content');
  });
});

describe('ListPage toolbar and selection', () => {
  it('gives a toolbar function the total and filter of the search, and counts the ticked rows', async () => {
    const seen: { total: number; filter: { status?: string } | null }[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <ListPage<Row, { status?: string }>
            name="kitToolbar"
            columnsKey="kit-toolbar"
            columns={[
              { title: 'Name', dataIndex: 'name', search: false },
              { title: 'Status', dataIndex: 'status', hideInTable: true, initialValue: 'open' },
            ]}
            request={async () => ({
              records: [
                { id: 1, name: 'one' },
                { id: 2, name: 'two' },
              ],
              total: 42,
            })}
            texts={{ empty: 'none', loadFailed: 'failed' }}
            selection={{ keys: ['2'], onChange: () => undefined }}
            toolbar={(list) => {
              seen.push(list);
              return <span data-testid="page-tool">{list.total}</span>;
            }}
          />
        </QueryClientProvider>,
      ),
    );
    await settle();
    expect(container.querySelector('[data-testid="page-tool"]')?.textContent).toBe('42');
    expect(seen.at(-1)).toEqual({ total: 42, filter: { status: 'open' } });
    expect(container.querySelector('[data-testid="selected-count"]')?.textContent).toContain('1');
    // the numeric id 2 is the ticked key '2'
    const ticked = [
      ...container.querySelectorAll<HTMLInputElement>('tr.ant-table-row .ant-checkbox-input'),
    ].map((box) => box.checked);
    expect(ticked).toEqual([false, true]);
  });
});

describe('ListPage filter changed by the page', () => {
  it('goes back to the first page when the filter changes outside the search form', async () => {
    const request = vi.fn(async (query: { item: string; page: number; size: number }) => ({
      records: [{ id: query.page, name: `${query.item} ${query.page}` }],
      total: 100,
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const show = (item: string) =>
      act(async () =>
        root.render(
          <QueryClientProvider client={client}>
            <ListPage<Row, { item: string }>
              name="kitItem"
              columnsKey="kit-item"
              columns={[{ title: 'Name', dataIndex: 'name', search: false }]}
              request={request}
              filterOf={() => ({ item })}
              texts={{ empty: 'none', loadFailed: 'failed' }}
            />
          </QueryClientProvider>,
        ),
      );
    await show('GLU');
    await settle();
    await act(async () => container.querySelector<HTMLElement>('.ant-pagination-item-3')?.click());
    await settle();
    expect(request).toHaveBeenLastCalledWith({ item: 'GLU', page: 3, size: 20 }, expect.anything());
    await show('KET');
    await settle();
    expect(request).toHaveBeenLastCalledWith({ item: 'KET', page: 1, size: 20 }, expect.anything());
    expect(request).not.toHaveBeenCalledWith({ item: 'KET', page: 3, size: 20 }, expect.anything());
  });
});

describe('rowKeyOf', () => {
  it('reads the id by default, a named field, or a composite key', () => {
    const row = { id: 7, code: 'INS', at: '2026-03-01T08:00:00Z', action: 'login' };
    expect(rowKeyOf(row)).toBe('7');
    expect(rowKeyOf(row, 'code')).toBe('INS');
    expect(rowKeyOf(row, (r) => `${r.at}-${r.action}`)).toBe('2026-03-01T08:00:00Z-login');
  });
});

describe('ListPage rows without an id', () => {
  it('lists rows without an id by a composite key with their classes, and leaves the search form out when asked', async () => {
    const rows: SignIn[] = [
      { at: '2026-03-01T08:00:00Z', action: 'login' },
      { at: '2026-03-01T08:00:00Z', action: 'logout' },
    ];
    const requests: unknown[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <ListPage<SignIn, Record<string, never>>
            name="signIns"
            columnsKey="test-sign-ins"
            search={false}
            rowKey={(row) => `${row.at}-${row.action}`}
            rowClassName={(row) => (row.action === 'logout' ? 'gc-row-deleted' : '')}
            columns={[
              { title: 'At', dataIndex: 'at' },
              { title: 'Action', dataIndex: 'action' },
            ]}
            request={async (query) => {
              requests.push(query);
              return { records: rows, total: rows.length };
            }}
            texts={{ empty: 'Nothing', loadFailed: 'Failed' }}
          />
        </QueryClientProvider>,
      );
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(requests).toEqual([{ page: 1, size: 20 }]);
    const keys = [...container.querySelectorAll('tr[data-row-key]')].map((row) =>
      row.getAttribute('data-row-key'),
    );
    expect(keys).toEqual(['2026-03-01T08:00:00Z-login', '2026-03-01T08:00:00Z-logout']);
    const marked = [...container.querySelectorAll('tr.gc-row-deleted')].map((row) =>
      row.getAttribute('data-row-key'),
    );
    expect(marked).toEqual(['2026-03-01T08:00:00Z-logout']);
    expect(container.querySelector('form#signInsSearch')).toBeNull();
    expect(container.querySelector('.ant-pro-query-filter')).toBeNull();
    // the kit's reload and column settings are there unless the page leaves them out
    expect(container.querySelector('.ant-pro-table-list-toolbar')).not.toBeNull();
  });

  it('leaves the toolbar row out without table options and toolbar elements', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <ListPage<SignIn, Record<string, never>>
            name="bare"
            columnsKey="test-bare"
            search={false}
            tableOptions={false}
            rowKey="at"
            columns={[{ title: 'At', dataIndex: 'at' }]}
            request={async () => ({ records: [{ at: '2026-03-01T08:00:00Z', action: 'login' }], total: 1 })}
            texts={{ empty: 'Nothing', loadFailed: 'Failed' }}
          />
        </QueryClientProvider>,
      );
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(container.querySelectorAll('tr[data-row-key]')).toHaveLength(1);
    expect(container.querySelector('.ant-pro-table-list-toolbar')).toBeNull();
  });
});

describe('ListPage columns and print of the page', () => {
  it('takes columns from the last page answered, and opens a print sheet of the page with the search', async () => {
    const printed: unknown[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <ListPage<Row, { status?: string }, { records: Row[]; total: number; slots: string[] }>
            name="kitPivot"
            columnsKey="kit-pivot"
            columns={(last) => [
              { title: 'Status', dataIndex: 'status', hideInTable: true, initialValue: 'open' },
              ...(last?.slots ?? []).map((slot) => ({ title: slot, key: slot, search: false as const })),
            ]}
            request={async () => ({ records: [{ id: 1, name: 'one' }], total: 1, slots: ['Early', 'Late'] })}
            texts={{ empty: 'none', loadFailed: 'failed' }}
            print={{
              title: 'Pivot',
              testId: 'pivot-print',
              preview: (request) => {
                printed.push(request);
                return request ? <div data-testid="own-sheet" /> : null;
              },
            }}
          />
        </QueryClientProvider>,
      ),
    );
    await settle();
    const headers = [...container.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Early', 'Late']));
    expect(container.querySelector('[data-testid="own-sheet"]')).toBeNull();

    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="pivot-print"]')?.click());
    expect(container.querySelector('[data-testid="own-sheet"]')).not.toBeNull();
    expect(printed.at(-1)).toMatchObject({ filter: { status: 'open' }, values: { status: 'open' } });
  });
});

interface Node {
  id: number;
  parentId: number | null;
  name: string;
  children: Node[];
}

const node = (id: number, parentId: number | null, name: string, children: Node[] = []): Node => ({
  id,
  parentId,
  name,
  children,
});

const TREE = [
  node(1, null, 'Medicine', [node(2, 1, 'Cardiology', [node(3, 2, 'Heart ward')]), node(4, 1, 'Renal')]),
  node(5, null, 'Surgery'),
];

const names = () => [...container.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.textContent);
const button = (text: string) =>
  [...container.querySelectorAll('button')].find((element) => element.textContent?.includes(text));

async function render(options: { match?: boolean; load?: (keyword: string) => Promise<Node[]> } = {}) {
  const load = vi.fn(options.load ?? (async () => TREE));
  const opened: TreeEditing<Node>[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <TreeListPage<Node>
          name="treeTest"
          columns={[
            { title: 'Search', dataIndex: 'queryCondition', hideInTable: true },
            { title: 'Name', dataIndex: 'name', search: false },
          ]}
          queryKey={['treeTest']}
          load={load}
          match={options.match ? (row, needle) => row.name.toLowerCase().includes(needle) : undefined}
          texts={{ empty: 'none', loadFailed: 'failed', total: (count) => `${count} rows` }}
          rowActions={{ width: 120, addChild: { label: 'Add child' }, edit: true }}
          create={{ testId: 'tree-create', label: 'New' }}
          excel={{
            fileName: 'tree',
            sheetName: 'tree',
            columns: () => [{ title: 'Name', dataIndex: 'name' }],
          }}
          form={(editing) => {
            opened.push(editing);
            return <div data-testid="tree-form" />;
          }}
        />
      </QueryClientProvider>,
    ),
  );
  await settle();
  return { load, opened };
}

async function search(keyword: string) {
  const input = container.querySelector<HTMLInputElement>('#treeTestSearch_queryCondition');
  if (!input) throw new Error('no search field');
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, keyword);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  // the form's own submit button (its label is the table library's, in its own language)
  await act(async () =>
    container.querySelector<HTMLButtonElement>('.ant-pro-query-filter .ant-btn-primary')?.click(),
  );
  await settle();
}

describe('TreeListPage', () => {
  it('opens the first level on load, every branch on Expand all, and counts every node', async () => {
    await render();
    expect(names()).toEqual(
      expect.arrayContaining([expect.stringContaining('Medicine'), expect.stringContaining('Cardiology')]),
    );
    expect(names().some((text) => text?.includes('Heart ward'))).toBe(false);
    expect(container.textContent).toContain('5 rows');
    await act(async () => button('Expand all')?.click());
    expect(names().some((text) => text?.includes('Heart ward'))).toBe(true);
  });

  it('searches in the browser with `match`, keeping the ancestors of a match and opening them', async () => {
    const { load } = await render({ match: true });
    await search('heart');
    expect(load).toHaveBeenCalledTimes(1);
    const shown = names();
    expect(shown).toHaveLength(3);
    expect(shown[2]).toContain('Heart ward');
    expect(container.textContent).toContain('3 rows');
  });

  it('asks the server with the keyword when there is no `match`', async () => {
    const { load } = await render({
      load: async (keyword) => (keyword ? [node(5, null, 'Surgery')] : TREE),
    });
    await search('surg');
    expect(load).toHaveBeenLastCalledWith('surg', expect.anything());
    expect(names()).toHaveLength(1);
  });

  it('opens the dialog for a new top node, a child of a row, and an edit of a row', async () => {
    const { opened } = await render();
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="tree-create"]')?.click());
    await act(async () =>
      container.querySelector<HTMLButtonElement>('[data-testid="row-add-child"]')?.click(),
    );
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="row-edit"]')?.click());
    expect(opened.map((editing) => [editing.record?.id ?? null, editing.parentId])).toEqual(
      expect.arrayContaining([
        [null, null],
        [null, 1],
        [1, null],
      ]),
    );
  });
});

const loaded = (data: Row[]): ShortListQuery<Row> => ({
  data,
  isError: false,
  error: null,
  isFetching: false,
  refetch: vi.fn(),
});

const byTestId = (id: string) => container.querySelectorAll(`[data-testid="${id}"]`);

describe('ShortList', () => {
  it('lists every row with its actions and the New button, and reloads after a delete that was tried', async () => {
    const run = vi.fn(async () => null);
    const onChanged = vi.fn();
    const edit = vi.fn();
    const create = vi.fn();
    await act(async () =>
      root.render(
        <ShortList<Row>
          query={loaded([
            { id: 1, name: 'one' },
            { id: 2, name: 'two' },
          ])}
          columns={[{ title: 'Name', dataIndex: 'name' }]}
          testId="short-table"
          texts={{ empty: 'none', loadFailed: 'failed' }}
          create={{ testId: 'short-create', label: 'New', onClick: create }}
          rowActions={{ edit, remove: { question: (row) => `Delete ${row.name}?`, run } }}
          onChanged={onChanged}
        />,
      ),
    );
    expect(container.querySelectorAll('[data-testid="short-table"] tr.ant-table-row')).toHaveLength(2);
    (byTestId('short-create')[0] as HTMLElement).click();
    expect(create).toHaveBeenCalled();
    (byTestId('row-edit')[1] as HTMLElement).click();
    expect(edit).toHaveBeenCalledWith({ id: 2, name: 'two' });

    answer.confirm = false;
    await act(async () => (byTestId('row-delete')[0] as HTMLElement).click());
    await settle();
    expect(run).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();

    answer.confirm = true;
    await act(async () => (byTestId('row-delete')[0] as HTMLElement).click());
    await settle();
    expect(run).toHaveBeenCalledWith({ id: 1, name: 'one' });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load with its retry instead of stale rows, and no actions to a reader', async () => {
    const query: ShortListQuery<Row> = {
      ...loaded([{ id: 1, name: 'stale' }]),
      isError: true,
      error: new Error('down'),
    };
    await act(async () =>
      root.render(
        <ShortList<Row>
          query={query}
          columns={[{ title: 'Name', dataIndex: 'name' }]}
          texts={{ empty: 'none', loadFailed: 'failed' }}
        />,
      ),
    );
    expect(byTestId('load-error')).toHaveLength(1);
    expect(container.textContent).not.toContain('stale');
    expect(byTestId('table-empty')[0]?.textContent).toContain('failed');
    expect(byTestId('row-edit')).toHaveLength(0);
    (byTestId('load-retry')[0] as HTMLElement).click();
    expect(query.refetch).toHaveBeenCalled();
  });
});
