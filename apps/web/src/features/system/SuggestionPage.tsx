import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS, type SuggestionCategory, suggestionCreateSchema } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createSuggestion,
  deleteSuggestion,
  fetchSuggestionCategories,
  fetchSuggestionPage,
  type Suggestion,
  type SuggestionFilter,
  type SuggestionInput,
  updateSuggestion,
} from '../../api/catalogues';
import { usePermission } from '../../app/permissions';
import { DialogForm, SortField, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { useEditDialog } from '../../components/list-page/edit-dialog';
import { ListPage, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { statusExcelColumn, updatedAtColumn } from '../../components/list-page/row-parts';
import { PageWrapper } from '../../components/PageWrapper';
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

const SUGGESTION_LIST = 'suggestion';

/** The search form → the filter (`qCategory`: the table has a `category` column of its own). */
function suggestionFilterOf(values: Record<string, unknown>): SuggestionFilter {
  return {
    queryCondition:
      typeof values.queryCondition === 'string' ? values.queryCondition.trim() || undefined : undefined,
    category: (values.qCategory as SuggestionCategory | undefined) || undefined,
    isActive: values.isActive as boolean | undefined,
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
  const edit = useEditForm(record, findSuggestion, valuesOf);
  const categories = useSuggestionCategories();
  const shape = suggestionCreateSchema.shape;
  return (
    <DialogForm<Suggestion, Values>
      edit={edit}
      title={record ? t('suggestion.editTitle') : t('suggestion.createTitle')}
      width={640}
      initialValues={record ? valuesOf(record) : { sort: 0, isActive: true }}
      onClose={onClose}
      save={(values, base) => {
        const input = inputOf(values);
        return base
          ? updateSuggestion({ ...input, id: base.id, version: base.version })
          : createSuggestion(input);
      }}
      onSaved={onSaved}
    >
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
      <SortField sm={6} />
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
    </DialogForm>
  );
}

/** `/system/suggestion`: the management-suggestion library the virtual ward picks from. */
export default function SuggestionPage() {
  const { t } = useTranslation();
  const canEdit = usePermission(SUGGESTION_PERMISSIONS.edit);
  const canDelete = usePermission(SUGGESTION_PERMISSIONS.delete);
  const categories = useSuggestionCategories();
  const reload = useListReload(SUGGESTION_LIST);
  const dialog = useEditDialog<Suggestion>(reload);

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
    STATUS_COLUMN,
    updatedAtColumn<Suggestion>(t),
  ];

  return (
    <PageWrapper title={t('suggestion.title')} description={t('suggestion.intro')} testId="suggestion-page">
      <ListPage<Suggestion, SuggestionFilter>
        name={SUGGESTION_LIST}
        columnsKey="gc-columns-suggestions"
        columns={columns}
        hiddenColumns={['updatedAt']}
        request={fetchSuggestionPage}
        filterOf={suggestionFilterOf}
        texts={{ empty: t('suggestion.empty'), loadFailed: t('suggestion.loadFailed') }}
        status={{
          editable: canEdit,
          nameOf: (row) => row.title,
          change: (row, isActive) =>
            updateSuggestion({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
        }}
        rowActions={{
          edit: canEdit ? dialog.open : undefined,
          remove: canDelete
            ? {
                question: (row) => t('suggestion.deleteConfirm', { name: row.title }),
                run: (row) => deleteSuggestion(row.id, row.version),
              }
            : undefined,
        }}
        create={canEdit ? dialog.create('suggestion-create', t('suggestion.create')) : undefined}
        excel={{
          fileName: t('suggestion.exportFileName'),
          sheetName: t('suggestion.title'),
          columns: [
            { title: t('suggestion.titleLabel'), dataIndex: 'title' },
            { title: t('suggestion.category'), dataIndex: 'categoryName' },
            { title: t('suggestion.content'), dataIndex: 'content', width: 60 },
            { title: t('common.sort'), dataIndex: 'sort' },
            statusExcelColumn<Suggestion>(),
            { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
            { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
          ],
        }}
        print={{ title: t('suggestion.title') }}
      />
      {dialog.render((record, done) => (
        <SuggestionForm record={record} {...done} />
      ))}
    </PageWrapper>
  );
}
