import { PlusOutlined } from '@ant-design/icons';
import { CATALOGUE_SETTING_LIMITS, tagOptionSchema } from '@glucocare/domain/hospital-settings';
import { NAME_REQUIRED } from '@glucocare/domain/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, ColorPicker, Form, Row, Space, Tag } from 'antd';
import type { Color } from 'antd/es/color-picker';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createTagOption,
  deleteTagOption,
  fetchTagOptions,
  type TagOption,
  updateTagOption,
} from '../../../api/catalogue-settings';
import { toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { DialogForm, SortField, useEditForm } from '../../../components/dialog-form/DialogForm';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { ShortList } from '../../../components/list-page/ShortList';
import {
  NameFields,
  type NameValues,
  namesInput,
  nameValuesOf,
  shownTagName,
} from '../../../components/names';
import { CATALOGUE_EDIT } from './permissions';

const tagKeys = ['tagOptions'] as const;
/** Colours offered first: the antd palette the rest of the app uses for status tags. */
const PRESET_COLORS = [
  '#1677FF',
  '#13C2C2',
  '#52C41A',
  '#FAAD14',
  '#FA541C',
  '#F5222D',
  '#EB2F96',
  '#722ED1',
];

interface Values extends NameValues {
  color: string | null;
}

interface EditValues extends Values {
  sort?: number | null;
}

/** The colour picker's value as `#RRGGBB` (the API's form), or null when cleared. */
const hexOf = (color: Color | string | null | undefined): string | null => {
  if (!color) return null;
  if (typeof color === 'string') return color;
  return color.cleared ? null : color.toHexString().slice(0, 7).toUpperCase();
};

/** The two names of a tag, checked by the tag body's own rules (Chinese 1-12, English 1-24). */
const tagNameFields = { nameZh: tagOptionSchema.shape.tagZh, nameEn: tagOptionSchema.shape.tagEn };
const TAG_NAME_LIMITS = { zh: CATALOGUE_SETTING_LIMITS.tag, en: CATALOGUE_SETTING_LIMITS.tagEn };
/** The server's tag fields are the form's name fields. */
const tagFieldMap = { tagZh: 'nameZh', tagEn: 'nameEn' };

function ColorField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="color"
      label={t('catalogueSettings.tags.color')}
      getValueFromEvent={(color: Color) => hexOf(color)}
      rules={[zodRule(tagOptionSchema.shape.color, { optional: true })]}
    >
      <ColorPicker
        allowClear
        disabledAlpha
        format="hex"
        presets={[{ label: t('catalogueSettings.tags.presets'), colors: PRESET_COLORS }]}
        showText={(color) => hexOf(color) ?? t('catalogueSettings.tags.noColor')}
      />
    </Form.Item>
  );
}

function AddTagForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    const names = namesInput(values);
    // the text patients will store: the Chinese name when there is one (tags are sized for it)
    const textField = names.nameZh ? 'nameZh' : 'nameEn';
    setSaving(true);
    try {
      await createTagOption({
        tag: names.nameZh ?? names.nameEn ?? '',
        tagZh: names.nameZh,
        tagEn: names.nameEn,
        color: values.color,
      });
      toastSuccess(t('common.saved'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: tagKeys });
    } catch (error) {
      handleSaveError(form, error, {
        conflictField: textField,
        fieldMap: { ...tagFieldMap, tag: textField },
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ color: PRESET_COLORS[0] }}
      onFinish={submit}
      data-testid="tag-add-form"
      className="gc-tag-add-form"
    >
      <Row gutter={12} align="bottom">
        <NameFields
          fields={tagNameFields}
          limits={TAG_NAME_LIMITS}
          requiredKey={NAME_REQUIRED.tag}
          span={8}
        />
        <Col xs={12} sm={4}>
          <ColorField />
        </Col>
        <Col xs={12} sm={4}>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={saving}
              data-testid="tag-add"
            >
              {t('catalogueSettings.tags.add')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

const editValuesOf = (option: TagOption): EditValues => ({
  ...nameValuesOf({ nameZh: option.tagZh, nameEn: option.tagEn }),
  color: option.color,
  sort: option.sort,
});

/** Edits a tag's names, colour and sort; the text patients store stays as it was created. */
function EditTagForm({
  record,
  onClose,
  onSaved,
}: {
  record: TagOption;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(
    record,
    async (current) => (await fetchTagOptions()).find((option) => option.id === current.id) ?? null,
    editValuesOf,
  );
  return (
    <DialogForm<TagOption, EditValues, TagOption>
      edit={edit}
      title={t('catalogueSettings.tags.editTitle')}
      width={520}
      initialValues={editValuesOf(record)}
      fieldMap={tagFieldMap}
      onClose={onClose}
      save={(values, base) => {
        const names = namesInput(values);
        return updateTagOption({
          id: (base ?? record).id,
          version: (base ?? record).version,
          tagZh: names.nameZh,
          tagEn: names.nameEn,
          color: values.color ?? null,
          sort: values.sort ?? 0,
        });
      }}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <p className="gc-secondary" data-testid="tag-text">
          {t('catalogueSettings.tags.text', { tag: record.tag })}
        </p>
      </Col>
      <NameFields fields={tagNameFields} limits={TAG_NAME_LIMITS} requiredKey={NAME_REQUIRED.tag} />
      <Col xs={12}>
        <ColorField />
      </Col>
      <SortField />
    </DialogForm>
  );
}

/**
 * Patient tags tab: the tags the inpatient list offers, with their colours. A new tag is added in the
 * form above the list (two names and a colour, then the next one), an existing one edited in a dialog.
 */
export function TagsTab() {
  const { t } = useTranslation();
  const canEdit = usePermission(CATALOGUE_EDIT);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TagOption | null>(null);
  const tags = useQuery({
    queryKey: tagKeys,
    queryFn: ({ signal }) => fetchTagOptions(signal),
    meta: { silent: true },
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: tagKeys });
  const columns: ColumnsType<TagOption> = [
    {
      title: t('catalogueSettings.tags.tag'),
      dataIndex: 'tag',
      render: (_, option) => <Tag color={option.color ?? undefined}>{shownTagName(option)}</Tag>,
    },
    { title: t('names.zh'), dataIndex: 'tagZh', render: (name: string | null) => name ?? '—' },
    { title: t('names.en'), dataIndex: 'tagEn', render: (name: string | null) => name ?? '—' },
    {
      title: t('catalogueSettings.tags.color'),
      dataIndex: 'color',
      render: (color: string | null) =>
        color ? (
          <Space size={6}>
            <span
              className="gc-color-dot"
              style={{
                background: color,
                display: 'inline-block',
                width: 12,
                height: 12,
                borderRadius: 6,
              }}
            />
            <code>{color}</code>
          </Space>
        ) : (
          t('catalogueSettings.tags.noColor')
        ),
    },
    { title: t('common.sort'), dataIndex: 'sort', width: 90 },
  ];
  return (
    <Card size="small" data-testid="tags-tab">
      <p className="gc-muted" style={{ marginTop: 0 }}>
        {t('catalogueSettings.tags.intro')}
      </p>
      {canEdit ? <AddTagForm /> : null}
      <ShortList<TagOption>
        query={tags}
        columns={columns}
        small
        testId="tags-table"
        texts={{
          empty: t('catalogueSettings.tags.empty'),
          loadFailed: t('catalogueSettings.tags.loadFailed'),
        }}
        rowActions={
          canEdit
            ? {
                edit: setEditing,
                remove: {
                  question: (option) =>
                    t('catalogueSettings.tags.deleteConfirm', { tag: shownTagName(option) }),
                  run: (option) => deleteTagOption(option.tag),
                },
              }
            : undefined
        }
        onChanged={reload}
      />
      {editing ? (
        <EditTagForm
          record={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Card>
  );
}
