import { PlusOutlined } from '@ant-design/icons';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import {
  ageBracketCreateSchema,
  ageCrisisCreateSchema,
  ageCrisisUpdateSchema,
  CRISIS_LIMITS,
} from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AgeBracket,
  type CrisisRule,
  createAgeBracket,
  createAgeCrisis,
  deleteAgeBracket,
  deleteAgeCrisis,
  fetchAgeBrackets,
  fetchAgeCrisis,
  type NamedCrisisRule,
  updateAgeBracket,
  updateAgeCrisis,
} from '../../../api/crisis';
import { errorText } from '../../../api/http';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { DialogForm, SortField, useEditForm } from '../../../components/dialog-form/DialogForm';
import { issueParams } from '../../../components/form-rules';
import { CreateButton, confirmDelete, RowEditDelete } from '../../../components/list-page/row-parts';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { currentLang, msgOrText } from '../../../i18n';
import { RuleForm } from './RuleForm';
import {
  CRISIS_PERMISSIONS,
  crisisKeys,
  GradeTag,
  itemOptions,
  limitColumns,
  useAgeBrackets,
  useCrisisGrades,
} from './ui';
import { useUnitOf } from './units';

interface BracketValues {
  name: string;
  minAge: number | null;
  maxAge: number | null;
  sort: number | null;
}

/** One bracket field checked with the whole domain body (min not above max needs both). */
function bracketRule(field: keyof BracketValues) {
  return (form: { getFieldsValue: (all: true) => BracketValues }): RuleObject => ({
    validator: async () => {
      const values = form.getFieldsValue(true);
      const result = ageBracketCreateSchema.safeParse({
        name: values.name ?? '',
        minAge: values.minAge ?? null,
        maxAge: values.maxAge ?? null,
      });
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(msgOrText(issue.message, issueParams(issue)));
    },
  });
}

const bracketValuesOf = (bracket: AgeBracket): BracketValues => ({
  name: bracket.name,
  minAge: bracket.minAge,
  maxAge: bracket.maxAge,
  sort: bracket.sort,
});

async function findBracket(base: AgeBracket): Promise<AgeBracket | null> {
  return (await fetchAgeBrackets()).find((bracket) => bracket.id === base.id) ?? null;
}

function BracketForm({
  record,
  onClose,
  onSaved,
}: {
  record: AgeBracket | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findBracket, bracketValuesOf);
  return (
    <DialogForm<AgeBracket, BracketValues>
      edit={edit}
      title={record ? t('crisisSettings.ages.editBracket') : t('crisisSettings.ages.createBracket')}
      width={520}
      initialValues={record ? bracketValuesOf(record) : { sort: 0 }}
      conflictField="name"
      onClose={onClose}
      save={(values, base) => {
        const input = {
          name: values.name.trim(),
          minAge: values.minAge as number,
          maxAge: values.maxAge as number,
          sort: values.sort ?? 0,
        };
        return base
          ? updateAgeBracket({ ...input, id: base.id, version: base.version })
          : createAgeBracket(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <Form.Item name="name" label={t('crisisSettings.ages.name')} rules={[bracketRule('name')]} required>
          <Input
            maxLength={CRISIS_LIMITS.bracketName.max}
            showCount
            autoComplete="off"
            data-testid="bracket-name"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="minAge"
          label={t('crisisSettings.ages.minAge')}
          rules={[bracketRule('minAge')]}
          dependencies={['maxAge']}
          required
        >
          <InputNumber
            style={{ width: '100%' }}
            precision={0}
            addonAfter={t('crisisSettings.ages.years')}
            data-testid="bracket-min"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="maxAge"
          label={t('crisisSettings.ages.maxAge')}
          rules={[bracketRule('maxAge')]}
          dependencies={['minAge']}
          required
        >
          <InputNumber
            style={{ width: '100%' }}
            precision={0}
            addonAfter={t('crisisSettings.ages.years')}
            data-testid="bracket-max"
          />
        </Form.Item>
      </Col>
      <SortField sm={12} />
    </DialogForm>
  );
}

/** "Age brackets": the brackets, and the critical values of a department per bracket. */
export function AgeTab() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(CRISIS_PERMISSIONS.edit);
  const queryClient = useQueryClient();
  const unitOf = useUnitOf();
  const grades = useCrisisGrades();
  const brackets = useAgeBrackets();
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [item, setItem] = useState<MeasurementItem | null>(null);
  const [bracketEditing, setBracketEditing] = useState<{ record: AgeBracket | null } | null>(null);
  const [ruleEditing, setRuleEditing] = useState<{ record: CrisisRule | null } | null>(null);
  const settings = useQuery({
    queryKey: crisisKeys.ages(departmentCode, item, lang),
    queryFn: ({ signal }) =>
      fetchAgeCrisis({ departmentCode: departmentCode ?? undefined, category: item ?? undefined }, signal),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: crisisKeys.all });

  const removeBracket = async (row: AgeBracket) => {
    const outcome = await confirmDelete(
      t('crisisSettings.ages.deleteBracketConfirm', { name: row.name }),
      () => deleteAgeBracket(row.id, row.version),
    );
    if (outcome === 'deleted') await reload();
  };
  const removeRule = async (row: NamedCrisisRule) => {
    const name = `${row.departmentName ?? row.departmentCode} · ${row.ageBracketName ?? ''}`;
    const outcome = await confirmDelete(t('crisisSettings.deleteRuleConfirm', { name }), () =>
      deleteAgeCrisis(row.id, row.version),
    );
    if (outcome === 'deleted') await reload();
  };

  const actions = <T,>(onEdit: (row: T) => void, onDelete: (row: T) => void) => ({
    title: t('common.actions'),
    key: 'actions',
    width: lang === 'zh-CN' ? 110 : 130,
    fixed: mobile ? undefined : ('right' as const),
    render: (_: unknown, row: T) => (
      <RowEditDelete onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
    ),
  });

  const bracketColumns: ColumnsType<AgeBracket> = [
    { title: t('crisisSettings.ages.name'), dataIndex: 'name', width: 180 },
    {
      title: t('crisisSettings.ages.range'),
      key: 'range',
      width: 120,
      render: (_, row) => t('crisisSettings.ages.rangeText', { min: row.minAge, max: row.maxAge }),
    },
    { title: t('crisisSettings.ages.settingCount'), dataIndex: 'settingCount', width: 100 },
    ...(canEdit
      ? [
          actions<AgeBracket>(
            (row) => setBracketEditing({ record: row }),
            (row) => void removeBracket(row),
          ),
        ]
      : []),
  ];
  const ruleColumns: ColumnsType<NamedCrisisRule> = [
    {
      title: t('crisisSettings.fields.department'),
      dataIndex: 'departmentName',
      width: 140,
      render: (_, row) => row.departmentName ?? row.departmentCode,
    },
    {
      title: t('crisisSettings.fields.ageBracket'),
      dataIndex: 'ageBracketName',
      width: 170,
      render: (_, row) =>
        t('crisisSettings.ages.bracketOption', {
          name: row.ageBracketName,
          min: row.minAge,
          max: row.maxAge,
        }),
    },
    {
      title: t('crisisSettings.fields.item'),
      dataIndex: 'item',
      width: 90,
      render: (_, row) => t(`crisisSettings.items.${row.item}`),
    },
    {
      title: t('crisisSettings.fields.period'),
      dataIndex: 'periodName',
      width: 110,
      render: (_, row) => row.periodName ?? t('crisisSettings.allPeriods'),
    },
    ...limitColumns<NamedCrisisRule>(t, (row) => unitOf(row.item)),
    {
      title: t('crisisSettings.fields.grade'),
      dataIndex: 'grade',
      width: 100,
      render: (_, row) => <GradeTag code={row.grade} grades={grades.data} />,
    },
    ...(canEdit
      ? [
          actions<NamedCrisisRule>(
            (row) => setRuleEditing({ record: row }),
            (row) => void removeRule(row),
          ),
        ]
      : []),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="gc-card"
        title={t('crisisSettings.ages.bracketsTitle')}
        extra={
          canEdit ? (
            <Button
              icon={<PlusOutlined />}
              data-testid="bracket-create"
              onClick={() => setBracketEditing({ record: null })}
            >
              {t('crisisSettings.ages.createBracket')}
            </Button>
          ) : null
        }
      >
        {brackets.isError ? (
          <LoadError
            title={t('crisisSettings.loadFailed')}
            message={errorText(brackets.error)}
            onRetry={() => void brackets.refetch()}
          />
        ) : null}
        <Table<AgeBracket>
          rowKey="id"
          size="small"
          loading={brackets.isLoading}
          columns={bracketColumns}
          dataSource={brackets.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="bracket-table"
          locale={{ emptyText: <TableEmpty text={t('crisisSettings.ages.bracketsEmpty')} /> }}
        />
      </Card>
      <Card className="gc-card" title={t('crisisSettings.ages.settingsTitle')}>
        <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <Flex gap={12} wrap style={{ flex: '1 1 320px' }}>
            <DepartmentTreeSelect
              value={departmentCode}
              onChange={(value) => setDepartmentCode((value as string | null) ?? null)}
              placeholder={t('crisisSettings.departments.allDepartments')}
              style={{ width: mobile ? '100%' : 240 }}
            />
            <Select<MeasurementItem | null>
              allowClear
              value={item}
              onChange={(value) => setItem(value ?? null)}
              placeholder={t('crisisSettings.allItems')}
              options={itemOptions(t)}
              style={{ width: mobile ? '100%' : 160 }}
            />
          </Flex>
          {canEdit ? (
            <CreateButton testId="age-rule-create" onClick={() => setRuleEditing({ record: null })}>
              {t('crisisSettings.ages.createSetting')}
            </CreateButton>
          ) : null}
        </Flex>
        {settings.isError ? (
          <LoadError
            title={t('crisisSettings.loadFailed')}
            message={errorText(settings.error)}
            onRetry={() => void settings.refetch()}
          />
        ) : null}
        <Table<NamedCrisisRule>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          loading={settings.isFetching}
          columns={ruleColumns}
          dataSource={settings.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="age-rule-table"
          locale={{ emptyText: <TableEmpty text={t('crisisSettings.ages.settingsEmpty')} /> }}
        />
      </Card>
      {bracketEditing ? (
        <BracketForm
          record={bracketEditing.record}
          onClose={() => setBracketEditing(null)}
          onSaved={() => {
            setBracketEditing(null);
            void reload();
          }}
        />
      ) : null}
      {ruleEditing ? (
        <RuleForm
          title={
            ruleEditing.record ? t('crisisSettings.ages.editSetting') : t('crisisSettings.ages.createSetting')
          }
          record={ruleEditing.record}
          item={item ?? 'GLU'}
          itemChoosable
          period="choose"
          department="choose"
          departmentCode={departmentCode}
          bracket
          schema={ruleEditing.record ? ageCrisisUpdateSchema : ageCrisisCreateSchema}
          save={(body) => {
            const { id, version, ...rest } = body;
            const input = {
              ...rest,
              departmentCode: rest.departmentCode ?? '',
              ageBracketId: rest.ageBracketId ?? 0,
            };
            return id !== undefined && version !== undefined
              ? updateAgeCrisis({ ...input, id, version })
              : createAgeCrisis(input);
          }}
          onClose={() => setRuleEditing(null)}
        />
      ) : null}
    </Space>
  );
}
