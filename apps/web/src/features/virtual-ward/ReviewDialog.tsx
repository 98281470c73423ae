import { FOLLOWUP_KINDS, followupSchema } from '@glucocare/domain/virtual-ward';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DatePicker, Descriptions, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import { useTranslation } from 'react-i18next';
import {
  type Followup,
  fetchSuggestionList,
  virtualWardReviewKeys,
  type WorklistRow,
  writeFollowup,
} from '../../api/virtual-ward-review';
import { toastSuccess } from '../../app/notify';
import { handleSaveError } from '../../components/form-errors';
import { zodRule } from '../../components/form-rules';
import { hospitalToday } from '../../components/format';
import { ReasonTags } from './WorklistParts';

interface Values {
  kind: Followup['kind'];
  assessment?: string;
  suggestionId?: number;
  suggestion?: string;
  nextReviewDate?: Dayjs | null;
}

/**
 * "Review" (审阅) of a worklist patient: the reasons as the list showed them, the assessment, a
 * suggestion from the catalogue (its text fills the box, which stays editable) or free text, the next
 * review date (not before today). Enter in a field saves (Shift+Enter: a new line in the texts).
 */
export function ReviewDialog({
  row,
  onClose,
  onSaved,
}: {
  row: Pick<WorklistRow, 'patientId' | 'patientName' | 'bed' | 'departmentName' | 'reasons'>;
  onClose: () => void;
  onSaved: (followup: Followup) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const suggestions = useQuery({
    queryKey: virtualWardReviewKeys.suggestions,
    queryFn: ({ signal }) => fetchSuggestionList(signal),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      writeFollowup({
        patientId: row.patientId,
        kind: values.kind,
        assessment: values.assessment?.trim() ?? '',
        suggestion: values.suggestion?.trim() ?? '',
        suggestionId: values.suggestionId ?? null,
        nextReviewDate: values.nextReviewDate ? values.nextReviewDate.format('YYYY-MM-DD') : null,
        // the reasons as the worklist showed them; from the patient page the server works them out
        reasons: row.reasons.length ? row.reasons : null,
      }),
    onSuccess: (followup) => {
      toastSuccess(t('virtualWardReview.review.saved'));
      onSaved(followup);
    },
    onError: (error) => handleSaveError(form, error),
  });
  const rule = (field: keyof typeof followupSchema.shape) => [zodRule(followupSchema.shape[field])];
  const today = hospitalToday();
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      form.submit();
    }
  };
  return (
    <Modal
      open
      title={t('virtualWardReview.review.title', { name: row.patientName })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'review-save' } as never}
      destroyOnHidden
      width={600}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('virtualWardReview.field.ward')}>
          {[row.departmentName, row.bed].filter(Boolean).join(' · ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('virtualWardReview.field.reasons')}>
          <ReasonTags reasons={row.reasons} />
        </Descriptions.Item>
      </Descriptions>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'review' }}
        onFinish={(values) => save.mutate(values)}
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          // Enter saves from the texts; in a select or a date picker it chooses
          if (target.tagName === 'TEXTAREA') onEnter(event);
        }}
        data-testid="review-form"
      >
        <Form.Item name="kind" label={t('virtualWardReview.field.kind')}>
          <Select
            options={FOLLOWUP_KINDS.map((kind) => ({
              value: kind,
              label: t(`virtualWardReview.kind.${kind}`),
            }))}
            data-testid="review-kind"
          />
        </Form.Item>
        <Form.Item
          name="assessment"
          label={t('virtualWardReview.field.assessment')}
          rules={rule('assessment')}
          required
        >
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus data-testid="review-assessment" />
        </Form.Item>
        <Form.Item name="suggestionId" label={t('virtualWardReview.field.suggestionPicker')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            loading={suggestions.isLoading}
            placeholder={t('virtualWardReview.review.suggestionPlaceholder')}
            options={(suggestions.data ?? []).map((s) => ({ value: s.id, label: s.title, title: s.content }))}
            onChange={(id?: number) => {
              const chosen = suggestions.data?.find((s) => s.id === id);
              if (chosen) form.setFieldValue('suggestion', chosen.content);
            }}
            data-testid="review-suggestion-picker"
          />
        </Form.Item>
        <Form.Item
          name="suggestion"
          label={t('virtualWardReview.field.suggestion')}
          rules={rule('suggestion')}
          required
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="review-suggestion" />
        </Form.Item>
        <Form.Item name="nextReviewDate" label={t('virtualWardReview.field.nextReviewDate')}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(day) => day.format('YYYY-MM-DD') < today}
            defaultPickerValue={dayjs(today)}
            data-testid="review-next-date"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
