import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ListPage, rowKeyOf } from './ListPage';

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

describe('rowKeyOf', () => {
  it('reads the id by default, a named field, or a composite key', () => {
    const row = { id: 7, code: 'INS', at: '2026-03-01T08:00:00Z', action: 'login' };
    expect(rowKeyOf(row)).toBe('7');
    expect(rowKeyOf(row, 'code')).toBe('INS');
    expect(rowKeyOf(row, (r) => `${r.at}-${r.action}`)).toBe('2026-03-01T08:00:00Z-login');
  });
});

describe('ListPage', () => {
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
