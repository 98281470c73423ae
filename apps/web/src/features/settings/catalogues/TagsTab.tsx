import { PlusOutlined } from '@ant-design/icons';
import { tagOptionSchema } from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, ColorPicker, Form, Input, Space, Table, Tag } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createTagOption,
  deleteTagOption,
  fetchTagOptions,
  type TagOption,
} from '../../../api/catalogue-settings';
import { errorText, showError } from '../../../api/http';
import { toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { confirmAction, withContinuePrompt } from '../../../components/confirm';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
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

interface Values {
  tag: string;
  color: string | null;
}

/** The colour picker's value as `#RRGGBB` (the API's form), or null when cleared. */
const hexOf = (color: Color | string | null | undefined): string | null => {
  if (!color) return null;
  if (typeof color === 'string') return color;
  return color.cleared ? null : color.toHexString().slice(0, 7).toUpperCase();
};

function AddTagForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await createTagOption({ tag: values.tag.trim(), color: values.color });
      toastSuccess(t('common.saved'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: tagKeys });
    } catch (error) {
      handleSaveError(form, error, { conflictField: 'tag' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="inline"
      initialValues={{ color: PRESET_COLORS[0] }}
      onFinish={submit}
      data-testid="tag-add-form"
    >
      <Form.Item name="tag" rules={[zodRule(tagOptionSchema.shape.tag)]} style={{ marginBottom: 8 }}>
        <Input
          placeholder={t('catalogueSettings.tags.tag')}
          aria-label={t('catalogueSettings.tags.tag')}
          maxLength={12}
          autoComplete="off"
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item
        name="color"
        getValueFromEvent={(color: Color) => hexOf(color)}
        rules={[zodRule(tagOptionSchema.shape.color, { optional: true })]}
        style={{ marginBottom: 8 }}
      >
        <ColorPicker
          allowClear
          disabledAlpha
          format="hex"
          presets={[{ label: t('catalogueSettings.tags.presets'), colors: PRESET_COLORS }]}
          showText={(color) => hexOf(color) ?? t('catalogueSettings.tags.noColor')}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
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
    </Form>
  );
}

/** Patient tags tab: the tags the inpatient list offers, with their colours. */
export function TagsTab() {
  const { t } = useTranslation();
  const canEdit = usePermission(CATALOGUE_EDIT);
  const queryClient = useQueryClient();
  const tags = useQuery({
    queryKey: tagKeys,
    queryFn: ({ signal }) => fetchTagOptions(signal),
    meta: { silent: true },
  });
  const remove = async (option: TagOption) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('catalogueSettings.tags.deleteConfirm', { tag: option.tag })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteTagOption(option.tag);
      toastSuccess(t('common.deleted'));
    } catch (error) {
      showError(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: tagKeys });
    }
  };
  return (
    <Card size="small" data-testid="tags-tab">
      <p className="gc-muted" style={{ marginTop: 0 }}>
        {t('catalogueSettings.tags.intro')}
      </p>
      {canEdit ? <AddTagForm /> : null}
      {tags.isError ? (
        <LoadError
          title={t('catalogueSettings.tags.loadFailed')}
          message={errorText(tags.error)}
          onRetry={() => void tags.refetch()}
        />
      ) : null}
      <Table<TagOption>
        rowKey="id"
        size="small"
        loading={tags.isLoading}
        dataSource={tags.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <TableEmpty text={t('catalogueSettings.tags.empty')} /> }}
        data-testid="tags-table"
        columns={[
          {
            title: t('catalogueSettings.tags.tag'),
            dataIndex: 'tag',
            render: (_, option) => <Tag color={option.color ?? undefined}>{option.tag}</Tag>,
          },
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
          ...(canEdit
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 100,
                  render: (_: unknown, option: TagOption) => (
                    <Button
                      type="link"
                      size="small"
                      danger
                      data-testid="row-delete"
                      onClick={() => void remove(option)}
                    >
                      {t('common.delete')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
