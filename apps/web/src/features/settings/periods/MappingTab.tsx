import type { ProColumns } from '@ant-design/pro-components';
import { MEASUREMENT_ITEMS } from '@glucocare/domain/clinical';
import {
  mappingItemFieldSchemas as fields,
  MAPPING_SOURCES,
  MAPPING_TARGET_KINDS,
  type MappingSource,
  type MappingTargetKind,
  PERIOD_LIMITS,
} from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createMappingItem,
  deleteMappingItem,
  fetchInspectionItems,
  fetchMappingPage,
  type MappingFilter,
  type MappingItem,
  updateMappingItem,
} from '../../../api/inspection';
import { usePermission } from '../../../app/permissions';
import { DialogForm, useEditForm } from '../../../components/dialog-form/DialogForm';
import { zodRule } from '../../../components/form-rules';
import { ImportButton } from '../../../components/import/ImportButton';
import { useEditDialog } from '../../../components/list-page/edit-dialog';
import { ListPage, plainFilterOf, useListReload } from '../../../components/list-page/ListPage';
import { updatedAtColumn } from '../../../components/list-page/row-parts';
import { shownLinkedName, shownName } from '../../../components/names';
import { INSPECTION_EDIT, inspectionKeys } from './InspectionPackagesTab';

const SOURCE_COLORS: Record<MappingSource, string> = { HIS: 'blue', LIS: 'purple', METER: 'cyan' };

const MAPPING_LIST = 'mapping';

interface Values {
  source?: MappingSource;
  externalCode: string;
  externalName?: string;
  targetKind: MappingTargetKind;
  targetCode?: string;
}

const valuesOf = (row: MappingItem): Values => ({
  source: row.source,
  externalCode: row.externalCode,
  externalName: row.externalName ?? '',
  targetKind: row.targetKind,
  targetCode: row.targetCode,
});

async function findMapping(base: MappingItem): Promise<MappingItem | null> {
  const page = await fetchMappingPage({
    queryCondition: base.externalCode,
    source: base.source,
    page: 1,
    size: 100,
  });
  return page.records.find((row) => row.id === base.id) ?? null;
}

function MappingForm({
  record,
  onClose,
  onSaved,
}: {
  record: MappingItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findMapping, valuesOf);
  const { form } = edit;
  const kind = Form.useWatch('targetKind', form) ?? record?.targetKind ?? 'measurement';
  const items = useQuery({
    queryKey: inspectionKeys.items(null),
    queryFn: ({ signal }) => fetchInspectionItems(undefined, signal),
    enabled: kind === 'inspection',
    meta: { silent: true },
  });
  const targetOptions =
    kind === 'measurement'
      ? MEASUREMENT_ITEMS.map((code) => ({
          value: code,
          label: `${t(`inspectionSettings.mapping.items.${code}`)} (${code})`,
        }))
      : (items.data ?? []).map((item) => ({ value: item.code, label: `${shownName(item)} (${item.code})` }));
  return (
    <DialogForm<MappingItem, Values>
      edit={edit}
      title={record ? t('inspectionSettings.mapping.editTitle') : t('inspectionSettings.mapping.createTitle')}
      width={600}
      initialValues={record ? valuesOf(record) : { targetKind: 'measurement', externalName: '' }}
      conflictField="externalCode"
      onClose={onClose}
      save={(values, base) => {
        const input = {
          source: values.source as MappingSource,
          externalCode: values.externalCode.trim(),
          externalName: values.externalName?.trim() ? values.externalName.trim() : null,
          targetKind: values.targetKind,
          targetCode: values.targetCode ?? '',
        };
        return base
          ? updateMappingItem({ ...input, id: base.id, version: base.version })
          : createMappingItem(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={8}>
        <Form.Item
          name="source"
          label={t('inspectionSettings.mapping.source')}
          rules={[zodRule(fields.source)]}
          required
        >
          <Select
            placeholder={t('common.choose')}
            options={MAPPING_SOURCES.map((source) => ({ value: source, label: source }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={16}>
        <Form.Item
          name="externalCode"
          label={t('inspectionSettings.mapping.externalCode')}
          rules={[zodRule(fields.externalCode)]}
          required
        >
          <Input maxLength={PERIOD_LIMITS.externalCode.max} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name="externalName"
          label={t('inspectionSettings.mapping.externalName')}
          rules={[zodRule(fields.externalName, { optional: true })]}
        >
          <Input maxLength={PERIOD_LIMITS.externalName.max} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={10}>
        <Form.Item
          name="targetKind"
          label={t('inspectionSettings.mapping.targetKind')}
          rules={[zodRule(fields.targetKind)]}
          required
        >
          <Select
            options={MAPPING_TARGET_KINDS.map((value) => ({
              value,
              label: t(`inspectionSettings.mapping.kinds.${value}`),
            }))}
            onChange={() => form.setFieldValue('targetCode', undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={14}>
        <Form.Item
          name="targetCode"
          label={t('inspectionSettings.mapping.target')}
          rules={[zodRule(fields.targetCode)]}
          required
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={kind === 'inspection' && items.isLoading}
            placeholder={t('common.choose')}
            options={targetOptions}
            data-testid="mapping-target"
          />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/** Tab "Mapping items": external item codes (HIS, LIS, meters) → measurement or inspection items. */
export function MappingTab() {
  const { t } = useTranslation();
  const canEdit = usePermission(INSPECTION_EDIT);
  const reload = useListReload(MAPPING_LIST);
  const dialog = useEditDialog<MappingItem>(reload);
  const kindName = (kind: MappingTargetKind) => t(`inspectionSettings.mapping.kinds.${kind}`);
  /** what a row maps to: a measurement by its name on screen, an inspection item by its name */
  const targetName = (row: MappingItem) =>
    row.targetKind === 'measurement'
      ? t(`inspectionSettings.mapping.items.${row.targetCode}`)
      : shownLinkedName(row, 'target');

  const columns: ProColumns<MappingItem>[] = [
    {
      title: t('inspectionSettings.mapping.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('inspectionSettings.mapping.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('inspectionSettings.mapping.source'),
      dataIndex: 'qSource',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: MAPPING_SOURCES.map((source) => ({ value: source, label: source })),
      },
    },
    {
      title: t('inspectionSettings.mapping.source'),
      dataIndex: 'source',
      search: false,
      width: 90,
      render: (_, row) => <Tag color={SOURCE_COLORS[row.source]}>{row.source}</Tag>,
    },
    {
      title: t('inspectionSettings.mapping.externalCode'),
      dataIndex: 'externalCode',
      search: false,
      width: 140,
      render: (_, row) => <code>{row.externalCode}</code>,
    },
    {
      title: t('inspectionSettings.mapping.externalName'),
      dataIndex: 'externalName',
      search: false,
      width: 200,
      render: (_, row) => row.externalName ?? t('common.none'),
    },
    {
      title: t('inspectionSettings.mapping.target'),
      key: 'target',
      search: false,
      width: 260,
      render: (_, row) => (
        <span>
          <Tag>{kindName(row.targetKind)}</Tag>
          {`${targetName(row)} (${row.targetCode})`}
        </span>
      ),
    },
    updatedAtColumn<MappingItem>(t),
  ];

  return (
    <>
      <ListPage<MappingItem, MappingFilter>
        name={MAPPING_LIST}
        columnsKey="gc-columns-mapping"
        columns={columns}
        request={fetchMappingPage}
        toolbar={<ImportButton kind="labMappings" onImported={reload} />}
        // `qSource`: the table has a `source` column of its own
        filterOf={(values) => {
          const { qSource, ...rest } = plainFilterOf(values);
          return { ...rest, source: qSource as MappingSource | undefined };
        }}
        texts={{
          empty: t('inspectionSettings.mapping.empty'),
          loadFailed: t('inspectionSettings.mapping.loadFailed'),
        }}
        rowActions={
          canEdit
            ? {
                edit: dialog.open,
                remove: {
                  question: (row) =>
                    t('inspectionSettings.mapping.deleteConfirm', {
                      source: row.source,
                      code: row.externalCode,
                    }),
                  run: (row) => deleteMappingItem(row.id, row.version),
                },
              }
            : undefined
        }
        create={canEdit ? dialog.create('mapping-create', t('inspectionSettings.mapping.create')) : undefined}
        excel={{
          fileName: t('inspectionSettings.mapping.exportFileName'),
          sheetName: t('inspectionSettings.mapping.tab'),
          columns: [
            { title: t('inspectionSettings.mapping.source'), dataIndex: 'source' },
            { title: t('inspectionSettings.mapping.externalCode'), dataIndex: 'externalCode' },
            { title: t('inspectionSettings.mapping.externalName'), dataIndex: 'externalName' },
            {
              title: t('inspectionSettings.mapping.targetKind'),
              dataIndex: 'targetKind',
              render: (value) => kindName(value as MappingTargetKind),
            },
            { title: t('inspectionSettings.mapping.targetCode'), dataIndex: 'targetCode' },
            {
              title: t('inspectionSettings.mapping.target'),
              dataIndex: 'targetName',
              render: (_, row) => targetName(row),
            },
            { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
          ],
        }}
      />
      {dialog.render((record, done) => (
        <MappingForm record={record} {...done} />
      ))}
    </>
  );
}
