import type { MeasurementItem } from '@glucocare/domain/clinical';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Col, ColorPicker, Form, type FormInstance, InputNumber, Select } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CrisisLimits, CrisisRule } from '../../../api/crisis';
import { isApiError } from '../../../api/http';
import { toastError } from '../../../app/notify';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { DialogForm, useEditForm } from '../../../components/dialog-form/DialogForm';
import { issueParams } from '../../../components/form-rules';
import { msgOrText } from '../../../i18n';
import { crisisKeys, itemOptions, useAgeBrackets, useCrisisGrades, useGlucosePeriods } from './ui';
import { useUnitOf } from './units';

const LIMITS = ['criticalLow', 'low', 'high', 'criticalHigh'] as const;
const COLOR_OF = {
  low: 'lowColor',
  high: 'highColor',
  criticalLow: 'criticalLowColor',
  criticalHigh: 'criticalHighColor',
} as const;
const DEFAULT_COLORS = { criticalLow: '#722ED1', low: '#1677FF', high: '#FA8C16', criticalHigh: '#F5222D' };

/** What the rule form holds: limits in the unit shown, colours as #RRGGBB. */
export interface RuleValues extends Partial<Record<(typeof LIMITS)[number], number | null>> {
  category: MeasurementItem;
  periodCode?: string | null;
  departmentCode?: string | null;
  ageBracketId?: number | null;
  lowColor?: string | null;
  highColor?: string | null;
  criticalLowColor?: string | null;
  criticalHighColor?: string | null;
  grade?: string | null;
}

/** The body a save sends: the scope, the limits in storage units, id and version on an update. */
export type RuleBody = CrisisLimits & {
  category: MeasurementItem;
  periodCode: string | null;
  departmentCode?: string | null;
  ageBracketId?: number | null;
  id?: number;
  version?: number;
};

export interface RuleFormProps {
  title: string;
  record: CrisisRule | null;
  /** the item of a new rule (and of every rule when the item cannot be chosen) */
  item: MeasurementItem;
  itemChoosable?: boolean;
  /** 'fixed': the period is given and shown; 'choose': optional period select; 'none' */
  period: 'fixed' | 'choose' | 'none';
  periodCode?: string | null;
  department?: 'choose' | 'fixed' | 'none';
  departmentCode?: string | null;
  bracket?: boolean;
  /** a period rule sets no normal range (the glucose period has it) */
  rangeOnlyWithoutPeriod?: boolean;
  /** the domain schema of the body (the same one the server validates with) */
  schema: z.ZodType;
  save: (body: RuleBody) => Promise<unknown>;
  /** the rule as the server has it now (null once it is gone): "Load the latest version" of a stale edit */
  find: (base: CrisisRule) => Promise<CrisisRule | null>;
  onClose: () => void;
}

/**
 * An antd rule checking one field with the whole-body domain schema (the limits depend on each other),
 * after converting the form's values to the body the server gets.
 */
function bodyRule(schema: z.ZodType, field: string, bodyOf: (values: RuleValues) => RuleBody) {
  return (form: Pick<FormInstance<RuleValues>, 'getFieldsValue'>): RuleObject => ({
    validator: async () => {
      const result = schema.safeParse(bodyOf(form.getFieldsValue(true) as RuleValues));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(msgOrText(issue.message, issueParams(issue)));
    },
  });
}

/** The rule with `id` in a scope's rules as the server has them now (null once it is gone). */
export function ruleById(rules: readonly (CrisisRule | null | undefined)[], id: number): CrisisRule | null {
  return rules.find((rule) => rule?.id === id) ?? null;
}

/** The create / edit dialog of a critical-value rule of any scope, on the dialog-form kit. */
export function RuleForm(props: RuleFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const unitOf = useUnitOf();
  const grades = useCrisisGrades();
  const periods = useGlucosePeriods();
  const brackets = useAgeBrackets();
  const [failure, setFailure] = useState<{ message: string; problems: string[] } | null>(null);
  const { record } = props;

  const valuesOf = (rule: CrisisRule | null): RuleValues => {
    const values: RuleValues = {
      category: rule?.item ?? props.item,
      periodCode: rule?.periodCode ?? props.periodCode ?? null,
      departmentCode: rule?.departmentCode ?? props.departmentCode ?? null,
      ageBracketId: rule?.ageBracketId ?? null,
      grade: rule?.grade ?? null,
    };
    for (const limit of LIMITS) {
      values[limit] = unitOf(values.category).toInput(rule?.[limit]);
      values[COLOR_OF[limit]] = rule ? (rule[COLOR_OF[limit]] ?? null) : DEFAULT_COLORS[limit];
    }
    return values;
  };
  const edit = useEditForm<CrisisRule, RuleValues>(record, props.find, valuesOf);
  const { form, base } = edit;
  const category = (Form.useWatch('category', form) ?? base?.item ?? props.item) as MeasurementItem;
  const periodCode = Form.useWatch('periodCode', form) as string | null | undefined;
  const unit = unitOf(category);
  const showRange = !(props.rangeOnlyWithoutPeriod && (props.period === 'fixed' || periodCode));

  const bodyOf = (values: RuleValues, rule: CrisisRule | null): RuleBody => {
    const u = unitOf(values.category ?? category);
    const range = showRange;
    const body: RuleBody = {
      category: values.category ?? category,
      periodCode: values.periodCode ?? null,
      low: range ? u.toStorage(values.low) : null,
      high: range ? u.toStorage(values.high) : null,
      criticalLow: u.toStorage(values.criticalLow),
      criticalHigh: u.toStorage(values.criticalHigh),
      lowColor: range ? (values.lowColor ?? null) : null,
      highColor: range ? (values.highColor ?? null) : null,
      criticalLowColor: values.criticalLowColor ?? null,
      criticalHighColor: values.criticalHighColor ?? null,
      grade: values.grade ?? null,
    };
    if (props.department && props.department !== 'none') body.departmentCode = values.departmentCode ?? null;
    if (props.bracket) body.ageBracketId = values.ageBracketId ?? null;
    if (rule) Object.assign(body, { id: rule.id, version: rule.version });
    return body;
  };
  const rule = (field: string) => bodyRule(props.schema, field, (values) => bodyOf(values, base));
  // the scope of the rule beside the item: half a row each on a wide screen
  const scopeField = (name: string, label: string, control: ReactNode, required = true) => (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={label} rules={[rule(name)]} required={required}>
        {control}
      </Form.Item>
    </Col>
  );
  const allFields = [...LIMITS, ...Object.values(COLOR_OF), 'category', 'periodCode'];

  const visibleLimits = LIMITS.filter(
    (limit) => showRange || limit === 'criticalLow' || limit === 'criticalHigh',
  );
  const periodName = periods.periods.find((p) => p.code === (base?.periodCode ?? props.periodCode))?.name;

  return (
    <DialogForm<CrisisRule, RuleValues>
      edit={edit}
      title={props.title}
      width={640}
      initialValues={valuesOf(record)}
      onClose={props.onClose}
      save={async (values, current) => {
        setFailure(null);
        try {
          // the fields this scope does not show (a fixed item or period) are in the form's store only
          return await props.save(bodyOf({ ...form.getFieldsValue(true), ...values }, current));
        } catch (error) {
          // a rule breaking several limits at once lists them all, beside the fields' own messages
          if (isApiError(error) && error.status === 400 && error.errors.length > 0) {
            setFailure({ message: error.message, problems: error.errors.map((e) => e.message) });
            toastError(error.message);
          }
          throw error;
        }
      }}
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: crisisKeys.all }).then(props.onClose);
      }}
    >
      {failure ? (
        <Col xs={24}>
          <Alert
            type="error"
            showIcon
            className="gc-form-alert"
            data-testid="crisis-save-failure"
            message={failure.message}
            description={
              failure.problems.length > 1 ? (
                <ul className="gc-crisis-problems">
                  {failure.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : (
                failure.problems[0]
              )
            }
          />
        </Col>
      ) : null}
      {props.itemChoosable ? (
        <Col xs={24} sm={12}>
          <Form.Item name="category" label={t('crisisSettings.fields.item')} required>
            <Select
              options={itemOptions(t)}
              data-testid="rule-item"
              onChange={() => form.setFieldValue('periodCode', null)}
            />
          </Form.Item>
        </Col>
      ) : null}
      {props.department === 'choose'
        ? scopeField(
            'departmentCode',
            t('crisisSettings.fields.department'),
            <DepartmentTreeSelect data-testid="rule-department" />,
          )
        : null}
      {props.bracket
        ? scopeField(
            'ageBracketId',
            t('crisisSettings.fields.ageBracket'),
            <Select
              data-testid="rule-bracket"
              loading={brackets.isLoading}
              placeholder={t('common.choose')}
              options={(brackets.data ?? []).map((b) => ({
                value: b.id,
                label: t('crisisSettings.ages.bracketOption', {
                  name: b.name,
                  min: b.minAge,
                  max: b.maxAge,
                }),
              }))}
            />,
          )
        : null}
      {props.period === 'choose' && category === 'GLU'
        ? scopeField(
            'periodCode',
            t('crisisSettings.fields.period'),
            <Select
              allowClear
              data-testid="rule-period"
              placeholder={t('crisisSettings.allPeriods')}
              loading={periods.isLoading}
              options={periods.periods.map((p) => ({ value: p.code, label: p.name }))}
            />,
            false,
          )
        : null}
      {props.period === 'fixed' && periodName ? (
        <Col xs={24}>
          <Form.Item label={t('crisisSettings.fields.period')}>
            <strong>{periodName}</strong>
          </Form.Item>
        </Col>
      ) : null}
      {!showRange && props.rangeOnlyWithoutPeriod ? (
        <Col xs={24}>
          <Alert
            type="info"
            showIcon
            className="gc-form-alert"
            message={t('crisisSettings.periodRangeNote')}
          />
        </Col>
      ) : null}
      {visibleLimits.map((limit) => (
        <Fragment key={limit}>
          <Col xs={15} sm={16}>
            <Form.Item
              name={limit}
              label={t(`crisisSettings.fields.${limit}`)}
              rules={[rule(limit)]}
              dependencies={allFields.filter((f) => f !== limit)}
            >
              <InputNumber
                style={{ width: '100%' }}
                min={0}
                step={unit.step}
                addonAfter={unit.label}
                data-testid={`rule-${limit}`}
                placeholder={t('crisisSettings.notSetHere')}
              />
            </Form.Item>
          </Col>
          <Col xs={9} sm={8}>
            <Form.Item
              name={COLOR_OF[limit]}
              label={t('crisisSettings.fields.color')}
              rules={[rule(COLOR_OF[limit])]}
              dependencies={[limit]}
              getValueFromEvent={(color: { cleared?: boolean; toHexString: () => string } | null) =>
                !color || color.cleared ? null : color.toHexString().toUpperCase()
              }
            >
              <ColorPicker
                allowClear
                showText
                disabledAlpha
                format="hex"
                data-testid={`rule-${limit}-color`}
              />
            </Form.Item>
          </Col>
        </Fragment>
      ))}
      <Col xs={24}>
        <Form.Item name="grade" label={t('crisisSettings.fields.grade')} rules={[rule('grade')]}>
          <Select
            allowClear
            data-testid="rule-grade"
            loading={grades.isLoading}
            placeholder={t('crisisSettings.noGrade')}
            options={(grades.data ?? []).map((g) => ({ value: g.grade, label: `${g.grade} · ${g.name}` }))}
          />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}
