import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TreeEditing, TreeListPage } from './TreeListPage';

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
