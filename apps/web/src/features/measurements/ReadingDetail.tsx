import type { MeasurementItem } from '@glucocare/domain/clinical';
import { measurementChangeReasonSchema } from '@glucocare/domain/measurements';
import { reasonNotTested } from '@glucocare/domain/review';
import { localizedIssues } from '@glucocare/domain/validation';
import { Button, Descriptions, Form, Input, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/http';
import { changeReadingStatus, type EntryOptions, type Reading } from '../../api/measurements';
import { toastSuccess } from '../../app/notify';
import { applyApiError } from '../../components/form-errors';
import { dateTimeInZone } from '../../components/format';
import { currentLang, msg } from '../../i18n';
import { ClassificationTag, StatusTag, TimingTags } from './ReadingTags';
import { readingColor, valueText } from './reading-format';

/** A reading without a value as the grid and the list say it: "Not tested: …" or "Not carried out: …". */
export function notTestedText(t: TFunction, reading: Reading): string {
  const what = t(reading.rejectReason ? 'measurements.field.rejected' : 'measurements.untested');
  return `${what}: ${reasonNotTested(reading)}`;
}

/**
 * Deletion (or restore) of a reading with a reason (2-200 characters, the domain rule); the reason is
 * asked in the dialog that confirms it. A stale version or an approved reading shows the server's
 * message in the dialog.
 */
export function ReadingStatusModal({
  reading,
  restore = false,
  onClose,
  onDone,
}: {
  reading: Reading | null;
  restore?: boolean;
  onClose: () => void;
  onDone: (reading: Reading) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (reading) {
      form.resetFields();
      setProblem(null);
    }
  }, [reading, form]);
  const submit = async () => {
    if (!reading) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const done = await changeReadingStatus({
        recordId: reading.id,
        isActive: restore,
        reason: form.getFieldValue('reason').trim(),
        version: reading.version,
      });
      toastSuccess(restore ? t('measurements.detail.restored') : t('common.deleted'));
      onDone(done);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.errors.length === 0) setProblem(error.message);
      else applyApiError(form, error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!reading}
      title={restore ? t('measurements.detail.restoreTitle') : t('measurements.detail.deleteTitle')}
      onCancel={onClose}
      destroyOnHidden
      okText={restore ? t('measurements.detail.restore') : t('common.delete')}
      okButtonProps={{ danger: !restore, loading: saving, ...{ 'data-testid': 'status-confirm' } }}
      cancelText={t('common.cancel')}
      onOk={submit}
      data-testid="reading-status-modal"
    >
      <Typography.Paragraph>
        {restore ? t('measurements.detail.restoreQuestion') : t('measurements.detail.deleteQuestion')}
      </Typography.Paragraph>
      {problem ? (
        <Typography.Paragraph type="danger" data-testid="status-problem">
          {problem}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('measurements.field.changeReason')}
          required
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const [issue] = localizedIssues(measurementChangeReasonSchema, value ?? '', currentLang());
                if (issue) throw new Error(issue.message);
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="status-reason" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * One reading in full: value and classification, period and time, reason when untested, note, tester,
 * source, review status (who and when approved); edit and delete for a pending reading when allowed —
 * an approved one explains that it is corrected in data management.
 */
export function ReadingDetail({
  reading,
  item,
  options,
  canEdit,
  onClose,
  onEdit,
  onDelete,
}: {
  reading: Reading | null;
  item: MeasurementItem;
  options: EntryOptions;
  canEdit: boolean;
  onClose: () => void;
  onEdit: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
}) {
  const { t } = useTranslation();
  if (!reading) return null;
  const approved = reading.status === 'approved';
  const deleted = !!reading.deletedAt;
  const color = readingColor(reading);
  const lockedHint = approved ? msg('measurements.editInDataManagement') : undefined;
  return (
    <Modal
      open
      title={t('measurements.detail.title', { item: t(`measurements.item.${item}`) })}
      onCancel={onClose}
      width={560}
      data-testid="reading-detail"
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('common.close')}</Button>
          {canEdit && !deleted ? (
            <>
              <Tooltip title={lockedHint}>
                <Button
                  danger
                  disabled={approved}
                  onClick={() => onDelete(reading)}
                  data-testid="reading-delete"
                >
                  {t('common.delete')}
                </Button>
              </Tooltip>
              <Tooltip title={lockedHint}>
                <Button
                  type="primary"
                  disabled={approved}
                  onClick={() => onEdit(reading)}
                  data-testid="reading-edit"
                >
                  {t('common.edit')}
                </Button>
              </Tooltip>
            </>
          ) : null}
        </Space>
      }
    >
      {approved && canEdit ? (
        <Typography.Paragraph type="secondary" data-testid="reading-approved-hint">
          {msg('measurements.editInDataManagement')}
        </Typography.Paragraph>
      ) : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('measurements.field.result')}>
          {reading.testValue === null ? (
            <Tag>{t('measurements.untested')}</Tag>
          ) : (
            <Space>
              <span
                className="gc-reading-big"
                style={color ? { color } : undefined}
                data-testid="detail-value"
              >
                {valueText(reading, options.unit)}
              </span>
              <ClassificationTag reading={reading} />
            </Space>
          )}
        </Descriptions.Item>
        {reading.testValue === null ? (
          <Descriptions.Item
            label={t(reading.rejectReason ? 'measurements.field.rejectReason' : 'measurements.field.cause')}
          >
            {reasonNotTested(reading)}
          </Descriptions.Item>
        ) : reading.enteredUnit && reading.enteredUnit !== options.unit.code ? (
          <Descriptions.Item label={t('measurements.field.entered')}>
            {`${reading.enteredValue} ${options.units.find((u) => u.code === reading.enteredUnit)?.name ?? reading.enteredUnit}`}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('measurements.field.period')}>
          {reading.periodName ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('measurements.field.testTime')}>
          <Space wrap>
            {dateTimeInZone(reading.testTime, options.timeZone)}
            <TimingTags reading={reading} timeZone={options.timeZone} />
          </Space>
        </Descriptions.Item>
        {reading.windowReason ? (
          <Descriptions.Item label={t('measurements.field.windowReason')}>
            <span data-testid="detail-window-reason">{reading.windowReason}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('measurements.field.tester')}>
          {reading.testUser ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('measurements.field.note')}>{reading.note || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('measurements.field.source')}>
          {t(`measurements.source.${reading.source}`)}
          {reading.deviceSerial ? ` · ${reading.deviceSerial} #${reading.deviceRecordNo}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('measurements.field.status')}>
          <Space wrap>
            <StatusTag reading={reading} />
            {approved
              ? t('measurements.detail.approvedBy', {
                  name: reading.approvedBy ?? t('measurements.detail.automatic'),
                  time: dateTimeInZone(reading.approvedAt, options.timeZone),
                })
              : null}
          </Space>
        </Descriptions.Item>
        {deleted ? (
          <Descriptions.Item label={t('measurements.field.deleted')}>
            {`${dateTimeInZone(reading.deletedAt, options.timeZone)} · ${reading.deleteReason ?? ''}`}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Modal>
  );
}
