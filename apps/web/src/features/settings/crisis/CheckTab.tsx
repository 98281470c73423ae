import type { MeasurementItem } from '@glucocare/domain/clinical';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClassifyResult, classifyValue, type LimitName } from '../../../api/crisis';
import { showError } from '../../../api/http';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { ColorSwatch, GradeTag, itemOptions, useCrisisGrades, useGlucosePeriods } from './ui';
import { useUnitOf } from './units';

interface CheckValues {
  category: MeasurementItem;
  value: number | null;
  periodCode?: string | null;
  departmentCode?: string | null;
  age?: number | null;
  virtualWard?: boolean;
}

const LIMIT_ORDER: LimitName[] = ['criticalLow', 'low', 'high', 'criticalHigh'];
const CLASS_COLORS: Record<string, string> = {
  normal: 'green',
  low: 'blue',
  high: 'orange',
  criticalLow: 'purple',
  criticalHigh: 'red',
  unknown: 'default',
};

/** "Check a value": how a reading would be classified with the settings as they are now. */
export function CheckTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CheckValues>();
  const unitOf = useUnitOf();
  const periods = useGlucosePeriods();
  const grades = useCrisisGrades();
  const category = (Form.useWatch('category', form) ?? 'GLU') as MeasurementItem;
  const unit = unitOf(category);
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<{
    result: ClassifyResult;
    typed: number;
    item: MeasurementItem;
  } | null>(null);

  const check = async (values: CheckValues) => {
    if (typeof values.value !== 'number') return;
    setChecking(true);
    try {
      const answer = await classifyValue({
        category: values.category,
        value: values.value,
        unit: unitOf(values.category).param,
        periodCode: values.category === 'GLU' ? (values.periodCode ?? undefined) : undefined,
        departmentCode: values.departmentCode ?? undefined,
        age: values.age ?? undefined,
        virtualWard: values.virtualWard ?? false,
      });
      setResult({ result: answer, typed: values.value, item: values.category });
    } catch (error) {
      showError(error);
    } finally {
      setChecking(false);
    }
  };

  const shownUnit = result ? unitOf(result.item) : unit;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card className="gc-card" title={t('crisisSettings.check.title')}>
          <Typography.Paragraph type="secondary">{t('crisisSettings.check.intro')}</Typography.Paragraph>
          <Form<CheckValues>
            form={form}
            layout="vertical"
            initialValues={{ category: 'GLU', virtualWard: false }}
            onFinish={(values) => void check(values)}
            onValuesChange={() => setResult(null)}
          >
            <Row gutter={12}>
              <Col xs={12}>
                <Form.Item name="category" label={t('crisisSettings.fields.item')}>
                  <Select options={itemOptions(t)} data-testid="check-item" />
                </Form.Item>
              </Col>
              <Col xs={12}>
                <Form.Item
                  name="value"
                  label={t('crisisSettings.check.value')}
                  rules={[{ required: true, message: t('crisisSettings.check.valueRequired') }]}
                >
                  <InputNumber
                    style={{ width: '100%' }}
                    min={0}
                    step={unit.step}
                    addonAfter={unit.label}
                    data-testid="check-value"
                  />
                </Form.Item>
              </Col>
              {category === 'GLU' ? (
                <Col xs={24} sm={12}>
                  <Form.Item name="periodCode" label={t('crisisSettings.fields.period')}>
                    <Select
                      allowClear
                      data-testid="check-period"
                      placeholder={t('crisisSettings.check.noPeriod')}
                      options={periods.periods.map((p) => ({ value: p.code, label: p.name }))}
                    />
                  </Form.Item>
                </Col>
              ) : null}
              <Col xs={24} sm={12}>
                <Form.Item name="departmentCode" label={t('crisisSettings.fields.department')}>
                  <DepartmentTreeSelect
                    placeholder={t('crisisSettings.check.noDepartment')}
                    data-testid="check-department"
                  />
                </Form.Item>
              </Col>
              <Col xs={12}>
                <Form.Item name="age" label={t('crisisSettings.check.age')}>
                  <InputNumber
                    style={{ width: '100%' }}
                    min={0}
                    max={150}
                    precision={0}
                    data-testid="check-age"
                  />
                </Form.Item>
              </Col>
              <Col xs={12}>
                <Form.Item
                  name="virtualWard"
                  label={t('crisisSettings.check.virtualWard')}
                  valuePropName="checked"
                >
                  <Switch data-testid="check-virtual" />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" loading={checking} data-testid="check-submit">
              {t('crisisSettings.check.submit')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card className="gc-card" title={t('crisisSettings.check.resultTitle')} data-testid="check-result">
          {result ? (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Space size={10} wrap align="center">
                <Typography.Text strong className="gc-crisis-value">
                  {/* mg/dL as typed (whole numbers); mmol/L and µmol/L with their display precision */}
                  {shownUnit.param === 'mgDl' ? result.typed : shownUnit.format(result.typed)}{' '}
                  {shownUnit.label}
                </Typography.Text>
                <Tag
                  color={result.result.color ?? CLASS_COLORS[result.result.classification]}
                  className="gc-crisis-class"
                  data-testid="check-classification"
                  data-value={result.result.classification}
                >
                  {t(`crisisSettings.classes.${result.result.classification}`)}
                </Tag>
                {result.result.grade ? <GradeTag code={result.result.grade} grades={grades.data} /> : null}
                {result.result.color ? (
                  <Space size={4}>
                    <ColorSwatch color={result.result.color} />
                    <code>{result.result.color}</code>
                  </Space>
                ) : null}
              </Space>
              <Descriptions size="small" column={1} bordered>
                {LIMIT_ORDER.map((limit) => (
                  <Descriptions.Item key={limit} label={t(`crisisSettings.fields.${limit}`)}>
                    {result.result.limits[limit] === null ? (
                      <Typography.Text type="secondary">{t('crisisSettings.check.notSet')}</Typography.Text>
                    ) : (
                      <Space size={8} wrap>
                        <span>
                          {shownUnit.format(result.result.limits[limit])} {shownUnit.label}
                        </span>
                        <Typography.Text type="secondary" data-testid={`check-source-${limit}`}>
                          {t(`crisisSettings.levels.${result.result.sources[limit]}`)}
                        </Typography.Text>
                      </Space>
                    )}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('crisisSettings.check.empty')}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
