import { PERIOD_SHOW_STRATEGIES, type PeriodShowStrategy } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Divider, Radio, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fetchPeriodShowStrategy,
  fetchShowClockTime,
  fetchTestTimeAsc,
  savePeriodShowStrategy,
  saveShowClockTime,
  saveTestTimeAsc,
} from '../../../api/settings';
import { confirmHospitalWide, INLINE_ERROR, SettingCard, SwitchRow, useSettingSave } from '../settings-form';

const CLOCK_KEY = ['settings', 'showClockTime'];
const PERIOD_KEY = ['settings', 'periodShowStrategy'];
const ORDER_KEY = ['settings', 'testTimeAsc'];

/** How screens show things: the ward clock, the period grid, and the user's own list order. */
export function DisplayCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const clock = useQuery({
    queryKey: CLOCK_KEY,
    queryFn: ({ signal }) => fetchShowClockTime(signal),
    meta: INLINE_ERROR,
  });
  const periods = useQuery({
    queryKey: PERIOD_KEY,
    queryFn: ({ signal }) => fetchPeriodShowStrategy(signal),
    meta: INLINE_ERROR,
  });
  const order = useQuery({
    queryKey: ORDER_KEY,
    queryFn: ({ signal }) => fetchTestTimeAsc(signal),
    meta: INLINE_ERROR,
  });
  const saveClock = useSettingSave(saveShowClockTime, { queryKey: CLOCK_KEY });
  const savePeriods = useSettingSave(savePeriodShowStrategy, { queryKey: PERIOD_KEY });
  const saveOrder = useSettingSave(saveTestTimeAsc, { queryKey: ORDER_KEY });

  return (
    <SettingCard
      title={t('systemSettings.display.title')}
      queries={[clock, periods, order]}
      testId="display-card"
    >
      <SwitchRow
        title={t('systemSettings.display.clock')}
        description={t('systemSettings.display.clockHelp')}
        checked={clock.data === true}
        loading={saveClock.isPending}
        disabled={!canEdit}
        onChange={(value) => saveClock.mutate(value)}
        testId="show-clock"
        hospitalWide
      />
      <Divider style={{ margin: '16px 0' }} />
      <Typography.Text strong>{t('systemSettings.display.periods')}</Typography.Text>
      <Typography.Text type="secondary" className="gc-block">
        {t('systemSettings.display.periodsHelp')}
      </Typography.Text>
      <Radio.Group
        value={periods.data}
        disabled={!canEdit || savePeriods.isPending}
        onChange={(event) => {
          const strategy = event.target.value as PeriodShowStrategy;
          void confirmHospitalWide(
            t('systemSettings.display.periods'),
            t(`systemSettings.display.periodStrategy.${strategy}`),
          ).then((confirmed) => confirmed && savePeriods.mutate(strategy));
        }}
        style={{ marginTop: 8 }}
        data-testid="period-strategy"
      >
        <Space direction="vertical">
          {PERIOD_SHOW_STRATEGIES.map((strategy) => (
            <Radio key={strategy} value={strategy} data-testid={`period-strategy-${strategy}`}>
              {t(`systemSettings.display.periodStrategy.${strategy}`)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Divider style={{ margin: '16px 0' }} />
      <SwitchRow
        title={
          <>
            {t('systemSettings.display.order')}
            <Tag color="blue" className="gc-tag-inline">
              {t('systemSettings.display.personal')}
            </Tag>
          </>
        }
        ariaLabel={t('systemSettings.display.order')}
        description={t('systemSettings.display.orderHelp')}
        checked={order.data === true}
        loading={saveOrder.isPending}
        onChange={(value) => saveOrder.mutate(value)}
        testId="test-time-asc"
      />
    </SettingCard>
  );
}
