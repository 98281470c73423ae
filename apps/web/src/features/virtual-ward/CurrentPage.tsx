import { PERMISSIONS } from '@glucocare/domain/admin';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchVirtualWardCurrent,
  type VirtualWardFilter,
  type VirtualWardStay,
} from '../../api/virtual-ward-membership';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { endManagement } from './ExitDialog';
import { JoinDialog } from './JoinDialog';
import { filterOf, stayColumns, stayExcelColumns } from './stay-columns';

const NAME = 'virtualWardCurrent';

/**
 * `/virtualward/current` (当前管理): the patients in the virtual ward now — search, ward, mark and label
 * filters; days managed, compliance, latest glucose; Excel export and print. Ticking rows ends their
 * management in a batch (批量结束管理) with one reason after a confirmation; a row's actions edit the
 * suggestion, mark and labels, or end that stay. Refreshes live (topic `virtualWard`).
 */
export default function VirtualWardCurrentPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const reload = useListReload(NAME);
  const canEdit = usePermission(PERMISSIONS.virtualWard.current.edit);
  const [selected, setSelected] = useState<string[]>([]);
  const [rows, setRows] = useState<Map<string, VirtualWardStay>>(new Map());
  const [editing, setEditing] = useState<VirtualWardStay | null>(null);
  const title = t('vwMembership.current.title');
  const end = async (stays: VirtualWardStay[]) => {
    if (await endManagement(stays)) {
      setSelected([]);
      reload();
    }
  };
  return (
    <PageWrapper title={title} description={t('vwMembership.current.intro')} testId="vw-current-page">
      <ListPage<VirtualWardStay, VirtualWardFilter>
        name={NAME}
        columnsKey={`gc-columns-${NAME}`}
        columns={stayColumns(t, false, mobile)}
        request={async (query, signal) => {
          const page = await fetchVirtualWardCurrent(query, signal);
          setRows((known) => new Map([...known, ...page.records.map((r) => [String(r.id), r] as const)]));
          return page;
        }}
        filterOf={filterOf}
        selection={canEdit ? { keys: selected, onChange: setSelected } : undefined}
        toolbar={
          canEdit ? (
            <Button
              danger
              disabled={!selected.length}
              data-testid="vw-batch-end"
              onClick={() => end(selected.flatMap((key) => (rows.get(key) ? [rows.get(key)!] : [])))}
            >
              {t('vwMembership.current.batchEnd', { count: selected.length })}
            </Button>
          ) : undefined
        }
        rowActions={
          canEdit
            ? {
                edit: (row) => setEditing(row),
                extra: (row) => (
                  <Button type="link" size="small" danger data-testid="vw-row-end" onClick={() => end([row])}>
                    {t('vwMembership.exit.action')}
                  </Button>
                ),
              }
            : undefined
        }
        texts={{ empty: t('vwMembership.current.empty'), loadFailed: t('vwMembership.loadFailed') }}
        excel={{
          fileName: t('vwMembership.current.exportFileName'),
          sheetName: title,
          columns: stayExcelColumns(t, false),
        }}
        print={{ title }}
      />
      {editing ? (
        <JoinDialog
          patientId={editing.patientId}
          patientName={editing.patientName}
          stay={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
