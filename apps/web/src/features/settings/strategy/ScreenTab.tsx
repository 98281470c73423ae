import { MEASUREMENT_ITEMS } from '@glucocare/domain/clinical';
import { STRATEGY_LIMITS, screenStrategySchema } from '@glucocare/domain/hospital-settings';
import { SCREEN_PANELS } from '@glucocare/domain/monitor';
import { Checkbox, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
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
      <Form.Item
        name="panels"
        label={t('strategySettings.screen.panels')}
        extra={t('strategySettings.screen.panelsHint')}
        rules={rule('panels')}
        required
      >
        <Checkbox.Group
          options={SCREEN_PANELS.map((panel) => ({
            value: panel,
            label: t(`strategySettings.screen.panel.${panel}`),
          }))}
          data-testid="screen-panels"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="rotateSeconds"
            label={t('strategySettings.screen.rotateSeconds')}
            rules={rule('rotateSeconds')}
            required
          >
            <InputNumber
              min={STRATEGY_LIMITS.rotateSeconds.min}
              max={STRATEGY_LIMITS.rotateSeconds.max}
              precision={0}
              addonAfter={t('strategySettings.seconds')}
              style={{ width: '100%' }}
              data-testid="screen-rotate"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('strategySettings.screen.title')} rules={rule('title')}>
            <Input
              maxLength={STRATEGY_LIMITS.screenTitle.max}
              placeholder={t('strategySettings.screen.titlePlaceholder')}
              autoComplete="off"
              data-testid="screen-title"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The wall screen: refresh, privacy, departments, items, time window, panels, rotation and title. */
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
          // in the screen's own order, whatever order they were ticked in
          panels: SCREEN_PANELS.filter((panel) => values.panels?.includes(panel)),
          rotateSeconds: values.rotateSeconds,
          title: values.title?.trim() || null,
        })
      }
      loadFailedText={t('strategySettings.loadFailed')}
      testId="strategy-screen"
    >
      {() => <ScreenFields />}
    </StrategyForm>
  );
}
