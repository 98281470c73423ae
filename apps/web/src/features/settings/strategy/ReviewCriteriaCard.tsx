import type { GlucoseUnit } from '@glucocare/domain/helpers';
import { type ReviewCriteria, reviewCriteriaSchema } from '@glucocare/domain/virtual-ward';
import { Col, Form, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchReviewCriteria, saveReviewCriteria } from '../../../api/virtual-ward-review';
import { bodyFieldRule } from '../settings-form';
import { StrategyForm } from './StrategyForm';
import { glucoseFromDisplay, glucoseInputProps, glucoseToDisplay, glucoseUnitLabel } from './units';

/** The form's values: the thresholds in the hospital's glucose unit. */
interface Values {
  hyperValue: number | null;
  hyperCount: number | null;
  hypoValue: number | null;
  windowHours: number | null;
}

const bodyOf = (values: Values, unit: GlucoseUnit) => ({
  hyperValue: glucoseFromDisplay(values.hyperValue, unit),
  hyperCount: values.hyperCount,
  hypoValue: glucoseFromDisplay(values.hypoValue, unit),
  windowHours: values.windowHours,
});

/**
 * The daily review worklist's criteria (setting `virtualWard.reviewCriteria`, issue 18): high threshold
 * and count, low threshold, window in hours — checked by the domain schema, glucose in the hospital unit.
 */
export function ReviewCriteriaCard({ unit }: { unit: GlucoseUnit }) {
  const { t } = useTranslation();
  const rule = (field: keyof Values) => [
    bodyFieldRule(reviewCriteriaSchema, [field], (v: Values) => bodyOf(v, unit)),
  ];
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('virtualWardReview.criteria.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('virtualWardReview.criteria.hint')}</Typography.Paragraph>
      <StrategyForm<ReviewCriteria, Values>
        queryKey={['strategySettings', 'reviewCriteria']}
        load={fetchReviewCriteria}
        toValues={(criteria) => ({
          hyperValue: glucoseToDisplay(criteria.hyperValue, unit),
          hyperCount: criteria.hyperCount,
          hypoValue: glucoseToDisplay(criteria.hypoValue, unit),
          windowHours: criteria.windowHours,
        })}
        valueDeps={[unit]}
        save={(values) => saveReviewCriteria(bodyOf(values, unit) as ReviewCriteria)}
        loadFailedText={t('strategySettings.loadFailed')}
        testId="strategy-review-criteria"
      >
        {() => (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="hyperValue"
                label={t('virtualWardReview.criteria.hyperValue')}
                rules={rule('hyperValue')}
                required
              >
                <InputNumber
                  {...glucoseInputProps(unit)}
                  min={0}
                  addonAfter={glucoseUnitLabel(unit)}
                  style={{ width: '100%' }}
                  data-testid="review-criteria-hyper"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="hyperCount"
                label={t('virtualWardReview.criteria.hyperCount')}
                rules={rule('hyperCount')}
                required
              >
                <InputNumber
                  precision={0}
                  min={1}
                  style={{ width: '100%' }}
                  data-testid="review-criteria-count"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="hypoValue"
                label={t('virtualWardReview.criteria.hypoValue')}
                rules={rule('hypoValue')}
                required
              >
                <InputNumber
                  {...glucoseInputProps(unit)}
                  min={0}
                  addonAfter={glucoseUnitLabel(unit)}
                  style={{ width: '100%' }}
                  data-testid="review-criteria-hypo"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="windowHours"
                label={t('virtualWardReview.criteria.windowHours')}
                rules={rule('windowHours')}
                required
              >
                <InputNumber
                  precision={0}
                  min={1}
                  addonAfter={t('virtualWardReview.criteria.hours')}
                  style={{ width: '100%' }}
                  data-testid="review-criteria-window"
                />
              </Form.Item>
            </Col>
          </Row>
        )}
      </StrategyForm>
    </div>
  );
}
