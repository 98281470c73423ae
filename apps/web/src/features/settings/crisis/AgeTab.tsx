import { PlusOutlined } from '@ant-design/icons';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import {
  ageBracketCreateSchema,
  ageCrisisCreateSchema,
  ageCrisisUpdateSchema,
  CRISIS_LIMITS,
} from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Select, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AgeBracket,
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
import { useDevice } from '../../../app/preferences';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { DialogForm, SortField, useEditForm } from '../../../components/dialog-form/DialogForm';
import { issueParams } from '../../../components/form-rules';
import { ShortList } from '../../../components/list-page/ShortList';
import { currentLang, msgOrText } from '../../../i18n';
import { RuleForm, ruleById } from './RuleForm';
import {
  crisisKeys,
  GradeTag,
  itemOptions,
  limitColumns,
  useAgeBrackets,
  useCrisisGrades,
  useCrisisList,
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
  const unitOf = useUnitOf();
  const grades = useCrisisGrades();
  const brackets = useAgeBrackets();
  const [departmentCode, setDepartmentCode] = useState<string | null>(null);
  const [item, setItem] = useState<MeasurementItem | null>(null);
  const bracketList = useCrisisList<AgeBracket>();
  const ruleList = useCrisisList<NamedCrisisRule>();
  const settings = useQuery({
    queryKey: crisisKeys.ages(departmentCode, item, lang),
    queryFn: ({ signal }) =>
      fetchAgeCrisis({ departmentCode: departmentCode ?? undefined, category: item ?? undefined }, signal),
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
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="gc-card"
        title={t('crisisSettings.ages.bracketsTitle')}
        extra={
          bracketList.canEdit ? (
            <Button
              icon={<PlusOutlined />}
              data-testid="bracket-create"
              onClick={() => bracketList.open(null)}
            >
              {t('crisisSettings.ages.createBracket')}
            </Button>
          ) : null
        }
      >
        <ShortList<AgeBracket>
          query={brackets}
          columns={bracketColumns}
          small
          testId="bracket-table"
          texts={{
            empty: t('crisisSettings.ages.bracketsEmpty'),
            loadFailed: t('crisisSettings.loadFailed'),
          }}
          rowActions={bracketList.rowActions({
            question: (row) => t('crisisSettings.ages.deleteBracketConfirm', { name: row.name }),
            run: (row) => deleteAgeBracket(row.id, row.version),
          })}
          onChanged={() => void bracketList.reload()}
        />
      </Card>
      <Card className="gc-card" title={t('crisisSettings.ages.settingsTitle')}>
        <ShortList<NamedCrisisRule>
          query={settings}
          columns={ruleColumns}
          testId="age-rule-table"
          texts={{
            empty: t('crisisSettings.ages.settingsEmpty'),
            loadFailed: t('crisisSettings.loadFailed'),
          }}
          toolbar={
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
          }
          create={ruleList.create('age-rule-create', t('crisisSettings.ages.createSetting'))}
          rowActions={ruleList.rowActions({
            question: (row) =>
              t('crisisSettings.deleteRuleConfirm', {
                name: `${row.departmentName ?? row.departmentCode} · ${row.ageBracketName ?? ''}`,
              }),
            run: (row) => deleteAgeCrisis(row.id, row.version),
          })}
          onChanged={() => void ruleList.reload()}
        />
      </Card>
      {bracketList.editing ? (
        <BracketForm
          record={bracketList.editing.record}
          onClose={bracketList.close}
          onSaved={bracketList.saved}
        />
      ) : null}
      {ruleList.editing ? (
        <RuleForm
          title={
            ruleList.editing.record
              ? t('crisisSettings.ages.editSetting')
              : t('crisisSettings.ages.createSetting')
          }
          record={ruleList.editing.record}
          item={item ?? 'GLU'}
          itemChoosable
          period="choose"
          department="choose"
          departmentCode={departmentCode}
          bracket
          schema={ruleList.editing.record ? ageCrisisUpdateSchema : ageCrisisCreateSchema}
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
          find={async (base) =>
            ruleById(
              await fetchAgeCrisis({ departmentCode: base.departmentCode ?? undefined, category: base.item }),
              base.id,
            )
          }
          onClose={ruleList.close}
        />
      ) : null}
    </Space>
  );
}
