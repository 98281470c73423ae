import { Badge, theme } from 'antd';

export interface SideListEntry {
  key: string;
  name: string;
  /** a code shown under the name */
  code?: string;
  count: number;
}

/**
 * The list of a master-detail page (dictionary types, glucose events): one button per entry with its
 * name, code and count; the chosen one highlighted.
 */
export function SideList({
  entries,
  selected,
  onSelect,
  label,
  testId,
  itemTestId,
}: {
  entries: readonly SideListEntry[];
  selected: string | null;
  onSelect: (key: string) => void;
  label: string;
  testId: string;
  itemTestId: string;
}) {
  const { token } = theme.useToken();
  return (
    <ul className="gc-side-list" data-testid={testId} aria-label={label}>
      {entries.map((entry) => {
        const active = entry.key === selected;
        return (
          <li key={entry.key || '*'}>
            <button
              type="button"
              className={active ? 'gc-side-item gc-side-item-active' : 'gc-side-item'}
              aria-current={active ? 'true' : undefined}
              data-testid={itemTestId}
              data-key={entry.key}
              onClick={() => onSelect(entry.key)}
            >
              <span className="gc-side-text">
                <span className="gc-side-name">{entry.name}</span>
                {entry.code ? <span className="gc-side-code">{entry.code}</span> : null}
              </span>
              <Badge
                count={entry.count}
                showZero
                color={active ? token.colorPrimary : token.colorTextQuaternary}
                overflowCount={9999}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
