import { CRISIS_LIMITS, crisisGradeSaveSchema } from '@glucocare/domain/hospital-settings';
import { Col, ColorPicker, Form, Input, type InputProps, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { type CrisisGrade, deleteCrisisGrade, fetchCrisisGrades, saveCrisisGrade } from '../../../api/crisis';
import {
  CodeField,
  DialogForm,
  SortField,
  textOrNull,
  useEditForm,
} from '../../../components/dialog-form/DialogForm';
import { zodRule } from '../../../components/form-rules';
import { ShortList } from '../../../components/list-page/ShortList';
import { ColorSwatch, useCrisisGrades, useCrisisList } from './ui';

interface GradeValues {
  grade: string;
  nameZh: string;
  nameEn: string;
  color: string | null;
  description?: string | null;
  sort?: number | null;
}

const valuesOf = (grade: CrisisGrade): GradeValues => ({
  grade: grade.grade,
  nameZh: grade.nameZh,
  nameEn: grade.nameEn,
  color: grade.color,
  description: grade.description,
  sort: grade.sort,
});

async function findGrade(base: CrisisGrade): Promise<CrisisGrade | null> {
  return (await fetchCrisisGrades()).find((grade) => grade.id === base.id) ?? null;
}

function GradeForm({
  record,
  onClose,
  onSaved,
}: {
  record: CrisisGrade | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findGrade, valuesOf);
  const shape = crisisGradeSaveSchema.shape;
  return (
    <DialogForm<CrisisGrade, GradeValues>
      edit={edit}
      title={record ? t('crisisSettings.grades.editTitle') : t('crisisSettings.grades.create')}
      width={560}
      initialValues={record ? valuesOf(record) : { color: '#F5222D', sort: 0 }}
      conflictField="grade"
      onClose={onClose}
      save={(values, base) =>
        saveCrisisGrade({
          grade: values.grade.trim(),
          nameZh: values.nameZh.trim(),
          nameEn: values.nameEn.trim(),
          color: values.color ?? '',
          description: textOrNull(values.description),
          sort: values.sort ?? 0,
          ...(base ? { id: base.id, version: base.version } : {}),
        })
      }
      onSaved={onSaved}
    >
      <CodeField
        name="grade"
        label={t('crisisSettings.grades.code')}
        rules={[zodRule(shape.grade)]}
        maxLength={CRISIS_LIMITS.grade.max}
        inputProps={{ 'data-testid': 'grade-code' } as InputProps}
      />
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
      <SortField />
    </DialogForm>
  );
}

/**
 * "Critical grades": the levels a critical value can have, with their colours. A short list on the
 * kit: a handful of grades read through useCrisisGrades, which the rule forms and the other tabs share.
 */
export function GradeTab() {
  const { t } = useTranslation();
  const grades = useCrisisGrades();
  const list = useCrisisList<CrisisGrade>();

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

  return (
    <>
      <ShortList<CrisisGrade>
        query={grades}
        columns={columns}
        testId="grade-table"
        texts={{ empty: t('crisisSettings.grades.empty'), loadFailed: t('crisisSettings.loadFailed') }}
        create={list.create('grade-create', t('crisisSettings.grades.create'))}
        rowActions={list.rowActions({
          question: (row) => t('crisisSettings.grades.deleteConfirm', { name: row.name }),
          run: (row) => deleteCrisisGrade(row.grade, row.version),
        })}
        onChanged={() => void list.reload()}
      />
      {list.editing ? (
        <GradeForm record={list.editing.record} onClose={list.close} onSaved={list.saved} />
      ) : null}
    </>
  );
}
