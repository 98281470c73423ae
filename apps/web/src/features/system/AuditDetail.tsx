import { Descriptions, Drawer, Empty, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRecord } from '../../api/admin';
import { formatDateTime } from '../../components/format';
import {
  AUDIT_ACTION_COLORS,
  auditActionKey,
  changedLeafCount,
  type DiffRow,
  type DiffStatus,
  diffAuditValues,
  isInlineValue,
  labelOr,
  onlyChanges,
  prettyJson,
} from './audit';

/** A JSON value for reading: scalars inline, objects and longer lists as indented JSON. */
export function JsonValue({ value, present }: { value: unknown; present: boolean }) {
  const { t } = useTranslation();
  if (!present) return <span className="gc-muted gc-json-absent">{t('audit.absent')}</span>;
  if (value === null) return <span className="gc-json-null">null</span>;
  if (typeof value === 'string') {
    return value ? <span className="gc-json-string">{value}</span> : <span className="gc-muted">""</span>;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return <span className="gc-json-scalar">{String(value)}</span>;
  }
  if (isInlineValue(value)) return <span className="gc-json-scalar">{JSON.stringify(value)}</span>;
  return <pre className="gc-json-block">{prettyJson(value)}</pre>;
}

const STATUS_COLORS: Record<Exclude<DiffStatus, 'same'>, string> = {
  changed: 'gold',
  added: 'green',
  removed: 'red',
};

/** One key of the comparison: its name and mark, then its value before and after. */
function DiffLine({ row, stacked }: { row: DiffRow; stacked: boolean }) {
  const { t } = useTranslation();
  const keyCell = (
    <>
      <span className="gc-diff-key-name">{row.key || t('audit.value')}</span>
      {row.status === 'same' ? null : (
        <Tag color={STATUS_COLORS[row.status]} className="gc-diff-status" bordered={false}>
          {t(`audit.status.${row.status}`)}
        </Tag>
      )}
    </>
  );
  const indent = { paddingInlineStart: 8 + row.depth * 14 };
  const values = row.nested ? (
    <td colSpan={2} className="gc-diff-span gc-muted">
      {t('audit.nestedChanges')}
    </td>
  ) : (
    <>
      <td className="gc-diff-before">
        <JsonValue value={row.before} present={row.hasBefore} />
      </td>
      <td className="gc-diff-after">
        <JsonValue value={row.after} present={row.hasAfter} />
      </td>
    </>
  );
  const rowProps = {
    className: `gc-diff-${row.status}${row.nested ? ' gc-diff-nested' : ''}`,
    'data-key': row.path,
    'data-status': row.status,
  };
  if (stacked) {
    return (
      <>
        <tr className={`gc-diff-keyrow gc-diff-${row.status}`}>
          <th colSpan={2} scope="colgroup" style={indent}>
            {keyCell}
          </th>
        </tr>
        <tr {...rowProps}>{values}</tr>
      </>
    );
  }
  return (
    <tr {...rowProps}>
      <th scope="row" style={indent}>
        {keyCell}
      </th>
      {values}
    </tr>
  );
}

/**
 * The before/after comparison: one line per key, both values side by side, changed keys marked.
 * `stacked` (phones) puts each key above its two values.
 */
export function AuditDiff({
  before,
  after,
  stacked = false,
}: {
  before: unknown;
  after: unknown;
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => diffAuditValues(before, after), [before, after]);
  const changed = changedLeafCount(rows);
  const [changesOnly, setChangesOnly] = useState(false);
  if (rows.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('audit.noValues')}
        data-testid="audit-diff-empty"
      />
    );
  }
  const bothSides = rows.some((row) => row.hasBefore) && rows.some((row) => row.hasAfter);
  const shown = changesOnly ? onlyChanges(rows) : rows;
  return (
    <div className="gc-diff" data-testid="audit-diff">
      <div className="gc-diff-toolbar">
        <Typography.Text type="secondary" data-testid="audit-diff-summary">
          {bothSides
            ? changed
              ? t('audit.changedCount', { count: changed })
              : t('audit.noChanges')
            : rows.some((row) => row.hasAfter)
              ? t('audit.onlyAfter')
              : t('audit.onlyBefore')}
        </Typography.Text>
        {bothSides && changed > 0 ? (
          <Space size={6}>
            <Switch
              size="small"
              checked={changesOnly}
              onChange={setChangesOnly}
              data-testid="audit-only-changes"
              aria-label={t('audit.onlyChanges')}
            />
            <span>{t('audit.onlyChanges')}</span>
          </Space>
        ) : null}
      </div>
      <table className={stacked ? 'gc-diff-table gc-diff-stacked' : 'gc-diff-table'}>
        <caption className="gc-visually-hidden">{t('audit.changes')}</caption>
        {stacked ? null : (
          <colgroup>
            <col className="gc-diff-col-key" />
            <col />
            <col />
          </colgroup>
        )}
        <thead>
          <tr>
            {stacked ? null : <th scope="col">{t('audit.field')}</th>}
            <th scope="col">{t('audit.before')}</th>
            <th scope="col">{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <DiffLine key={row.path || '(value)'} row={row} stacked={stacked} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The drawer of one audit row: what happened, then the before/after values side by side. */
export function AuditDetail({
  record,
  mobile,
  onClose,
}: {
  record: AuditRecord | null;
  mobile: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const none = t('common.none');
  return (
    <Drawer
      open={!!record}
      onClose={onClose}
      width={mobile ? '100%' : 820}
      title={t('audit.detailTitle')}
      destroyOnHidden
      styles={{ body: { padding: mobile ? 12 : 24 } }}
    >
      {record ? (
        <div data-testid="audit-detail" data-id={record.id}>
          <Descriptions
            size="small"
            bordered
            column={mobile ? 1 : 2}
            className="gc-audit-meta"
            items={[
              { key: 'at', label: t('audit.at'), children: formatDateTime(record.at) },
              {
                key: 'actor',
                label: t('audit.actorName'),
                children: record.actorName || none,
              },
              {
                key: 'action',
                label: t('audit.action'),
                children: (
                  <Tag color={AUDIT_ACTION_COLORS[record.action] ?? 'default'}>
                    {labelOr(t, exists, auditActionKey(record.action), record.action)}
                  </Tag>
                ),
              },
              {
                key: 'entity',
                label: t('audit.entity'),
                children: record.entityName || record.entity || none,
              },
              { key: 'record', label: t('audit.record'), children: record.label || none },
              { key: 'entityId', label: t('audit.entityId'), children: record.entityId ?? none },
              { key: 'patientId', label: t('audit.patientId'), children: record.patientId ?? none },
              { key: 'ip', label: t('audit.ip'), children: record.ip || none },
              {
                key: 'requestId',
                label: t('audit.requestId'),
                children: <span className="gc-break">{record.requestId || none}</span>,
              },
              {
                key: 'reason',
                label: t('audit.reason'),
                span: mobile ? 1 : 2,
                children: record.reasonText || record.reason || none,
              },
            ]}
          />
          <Typography.Title level={5} className="gc-audit-changes-title">
            {t('audit.changes')}
          </Typography.Title>
          <AuditDiff before={record.before} after={record.after} stacked={mobile} />
        </div>
      ) : null}
    </Drawer>
  );
}
