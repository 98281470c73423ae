import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, DrawerForm, type ProColumns, ProTable } from '@ant-design/pro-components';
import { orderTemplateCreateSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Switch, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
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
import { errorText, isAbort, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { ConflictAlert } from '../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import { submitterProps, useEditConflict } from '../../components/dialog-form/DialogForm';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import { rowActionsColumn, withoutActions } from '../../components/list-page/legacy-table';
import {
  activeFilterOf,
  RowStatusSwitch,
  statusValueEnum,
  updatedAtColumn,
  useStatusToggle,
} from '../../components/list-page/row-parts';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { ContentItemsEditor } from './ContentItemsEditor';
import { contentOf } from './content-items';

export const TEMPLATE_PERMISSIONS = PERMISSIONS.system.orderTemplates;

const TYPE_COLORS: Record<OrderType, string> = { '24h': 'purple', longTerm: 'blue', temporary: 'orange' };

interface SearchParams {
  queryCondition?: string;
  qType?: OrderType;
  qStatus?: 'true' | 'false';
}

export function templateFilterOf(params: SearchParams): OrderTemplateFilter {
  return {
    queryCondition: params.queryCondition?.trim() || undefined,
    adviceType: params.qType || undefined,
    isActive: activeFilterOf(params.qStatus),
  };
}

/** The three order types named in the current language (GET /v1/templates/adviceTemplateTypes). */
export function useOrderTypes() {
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
  const mobile = useDevice() === 'mobile';
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const types = useOrderTypes();
  const shape = orderTemplateCreateSchema.shape;
  const { base, conflict, setConflict, reloading, reloadLatest } = useEditConflict(
    form,
    record,
    findTemplate,
    valuesOf,
  );

  return (
    <DrawerForm<Values>
      open
      form={form}
      title={record ? t('template.editTitle') : t('template.createTitle')}
      width={mobile ? '100%' : 680}
      layout="vertical"
      initialValues={record ? valuesOf(record) : { content: [''], isActive: true }}
      drawerProps={{ destroyOnHidden: true, maskClosable: false, keyboard: false, onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = {
            name: values.name.trim(),
            type: values.type as OrderType,
            content: contentOf(values.content),
            isActive: !!values.isActive,
          };
          if (base) await updateTemplate({ ...input, id: base.id, version: base.version });
          else await createTemplate(input);
          toastSuccess(t('common.saved'));
          onSaved();
          return true;
        } catch (error) {
          handleSaveError(form, error, base ? { onConflict: setConflict } : { conflictField: 'name' });
          return false;
        }
      }}
    >
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
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
    </DrawerForm>
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
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(TEMPLATE_PERMISSIONS.edit);
  const canDelete = usePermission(TEMPLATE_PERMISSIONS.delete);
  const actionRef = useRef<ActionType>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ record: OrderTemplate | null } | null>(null);
  const types = useOrderTypes();
  const reload = () => actionRef.current?.reload();
  const status = useStatusToggle<OrderTemplate>(
    (row, isActive) => setTemplateStatus(row.id, isActive, row.version),
    reload,
  );

  const remove = async (row: OrderTemplate) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('template.deleteConfirm', { name: row.name })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteTemplate(row.id, row.version);
      toastSuccess(t('common.deleted'));
      reload();
    } catch (failure) {
      showError(failure);
    }
  };

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
      title: t('common.status'),
      dataIndex: 'qStatus',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all') },
      valueEnum: statusValueEnum(),
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
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      search: false,
      width: 110,
      render: (_, row) => (
        <RowStatusSwitch
          checked={row.isActive}
          loading={status.busy === row.id}
          disabled={!canEdit}
          onChange={(checked) => void status.toggle(row, checked)}
        />
      ),
    },
    updatedAtColumn<OrderTemplate>(t),
    rowActionsColumn<OrderTemplate>({
      t,
      mobile,
      lang,
      canEdit,
      canDelete,
      onEdit: (row) => setEditing({ record: row }),
      onDelete: (row) => void remove(row),
    }),
  ];
  const visibleColumns = canEdit || canDelete ? columns : withoutActions(columns);

  return (
    <PageWrapper title={t('template.title')} description={t('template.intro')} testId="template-page">
      {error ? <LoadError title={t('template.loadFailed')} message={error} onRetry={reload} /> : null}
      <ProTable<OrderTemplate, SearchParams & { lang: string }>
        actionRef={actionRef}
        rowKey="id"
        columns={visibleColumns}
        params={{ lang }}
        cardBordered
        form={{ name: 'templateSearch' }}
        search={{
          labelWidth: 'auto',
          defaultCollapsed: mobile,
          span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
        }}
        options={{ reload: true, density: false, setting: mobile ? false : { draggable: true } }}
        columnsState={{ persistenceKey: 'gc-columns-templates', persistenceType: 'localStorage' }}
        size={mobile ? 'small' : undefined}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (row) => (
            <div className="gc-expanded-content" data-testid="template-content">
              <ContentList items={row.content} />
            </div>
          ),
        }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{ emptyText: <TableEmpty text={error ? t('template.loadFailed') : t('template.empty')} /> }}
        request={async (params) => {
          try {
            const page = await fetchTemplatePage({
              ...templateFilterOf(params),
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
            });
            setError(null);
            return { data: page.records, total: page.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() =>
          canEdit
            ? [
                <Button
                  key="create"
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="template-create"
                  onClick={() => setEditing({ record: null })}
                >
                  {t('template.create')}
                </Button>,
              ]
            : []
        }
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
