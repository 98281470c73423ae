import { MEASUREMENT_ITEMS } from '@glucocare/domain/clinical';
import { screenStrategySchema } from '@glucocare/domain/hospital-settings';
import { Checkbox, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchScreenStrategy, type ScreenStrategy, saveScreenStrategy } from '../../../api/strategy-settings';
import { DepartmentTreeSelect } from '../../../components/DepartmentTreeSelect';
import { bodyFieldRule } from '../settings-form';
import { StrategyForm } from './StrategyForm';

function ScreenFields() {
  const { t } = useTranslation();
  const current = (values: ScreenStrategy) => values;
  const rule = (field: keyof ScreenStrategy) => [bodyFieldRule(screenStrategySchema, [field], current)];
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="refreshSeconds"
            label={t('strategySettings.screen.refreshSeconds')}
            rules={rule('refreshSeconds')}
            required
          >
            <InputNumber
              min={1}
              precision={0}
              addonAfter={t('strategySettings.seconds')}
              style={{ width: '100%' }}
              data-testid="screen-refresh"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="recentHours"
            label={t('strategySettings.screen.recentHours')}
            rules={rule('recentHours')}
            required
          >
            <InputNumber
              min={1}
              precision={0}
              addonAfter={t('strategySettings.hours')}
              style={{ width: '100%' }}
              data-testid="screen-hours"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="maskPatientNames"
        label={t('strategySettings.screen.maskPatientNames')}
        extra={t('strategySettings.screen.maskPatientNamesHint')}
        valuePropName="checked"
      >
        <Switch data-testid="screen-mask" />
      </Form.Item>
      <Form.Item name="items" label={t('strategySettings.screen.items')} rules={rule('items')} required>
        <Checkbox.Group
          options={MEASUREMENT_ITEMS.map((item) => ({
            value: item,
            label: t(`strategySettings.item.${item}`),
          }))}
          data-testid="screen-items"
        />
      </Form.Item>
      <Form.Item
        name="departmentCodes"
        label={t('strategySettings.screen.departments')}
        extra={t('strategySettings.screen.departmentsHint')}
        rules={rule('departmentCodes')}
      >
        <DepartmentTreeSelect
          multiple
          source="using"
          placeholder={t('strategySettings.screen.allDepartments')}
          data-testid="screen-departments"
        />
      </Form.Item>
    </>
  );
}

/** The wall screen of a ward: refresh, privacy, departments, items and time window. */
export function ScreenTab() {
  const { t } = useTranslation();
  return (
    <StrategyForm<ScreenStrategy, ScreenStrategy>
      queryKey={['strategySettings', 'screen']}
      load={fetchScreenStrategy}
      toValues={(value) => value}
      save={(values) =>
        saveScreenStrategy({
          refreshSeconds: values.refreshSeconds,
          maskPatientNames: !!values.maskPatientNames,
          departmentCodes: values.departmentCodes ?? [],
          // in the fixed order, whatever order they were ticked in
          items: MEASUREMENT_ITEMS.filter((item) => values.items?.includes(item)),
          recentHours: values.recentHours,
        })
      }
      loadFailedText={t('strategySettings.loadFailed')}
      testId="strategy-screen"
    >
      {() => <ScreenFields />}
    </StrategyForm>
  );
}
