import {
  VIRTUAL_WARD_DEVICE_MARKS,
  VIRTUAL_WARD_LIMITS,
  virtualWardJoinSchema,
} from '@glucocare/domain/virtual-ward';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AutoComplete, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  editVirtualWardStay,
  fetchSuggestionList,
  joinVirtualWard,
  type VirtualWardStay,
  virtualWardKeys,
} from '../../api/virtual-ward-membership';
import { toastSuccess } from '../../app/notify';
import { handleSaveError } from '../../components/form-errors';
import { zodRule } from '../../components/form-rules';
import { fromPicker, hospitalNow } from '../../components/format';

interface Values {
  joinedAt?: Dayjs;
  suggestion?: string;
  deviceMark: VirtualWardStay['deviceMark'];
  groupLabels: string[];
}

/**
 * Join a patient to the virtual ward (入组), or edit a current stay (`stay` given): join time (now by
 * default; not when editing), the management suggestion — picked from the library (GET
 * /v1/suggestions/list) or typed freely, kept as given —, the mark (none, insulin pump, CGM) and group
 * labels (≤ 10). Field problems from the server show under their fields.
 */
export function JoinDialog({
  patientId,
  patientName,
  stay,
  onClose,
  onSaved,
}: {
  patientId: number;
  patientName: string;
  stay?: VirtualWardStay;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const suggestions = useQuery({
    queryKey: virtualWardKeys.suggestions,
    queryFn: ({ signal }) => fetchSuggestionList(signal),
  });
  const save = useMutation({
    mutationFn: (values: Values) => {
      const groupLabels = values.groupLabels.map((label) => label.trim()).filter(Boolean);
      const suggestion = (values.suggestion ?? '').trim();
      const picked = suggestions.data?.find((s) => s.content === suggestion);
      if (stay) {
        return editVirtualWardStay({
          id: stay.id,
          version: stay.version,
          suggestion,
          deviceMark: values.deviceMark,
          groupLabels,
        });
      }
      return joinVirtualWard({
        patientId,
        joinedAt: fromPicker(values.joinedAt!),
        suggestion,
        suggestionId: picked?.id ?? null,
        deviceMark: values.deviceMark,
        groupLabels,
      });
    },
    onSuccess: () => {
      toastSuccess(t(stay ? 'vwMembership.join.edited' : 'vwMembership.join.joined'));
      onSaved();
    },
    onError: (error) => handleSaveError(form, error),
  });
  const shape = virtualWardJoinSchema.shape;
  return (
    <Modal
      open
      title={t(stay ? 'vwMembership.join.editTitle' : 'vwMembership.join.title', { name: patientName })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'vw-join-submit' } as never}
      destroyOnHidden
      width={600}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          joinedAt: hospitalNow(),
          suggestion: stay?.suggestion,
          deviceMark: stay?.deviceMark ?? 'none',
          groupLabels: stay?.groupLabels ?? [],
        }}
        onFinish={(values) => save.mutate(values)}
        data-testid="vw-join-form"
      >
        {stay ? null : (
          <Form.Item
            name="joinedAt"
            label={t('vwMembership.field.joinedAt')}
            rules={[{ required: true, message: t('vwMembership.join.joinedAtRequired') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          name="suggestion"
          label={t('vwMembership.field.suggestion')}
          rules={[zodRule(shape.suggestion)]}
          extra={t('vwMembership.join.suggestionHint')}
        >
          <AutoComplete
            options={(suggestions.data ?? []).map((s) => ({
              value: s.content,
              label: `${s.title} — ${s.content}`,
            }))}
            filterOption={(input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          >
            <Input.TextArea
              rows={3}
              maxLength={VIRTUAL_WARD_LIMITS.suggestion.max}
              showCount
              data-testid="vw-join-suggestion"
            />
          </AutoComplete>
        </Form.Item>
        <Form.Item name="deviceMark" label={t('vwMembership.field.deviceMark')}>
          <Select
            options={VIRTUAL_WARD_DEVICE_MARKS.map((mark) => ({
              value: mark,
              label: t(`vwMembership.mark.${mark}`),
            }))}
            data-testid="vw-join-mark"
          />
        </Form.Item>
        <Form.Item
          name="groupLabels"
          label={t('vwMembership.field.groupLabels')}
          rules={[zodRule(shape.groupLabels)]}
        >
          <Select
            mode="tags"
            maxCount={VIRTUAL_WARD_LIMITS.labels}
            tokenSeparators={[',', '，']}
            open={false}
            data-testid="vw-join-labels"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
