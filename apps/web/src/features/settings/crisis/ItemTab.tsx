import type { MeasurementItem } from '@glucocare/domain/clinical';
import { crisisSettingSaveSchema } from '@glucocare/domain/hospital-settings';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrisisPeriod,
  type CrisisRule,
  deleteItemCrisis,
  fetchItemCrisis,
  saveItemCrisis,
} from '../../../api/crisis';
import { errorText } from '../../../api/http';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { confirmDelete } from '../../../components/list-page/row-parts';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { RuleForm, ruleById } from './RuleForm';
import {
  CRISIS_PERMISSIONS,
  crisisKeys,
  GradeTag,
  ItemSwitch,
  LimitValue,
  RangeText,
  useCrisisGrades,
  useItemCrisis,
} from './ui';
import { type ItemUnit, useItemUnit } from './units';

/** A period's critical value taken from the item's rule. */
function Inherited({ value, unit }: { value: number | null | undefined; unit: ItemUnit }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" className="gc-nowrap">
      {typeof value === 'number'
        ? t('crisisSettings.inheritedValue', { value: unit.format(value) })
        : t('crisisSettings.inherited')}
    </Typography.Text>
  );
}

type Editing = { record: CrisisRule | null; periodCode: string | null };

/** "By item and period": the item's own critical values and, for glucose, each period's. */
export function ItemTab() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(CRISIS_PERMISSIONS.edit);
  const queryClient = useQueryClient();
  const [item, setItem] = useState<MeasurementItem>('GLU');
  const settings = useItemCrisis(item);
  const grades = useCrisisGrades();
  const unit = useItemUnit(item);
  const [editing, setEditing] = useState<Editing | null>(null);

  const remove = async (rule: CrisisRule, name: string) => {
    const outcome = await confirmDelete(t('crisisSettings.deleteRuleConfirm', { name }), () =>
      deleteItemCrisis(rule.id, rule.version),
    );
    if (outcome === 'deleted') await queryClient.invalidateQueries({ queryKey: crisisKeys.all });
  };

  const itemRule = settings.data?.item ?? null;
  const itemName = t(`crisisSettings.items.${item}`);
  const columns: ColumnsType<CrisisPeriod> = [
    {
      title: t('crisisSettings.fields.period'),
      dataIndex: 'name',
      width: 140,
      render: (_, row) => (
        <Space size={4} wrap>
          <span className={row.isActive ? undefined : 'gc-muted'}>{row.name}</span>
          {row.isActive ? null : <Tag>{t('common.stopped')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('crisisSettings.normalRange'),
      key: 'range',
      width: 130,
      render: (_, row) => <RangeText low={row.min} high={row.max} unit={unit} />,
    },
    {
      title: t('crisisSettings.fields.criticalLow'),
      key: 'criticalLow',
      width: 120,
      render: (_, row) =>
        row.rule?.criticalLow != null ? (
          <LimitValue value={row.rule.criticalLow} color={row.rule.criticalLowColor} unit={unit} />
        ) : (
          <Inherited value={itemRule?.criticalLow} unit={unit} />
        ),
    },
    {
      title: t('crisisSettings.fields.criticalHigh'),
      key: 'criticalHigh',
      width: 120,
      render: (_, row) =>
        row.rule?.criticalHigh != null ? (
          <LimitValue value={row.rule.criticalHigh} color={row.rule.criticalHighColor} unit={unit} />
        ) : (
          <Inherited value={itemRule?.criticalHigh} unit={unit} />
        ),
    },
    {
      title: t('crisisSettings.fields.grade'),
      key: 'grade',
      width: 100,
      render: (_, row) => <GradeTag code={row.rule?.grade ?? null} grades={grades.data} />,
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      fixed: mobile ? undefined : 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            data-testid="period-edit"
            onClick={() => setEditing({ record: row.rule, periodCode: row.code })}
          >
            {row.rule ? t('common.edit') : t('crisisSettings.setCritical')}
          </Button>
          {row.rule ? (
            <Button
              type="link"
              size="small"
              danger
              data-testid="period-delete"
              onClick={() => void remove(row.rule as CrisisRule, row.name)}
            >
              {t('common.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ItemSwitch value={item} onChange={setItem} />
      {settings.isError ? (
        <LoadError
          title={t('crisisSettings.loadFailed')}
          message={errorText(settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      <Card
        className="gc-card"
        loading={settings.isLoading}
        title={t('crisisSettings.itemRuleTitle', { item: itemName })}
        data-testid="crisis-item-rule"
        extra={
          canEdit ? (
            <Space wrap>
              <Button
                type="primary"
                data-testid="item-rule-edit"
                onClick={() => setEditing({ record: itemRule, periodCode: null })}
              >
                {itemRule ? t('common.edit') : t('crisisSettings.setCritical')}
              </Button>
              {itemRule ? (
                <Button danger onClick={() => void remove(itemRule, itemName)}>
                  {t('common.delete')}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        {itemRule ? (
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
            <Descriptions.Item label={t('crisisSettings.fields.criticalLow')}>
              <LimitValue value={itemRule.criticalLow} color={itemRule.criticalLowColor} unit={unit} />
            </Descriptions.Item>
            <Descriptions.Item label={t('crisisSettings.normalRange')}>
              <Space size={6}>
                <LimitValue value={itemRule.low} color={itemRule.lowColor} unit={unit} />
                <span>–</span>
                <LimitValue value={itemRule.high} color={itemRule.highColor} unit={unit} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('crisisSettings.fields.criticalHigh')}>
              <LimitValue value={itemRule.criticalHigh} color={itemRule.criticalHighColor} unit={unit} />
            </Descriptions.Item>
            <Descriptions.Item label={t('crisisSettings.fields.grade')}>
              <GradeTag code={itemRule.grade} grades={grades.data} />
            </Descriptions.Item>
            <Descriptions.Item label={t('crisisSettings.unit')}>{unit.label}</Descriptions.Item>
          </Descriptions>
        ) : (
          <TableEmpty text={t('crisisSettings.itemRuleEmpty')} />
        )}
      </Card>
      {item === 'GLU' ? (
        <Card
          className="gc-card"
          title={t('crisisSettings.periodsTitle')}
          extra={<Typography.Text type="secondary">{t('crisisSettings.periodsNote')}</Typography.Text>}
        >
          <Table<CrisisPeriod>
            rowKey="code"
            size={mobile ? 'small' : 'middle'}
            loading={settings.isLoading}
            columns={columns}
            dataSource={settings.data?.periods ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="crisis-period-table"
            locale={{ emptyText: <TableEmpty text={t('crisisSettings.periodsEmpty')} /> }}
          />
        </Card>
      ) : null}
      {editing ? (
        <RuleForm
          title={
            editing.periodCode
              ? t('crisisSettings.periodRuleTitle')
              : t('crisisSettings.itemRuleTitle', { item: itemName })
          }
          record={editing.record}
          item={item}
          period={editing.periodCode ? 'fixed' : 'none'}
          periodCode={editing.periodCode}
          rangeOnlyWithoutPeriod
          schema={crisisSettingSaveSchema}
          save={(body) => saveItemCrisis(body)}
          find={async (base) => {
            const latest = await fetchItemCrisis(base.item);
            return ruleById([latest.item, ...latest.periods.map((period) => period.rule)], base.id);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Space>
  );
}
