import type { ScreenPanel } from '@glucocare/domain/monitor';
import type { CSSProperties, ReactNode } from 'react';
import { usePaged, useRowsThatFit } from './paging-hooks';

/** A panel of the wall: its title (and "page 2 / 3" while its list pages through) over its body. */
export function Panel({
  panel,
  title,
  page = 0,
  pages = 1,
  children,
}: {
  panel: ScreenPanel | 'ranking';
  title: string;
  page?: number;
  pages?: number;
  children: ReactNode;
}) {
  return (
    <section className="bigscreen-panel" data-testid={`screen-panel-${panel}`} data-panel={panel}>
      <header className="bigscreen-panel-title">
        <span>{title}</span>
        {pages > 1 && (
          <span className="bigscreen-pager" data-testid="screen-pager">
            {page + 1} / {pages}
          </span>
        )}
      </header>
      <div className="bigscreen-panel-body">{children}</div>
    </section>
  );
}

export interface Column<T> {
  key: string;
  title: string;
  /** a grid track: "2fr", "120px" */
  width: string;
  align?: 'start' | 'end' | 'center';
  render: (row: T) => ReactNode;
}

/**
 * A panel's list: column titles, then as many rows as the panel holds, the next page every
 * `rotateSeconds`; a sentence when there is nothing to show.
 */
export function PagedList<T>({
  panel,
  title,
  rows,
  columns,
  rowKey,
  empty,
  rowHeight,
  rotateSeconds,
}: {
  panel: ScreenPanel | 'ranking';
  title: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
  rowHeight: number;
  rotateSeconds: number;
}) {
  const [box, perPage] = useRowsThatFit<HTMLDivElement>(rowHeight);
  const paged = usePaged(rows, perPage, rotateSeconds);
  const template: CSSProperties = { gridTemplateColumns: columns.map((column) => column.width).join(' ') };
  return (
    <Panel panel={panel} title={title} page={paged.page} pages={paged.pages}>
      <div className="bigscreen-list">
        <div className="bigscreen-list-head" style={template}>
          {columns.map((column) => (
            <span key={column.key} className={`bigscreen-cell-${column.align ?? 'start'}`}>
              {column.title}
            </span>
          ))}
        </div>
        <div className="bigscreen-list-rows" ref={box}>
          {rows.length === 0 ? (
            <div className="bigscreen-empty">{empty}</div>
          ) : (
            paged.rows.map((row) => (
              <div
                key={rowKey(row)}
                className="bigscreen-list-row"
                style={{ ...template, height: rowHeight }}
                data-testid={`screen-row-${panel}`}
              >
                {columns.map((column) => (
                  <span key={column.key} className={`bigscreen-cell-${column.align ?? 'start'}`}>
                    {column.render(row)}
                  </span>
                ))}
              </div>
            ))
          )}
        </div>
      </div>
    </Panel>
  );
}

/** A figure with its label (the overview's and the ward's tiles). */
export function Tile({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className="bigscreen-tile" data-testid={testId}>
      <div className="bigscreen-tile-value" style={tone ? { color: tone } : undefined}>
        {value}
      </div>
      <div className="bigscreen-tile-label">{label}</div>
    </div>
  );
}
