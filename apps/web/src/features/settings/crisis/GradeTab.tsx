import { PlusOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { CRISIS_LIMITS, crisisGradeSaveSchema } from '@glucocare/domain/hospital-settings';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, ColorPicker, Flex, Form, Input, Row, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrisisGrade, deleteCrisisGrade, saveCrisisGrade } from '../../../api/crisis';
import { errorText, showError } from '../../../api/http';
import { toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { ConflictAlert } from '../../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../../components/confirm';
import { SortInput, submitterProps, textOrNull } from '../../../components/dialog-form/DialogForm';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { currentLang } from '../../../i18n';
import { ColorSwatch, CRISIS_PERMISSIONS, crisisKeys, useCrisisGrades } from './ui';

interface GradeValues {
  grade: string;
  nameZh: string;
  nameEn: string;
  color: string | null;
  description?: string | null;
  sort?: number | null;
}

function GradeForm({ record, onClose }: { record: CrisisGrade | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GradeValues>();
  useRevalidateOnLanguageChange(form);
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<string | null>(null);
  const shape = crisisGradeSaveSchema.shape;
  return (
    <ModalForm<GradeValues>
      open
      form={form}
      title={record ? t('crisisSettings.grades.editTitle') : t('crisisSettings.grades.create')}
      width={560}
      layout="vertical"
      initialValues={record ?? { color: '#F5222D', sort: 0 }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          await saveCrisisGrade({
            grade: values.grade.trim(),
            nameZh: values.nameZh.trim(),
            nameEn: values.nameEn.trim(),
            color: values.color ?? '',
            description: textOrNull(values.description),
            sort: values.sort ?? 0,
            ...(record ? { id: record.id, version: record.version } : {}),
          });
          toastSuccess(t('common.saved'));
          await queryClient.invalidateQueries({ queryKey: crisisKeys.all });
          onClose();
          return true;
        } catch (error) {
          handleSaveError(form, error, record ? { onConflict: setConflict } : { conflictField: 'grade' });
          return false;
        }
      }}
    >
      <ConflictAlert
        message={conflict}
        onReload={() => {
          void queryClient.invalidateQueries({ queryKey: crisisKeys.all });
          onClose();
        }}
      />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="grade"
            label={t('crisisSettings.grades.code')}
            rules={[zodRule(shape.grade)]}
            required
          >
            <Input maxLength={CRISIS_LIMITS.grade.max} autoComplete="off" data-testid="grade-code" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="color"
            label={t('crisisSettings.fields.color')}
            rules={[zodRule(shape.color)]}
            required
            getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString().toUpperCase()}
          >
            <ColorPicker showText disabledAlpha format="hex" data-testid="grade-color" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="nameZh"
            label={t('crisisSettings.grades.nameZh')}
            rules={[zodRule(shape.nameZh)]}
            required
          >
            <Input maxLength={CRISIS_LIMITS.gradeName.max} showCount autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="nameEn"
            label={t('crisisSettings.grades.nameEn')}
            rules={[zodRule(shape.nameEn)]}
            required
          >
            <Input
              maxLength={CRISIS_LIMITS.gradeName.max}
              showCount
              autoComplete="off"
              data-testid="grade-name-en"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="description"
            label={t('crisisSettings.grades.description')}
            rules={[zodRule(shape.description, { optional: true })]}
          >
            <Input.TextArea
              maxLength={CRISIS_LIMITS.gradeDescription.max}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
            />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="sort" label={t('common.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
      </Row>
    </ModalForm>
  );
}

/** "Critical grades": the levels a critical value can have, with their colours. */
export function GradeTab() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(CRISIS_PERMISSIONS.edit);
  const queryClient = useQueryClient();
  const grades = useCrisisGrades();
  const [editing, setEditing] = useState<{ record: CrisisGrade | null } | null>(null);

  const remove = async (row: CrisisGrade) => {
    if (
      !(await confirmAction({
        content: withContinuePrompt(t('crisisSettings.grades.deleteConfirm', { name: row.name })),
        danger: true,
      }))
    )
      return;
    try {
      await deleteCrisisGrade(row.grade, row.version);
      toastSuccess(t('common.deleted'));
      await queryClient.invalidateQueries({ queryKey: crisisKeys.all });
    } catch (error) {
      showError(error);
    }
  };

  const columns: ColumnsType<CrisisGrade> = [
    {
      title: t('crisisSettings.grades.code'),
      dataIndex: 'grade',
      width: 90,
      render: (_, row) => <Tag color={row.color}>{row.grade}</Tag>,
    },
    { title: t('crisisSettings.grades.nameZh'), dataIndex: 'nameZh', width: 110 },
    { title: t('crisisSettings.grades.nameEn'), dataIndex: 'nameEn', width: 120 },
    {
      title: t('crisisSettings.fields.color'),
      dataIndex: 'color',
      width: 120,
      render: (_, row) => (
        <Space size={6}>
          <ColorSwatch color={row.color} />
          <code>{row.color}</code>
        </Space>
      ),
    },
    {
      title: t('crisisSettings.grades.description'),
      dataIndex: 'description',
      width: 320,
      render: (_, row) => row.description ?? '—',
    },
    { title: t('crisisSettings.grades.ruleCount'), dataIndex: 'ruleCount', width: 100 },
    { title: t('common.sort'), dataIndex: 'sort', width: 80 },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: lang === 'zh-CN' ? 110 : 130,
      fixed: mobile ? undefined : 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid="row-edit" onClick={() => setEditing({ record: row })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger data-testid="row-delete" onClick={() => void remove(row)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Flex justify="flex-end">
        {canEdit ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="grade-create"
            onClick={() => setEditing({ record: null })}
          >
            {t('crisisSettings.grades.create')}
          </Button>
        ) : null}
      </Flex>
      {grades.isError ? (
        <LoadError
          title={t('crisisSettings.loadFailed')}
          message={errorText(grades.error)}
          onRetry={() => void grades.refetch()}
        />
      ) : null}
      <Table<CrisisGrade>
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        loading={grades.isLoading}
        columns={columns}
        dataSource={grades.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="grade-table"
        locale={{ emptyText: <TableEmpty text={t('crisisSettings.grades.empty')} /> }}
      />
      {editing ? <GradeForm record={editing.record} onClose={() => setEditing(null)} /> : null}
    </Space>
  );
}
