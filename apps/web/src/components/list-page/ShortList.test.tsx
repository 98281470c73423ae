import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShortList, type ShortListQuery } from './ShortList';

const answer = vi.hoisted(() => ({ confirm: true }));
vi.mock('../confirm', async (original) => ({
  ...(await original<typeof import('../confirm')>()),
  confirmAction: async () => answer.confirm,
}));

interface Row {
  id: number;
  name: string;
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
