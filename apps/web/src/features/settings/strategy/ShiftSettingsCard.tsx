import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PERIOD_LIMITS,
  SHIFT_LIMITS,
  type Shift,
  type ShiftSetting,
  shiftName,
  shiftSettingSchema,
} from '@glucocare/domain/hospital-settings';
import { Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchShifts, saveShifts } from '../../../api/strategy-settings';
import { issueParams } from '../../../components/form-rules';
import { currentLang, msgOrText } from '../../../i18n';
import { DayTimeline, TimeInput } from '../periods/period-ui';
import { bodyFieldRule } from '../settings-form';
import { StrategyForm } from './StrategyForm';
import './shifts.css';

type ShiftField = keyof Shift;
const BLANK: Shift = { code: '', nameZh: '', nameEn: '', startTime: '', endTime: '' };

/** The body the form's values make (rows as they are: the domain schema says what is wrong). */
const bodyOf = (values: Partial<ShiftSetting>): ShiftSetting => ({ shifts: values.shifts ?? [] });

/** The list's own problem (a gap in the day, no shift, too many), from the same domain schema. */
const listRule = {
  validator: async (_rule: unknown, shifts: Shift[] | undefined) => {
    const result = shiftSettingSchema.safeParse({ shifts: shifts ?? [] });
    if (result.success) return;
    const issue = result.error.issues.find((item) => item.path.map(String).join('.') === 'shifts');
    if (issue) throw new Error(msgOrText(issue.message, issueParams(issue)));
  },
};

function ShiftRow({
  index,
  onRemove,
  removable,
}: {
  index: number;
  onRemove: () => void;
  removable: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: ShiftField, span: { xs: number; sm: number; md: number }, input: ReactNode) => (
    <Col {...span}>
      <Form.Item
        name={[index, name]}
        label={t(`strategySettings.shifts.${name}`)}
        rules={[bodyFieldRule(shiftSettingSchema, ['shifts', index, name], bodyOf)]}
        required
      >
        {input}
      </Form.Item>
    </Col>
  );
  return (
    <div className="gc-shift-row" data-testid="shift-row">
      <Row gutter={12} align="top">
        {field(
          'code',
          { xs: 12, sm: 6, md: 4 },
          <Input maxLength={12} autoComplete="off" data-testid={`shift-${index}-code`} />,
        )}
        {field(
          'nameZh',
          { xs: 12, sm: 9, md: 5 },
          <Input maxLength={12} autoComplete="off" lang="zh-CN" data-testid={`shift-${index}-nameZh`} />,
        )}
        {field(
          'nameEn',
          { xs: 24, sm: 9, md: 5 },
          <Input
            maxLength={PERIOD_LIMITS.nameEn.max}
            autoComplete="off"
            lang="en"
            data-testid={`shift-${index}-nameEn`}
          />,
        )}
        {field('startTime', { xs: 10, sm: 10, md: 4 }, <TimeInput />)}
        {field('endTime', { xs: 10, sm: 10, md: 4 }, <TimeInput />)}
        <Col xs={4} sm={4} md={2} className="gc-shift-remove">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={!removable}
            onClick={onRemove}
            aria-label={t('strategySettings.shifts.remove')}
            title={t('strategySettings.shifts.remove')}
            data-testid={`shift-${index}-remove`}
          />
        </Col>
      </Row>
    </div>
  );
}

function ShiftFields() {
  const { t } = useTranslation();
  const lang = currentLang();
  const form = Form.useFormInstance<ShiftSetting>();
  const shifts = (Form.useWatch('shifts', form) ?? []) as Shift[];
  const preview = shifts
    .filter((shift) => shift?.startTime && shift.endTime)
    .map((shift) => ({ ...shift, name: shiftName(shift, lang) || shift.code }));
  return (
    <>
      <Form.List name="shifts" rules={[listRule]}>
        {(rows, { add, remove }, { errors }) => (
          <>
            {rows.map((row) => (
              <ShiftRow
                key={row.key}
                index={row.name}
                removable={rows.length > SHIFT_LIMITS.shifts.min}
                onRemove={() => remove(row.name)}
              />
            ))}
            <Form.Item>
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                disabled={rows.length >= SHIFT_LIMITS.shifts.max}
                onClick={() => add({ ...BLANK })}
                data-testid="shift-add"
              >
                {t('strategySettings.shifts.add')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Form.Item label={t('strategySettings.shifts.timeline')} className="gc-shift-timeline">
        <DayTimeline entries={preview} testId="shift-timeline" />
      </Form.Item>
    </>
  );
}

/**
 * The nursing shifts of a day (the shift hand-over reads them): code, names and times of each, together
 * covering the day exactly once; the day's bar shows gaps and overlaps as they are typed.
 */
export function ShiftSettingsCard() {
  const { t } = useTranslation();
  return (
    <Card className="gc-card" title={t('strategySettings.shifts.title')} data-testid="shift-settings">
      <Typography.Paragraph type="secondary">{t('strategySettings.shifts.intro')}</Typography.Paragraph>
      <StrategyForm<ShiftSetting, ShiftSetting>
        queryKey={['strategySettings', 'shifts']}
        load={fetchShifts}
        toValues={(value) => ({ shifts: value.shifts.map((shift) => ({ ...shift })) })}
        // the server trims the texts as the schema reads them
        save={(values) => saveShifts(bodyOf(values))}
        loadFailedText={t('strategySettings.loadFailed')}
        testId="strategy-shifts"
      >
        {() => <ShiftFields />}
      </StrategyForm>
    </Card>
  );
}
