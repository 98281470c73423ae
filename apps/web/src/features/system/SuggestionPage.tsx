import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns, ProTable } from '@ant-design/pro-components';
import { PERMISSIONS, type SuggestionCategory, suggestionCreateSchema } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createSuggestion,
  deleteSuggestion,
  fetchAllPages,
  fetchSuggestionCategories,
  fetchSuggestionPage,
  type Suggestion,
  type SuggestionFilter,
  type SuggestionInput,
  updateSuggestion,
} from '../../api/catalogues';
import { errorText, isAbort, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { ConflictAlert } from '../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import { SortInput, submitterProps, useEditConflict } from '../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../components/excel';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { ExportButton, useExcelExport } from '../../components/list-page/excel-export';
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
import { charLength } from './content-items';

export const SUGGESTION_PERMISSIONS = PERMISSIONS.system.suggestions;

const CATEGORY_COLORS: Record<SuggestionCategory, string> = {
  diet: 'green',
  exercise: 'cyan',
  medication: 'blue',
  monitoring: 'purple',
  education: 'gold',
};

const CONTENT_MAX = 500;
const TITLE_MAX = 40;

interface SearchParams {
  queryCondition?: string;
  qCategory?: SuggestionCategory;
  qStatus?: 'true' | 'false';
}

export function suggestionFilterOf(params: SearchParams): SuggestionFilter {
  return {
    queryCondition: params.queryCondition?.trim() || undefined,
    category: params.qCategory || undefined,
    isActive: activeFilterOf(params.qStatus),
  };
}

/** The suggestion categories named in the current language. */
export function useSuggestionCategories() {
  const lang = currentLang();
  return useQuery({
    queryKey: ['suggestions', 'categories', lang],
    queryFn: ({ signal }) => fetchSuggestionCategories(signal),
    staleTime: 10 * 60_000,
  });
}

interface Values {
  title: string;
  category?: SuggestionCategory;
  content: string;
  sort?: number | null;
  isActive: boolean;
}

const valuesOf = (row: Suggestion): Values => ({
  title: row.title,
  category: row.category,
  content: row.content,
  sort: row.sort,
  isActive: row.isActive,
});

const inputOf = (values: Values): SuggestionInput => ({
  title: values.title.trim(),
  category: values.category as SuggestionCategory,
  content: values.content.trim(),
  sort: values.sort ?? 0,
  isActive: !!values.isActive,
});

async function findSuggestion(base: Suggestion): Promise<Suggestion | null> {
  const page = await fetchSuggestionPage({ queryCondition: base.title, page: 1, size: 100 });
  return page.records.find((item) => item.id === base.id) ?? null;
}

/** Counts as the server does (characters, not UTF-16 units) and stops at the limit. */
const countOf = (max: number) => ({
  show: true,
  max,
  strategy: charLength,
  exceedFormatter: (text: string, { max: limit }: { max: number }) => [...text].slice(0, limit).join(''),
});

function SuggestionForm({
  record,
  onClose,
  onSaved,
}: {
  record: Suggestion | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const categories = useSuggestionCategories();
  const shape = suggestionCreateSchema.shape;
  const { base, conflict, setConflict, reloading, reloadLatest } = useEditConflict(
    form,
    record,
    findSuggestion,
    valuesOf,
  );
  return (
    <ModalForm<Values>
      open
      form={form}
      title={record ? t('suggestion.editTitle') : t('suggestion.createTitle')}
      width={640}
      layout="vertical"
      initialValues={record ? valuesOf(record) : { sort: 0, isActive: true }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = inputOf(values);
          if (base) await updateSuggestion({ ...input, id: base.id, version: base.version });
          else await createSuggestion(input);
          toastSuccess(t('common.saved'));
          onSaved();
          return true;
        } catch (error) {
          handleSaveError(form, error, base ? { onConflict: setConflict } : {});
          return false;
        }
      }}
    >
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item name="title" label={t('suggestion.titleLabel')} rules={[zodRule(shape.title)]} required>
            <Input count={countOf(TITLE_MAX)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="category"
            label={t('suggestion.category')}
            rules={[zodRule(shape.category)]}
            required
          >
            <Select
              loading={categories.isLoading}
              options={(categories.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
              placeholder={t('common.choose')}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="sort" label={t('common.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="content" label={t('suggestion.content')} rules={[zodRule(shape.content)]} required>
            <Input.TextArea
              count={countOf(CONTENT_MAX)}
              autoSize={{ minRows: 4, maxRows: 12 }}
              placeholder={t('suggestion.contentPlaceholder')}
              data-testid="suggestion-content"
            />
          </Form.Item>
        </Col>
      </Row>
    </ModalForm>
  );
}

/** `/system/suggestion`: the management-suggestion library the virtual ward picks from. */
export default function SuggestionPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(SUGGESTION_PERMISSIONS.edit);
  const canDelete = usePermission(SUGGESTION_PERMISSIONS.delete);
  const actionRef = useRef<ActionType>(null);
  const lastFilter = useRef<SuggestionFilter>({});
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ record: Suggestion | null } | null>(null);
  const categories = useSuggestionCategories();
  const reload = () => actionRef.current?.reload();
  const status = useStatusToggle<Suggestion>(
    (row, isActive) =>
      updateSuggestion({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
    reload,
  );

  const excel = useExcelExport<Suggestion>({
    fileName: () => t('suggestion.exportFileName'),
    sheetName: () => t('suggestion.title'),
    columns: (): ExcelColumn<Suggestion>[] => [
      { title: t('suggestion.titleLabel'), dataIndex: 'title' },
      { title: t('suggestion.category'), dataIndex: 'categoryName' },
      { title: t('suggestion.content'), dataIndex: 'content', width: 60 },
      { title: t('common.sort'), dataIndex: 'sort' },
      {
        title: t('common.status'),
        dataIndex: 'isActive',
        render: (value) => (value ? t('common.enabled') : t('common.disabled')),
      },
      { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
      { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
    ],
    load: (onProgress) => fetchAllPages(fetchSuggestionPage, lastFilter.current, onProgress),
  });

  const remove = async (row: Suggestion) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('suggestion.deleteConfirm', { name: row.title })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteSuggestion(row.id, row.version);
      toastSuccess(t('common.deleted'));
      reload();
    } catch (failure) {
      showError(failure);
    }
  };

  const columns: ProColumns<Suggestion>[] = [
    {
      title: t('suggestion.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('suggestion.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('suggestion.category'),
      dataIndex: 'qCategory',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: (categories.data ?? []).map((item) => ({ value: item.code, label: item.name })),
        loading: categories.isLoading,
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
      title: t('suggestion.titleLabel'),
      dataIndex: 'title',
      search: false,
      width: 200,
      render: (_, row) => <span className={row.isActive ? undefined : 'gc-muted'}>{row.title}</span>,
    },
    {
      title: t('suggestion.category'),
      dataIndex: 'category',
      search: false,
      width: 110,
      render: (_, row) => <Tag color={CATEGORY_COLORS[row.category] ?? 'default'}>{row.categoryName}</Tag>,
    },
    {
      title: t('suggestion.content'),
      dataIndex: 'content',
      search: false,
      width: 360,
      render: (_, row) => (
        <Typography.Paragraph
          className="gc-clamp"
          ellipsis={{ rows: 2, tooltip: { title: row.content, placement: 'topLeft' } }}
        >
          {row.content}
        </Typography.Paragraph>
      ),
    },
    { title: t('common.sort'), dataIndex: 'sort', search: false, width: 80 },
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
    updatedAtColumn<Suggestion>(t),
    rowActionsColumn<Suggestion>({
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
    <PageWrapper title={t('suggestion.title')} description={t('suggestion.intro')} testId="suggestion-page">
      {error ? <LoadError title={t('suggestion.loadFailed')} message={error} onRetry={reload} /> : null}
      <ProTable<Suggestion, SearchParams & { lang: string }>
        actionRef={actionRef}
        rowKey="id"
        columns={visibleColumns}
        params={{ lang }}
        cardBordered
        form={{ name: 'suggestionSearch' }}
        search={{
          labelWidth: 'auto',
          defaultCollapsed: mobile,
          span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
        }}
        options={{ reload: true, density: false, setting: mobile ? false : { draggable: true } }}
        columnsState={{
          persistenceKey: 'gc-columns-suggestions',
          persistenceType: 'localStorage',
          defaultValue: { updatedAt: { show: false } },
        }}
        size={mobile ? 'small' : undefined}
        scroll={{ x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{
          emptyText: <TableEmpty text={error ? t('suggestion.loadFailed') : t('suggestion.empty')} />,
        }}
        request={async (params) => {
          const filter = suggestionFilterOf(params);
          lastFilter.current = filter;
          try {
            const page = await fetchSuggestionPage({
              ...filter,
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
            });
            setError(null);
            setTotal(page.total);
            return { data: page.records, total: page.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            setTotal(0);
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() => [
          <ExportButton
            key="export"
            exporting={excel.exporting}
            disabled={total === 0}
            onClick={() => void excel.run(total)}
          />,
          canEdit ? (
            <Button
              key="create"
              type="primary"
              icon={<PlusOutlined />}
              data-testid="suggestion-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('suggestion.create')}
            </Button>
          ) : null,
        ]}
      />
      {editing ? (
        <SuggestionForm
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
