import type { ProColumns } from '@ant-design/pro-components';
import { orderTemplateCreateSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Radio, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createTemplate,
  deleteTemplate,
  fetchOrderTypes,
  fetchTemplatePage,
  type OrderTemplate,
  type OrderTemplateFilter,
  type OrderType,
  setTemplateStatus,
  updateTemplate,
} from '../../api/catalogues';
import { usePermission } from '../../app/permissions';
import { DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { ListPage, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { updatedAtColumn } from '../../components/list-page/row-parts';
import { PageWrapper } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { ContentItemsEditor } from './ContentItemsEditor';
import { contentOf } from './content-items';

export const TEMPLATE_PERMISSIONS = PERMISSIONS.system.orderTemplates;

const TYPE_COLORS: Record<OrderType, string> = { '24h': 'purple', longTerm: 'blue', temporary: 'orange' };

const TEMPLATE_LIST = 'template';

/** The search form → the filter (`qType`: the table has a `type` column of its own). */
function templateFilterOf(values: Record<string, unknown>): OrderTemplateFilter {
  return {
    queryCondition:
      typeof values.queryCondition === 'string' ? values.queryCondition.trim() || undefined : undefined,
    adviceType: (values.qType as OrderType | undefined) || undefined,
    isActive: values.isActive as boolean | undefined,
  };
}

/** The three order types named in the current language (GET /v1/templates/adviceTemplateTypes). */
function useOrderTypes() {
  const lang = currentLang();
  return useQuery({
    queryKey: ['templates', 'types', lang],
    queryFn: ({ signal }) => fetchOrderTypes(signal),
    staleTime: 10 * 60_000,
  });
}

interface Values {
  name: string;
  type?: OrderType;
  content: string[];
  isActive: boolean;
}

const valuesOf = (template: OrderTemplate): Values => ({
  name: template.name,
  type: template.type,
  content: template.content.length ? [...template.content] : [''],
  isActive: template.isActive,
});

async function findTemplate(base: OrderTemplate): Promise<OrderTemplate | null> {
  const page = await fetchTemplatePage({ queryCondition: base.name, page: 1, size: 100 });
  return page.records.find((item) => item.id === base.id) ?? null;
}

/** A side panel: the content items are a list to work through. */
function TemplateForm({
  record,
  onClose,
  onSaved,
}: {
  record: OrderTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findTemplate, valuesOf);
  const types = useOrderTypes();
  const shape = orderTemplateCreateSchema.shape;
  return (
    <DialogForm<OrderTemplate, Values>
      edit={edit}
      panel
      title={record ? t('template.editTitle') : t('template.createTitle')}
      width={680}
      initialValues={record ? valuesOf(record) : { content: [''], isActive: true }}
      conflictField="name"
      onClose={onClose}
      save={(values, base) => {
        const input = {
          name: values.name.trim(),
          type: values.type as OrderType,
          content: contentOf(values.content),
          isActive: !!values.isActive,
        };
        return base
          ? updateTemplate({ ...input, id: base.id, version: base.version })
          : createTemplate(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <Form.Item name="name" label={t('template.name')} rules={[zodRule(shape.name)]} required>
          <Input maxLength={40} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('template.type')} rules={[zodRule(shape.type)]} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={(types.data ?? []).map((type) => ({ value: type.code, label: type.name }))}
          />
        </Form.Item>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <ContentItemsEditor label={t('template.content')} />
      </Col>
    </DialogForm>
  );
}

/** The items of a template as an ordered list (the expanded row, the tooltip). */
function ContentList({ items }: { items: readonly string[] }) {
  return (
    <ol className="gc-content-preview">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are plain texts that may repeat; their place is their identity
        <li key={index}>{item}</li>
      ))}
    </ol>
  );
}

/** `/system/template`: medical-order templates by type, with their ordered content items. */
export default function TemplatePage() {
  const { t } = useTranslation();
  const canEdit = usePermission(TEMPLATE_PERMISSIONS.edit);
  const canDelete = usePermission(TEMPLATE_PERMISSIONS.delete);
  const [editing, setEditing] = useState<{ record: OrderTemplate | null } | null>(null);
  const types = useOrderTypes();
  const reload = useListReload(TEMPLATE_LIST);

  const columns: ProColumns<OrderTemplate>[] = [
    {
      title: t('template.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('template.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('template.type'),
      dataIndex: 'qType',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: (types.data ?? []).map((type) => ({ value: type.code, label: type.name })),
        loading: types.isLoading,
      },
    },
    {
      title: t('template.name'),
      dataIndex: 'name',
      search: false,
      width: 200,
      render: (_, row) => <span className={row.isActive ? undefined : 'gc-muted'}>{row.name}</span>,
    },
    {
      title: t('template.type'),
      dataIndex: 'type',
      search: false,
      width: 110,
      render: (_, row) => <Tag color={TYPE_COLORS[row.type] ?? 'default'}>{row.typeName}</Tag>,
    },
    {
      title: t('template.content'),
      dataIndex: 'content',
      search: false,
      width: 320,
      render: (_, row) => (
        <Tooltip title={<ContentList items={row.content} />} placement="topLeft">
          <span className="gc-content-summary">
            <span className="gc-ellipsis">{row.content[0] ?? t('common.none')}</span>
            {row.content.length > 1 ? (
              <Tag className="gc-tag-inline">
                {t('template.moreItems', { count: row.content.length - 1 })}
              </Tag>
            ) : null}
          </span>
        </Tooltip>
      ),
    },
    STATUS_COLUMN,
    updatedAtColumn<OrderTemplate>(t),
  ];

  return (
    <PageWrapper title={t('template.title')} description={t('template.intro')} testId="template-page">
      <ListPage<OrderTemplate, OrderTemplateFilter>
        name={TEMPLATE_LIST}
        columnsKey="gc-columns-templates"
        columns={columns}
        request={fetchTemplatePage}
        filterOf={templateFilterOf}
        texts={{ empty: t('template.empty'), loadFailed: t('template.loadFailed') }}
        status={{
          editable: canEdit,
          nameOf: (row) => row.name,
          change: (row, isActive) => setTemplateStatus(row.id, isActive, row.version),
        }}
        rowActions={{
          edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
          remove: canDelete
            ? {
                question: (row) => t('template.deleteConfirm', { name: row.name }),
                run: (row) => deleteTemplate(row.id, row.version),
              }
            : undefined,
        }}
        create={
          canEdit
            ? {
                testId: 'template-create',
                label: t('template.create'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        expandedRow={(row) => (
          <div className="gc-expanded-content" data-testid="template-content">
            <ContentList items={row.content} />
          </div>
        )}
      />
      {editing ? (
        <TemplateForm
          record={editing.record}
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
