import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConsultationDetail,
  consultationKeys,
  fetchConsultationDetail,
  finishConsultation,
  replyToConsultation,
} from '../../api/consultations';
import { errorText } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { useDevice } from '../../app/preferences';
import { confirmAction } from '../../components/confirm';
import { handleSaveError } from '../../components/form-errors';
import { dateTimeInZone } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { GlucoseValue } from '../patients/parts';
import { StatusTag, UrgencyTag } from './parts';

type Reading = ConsultationDetail['readings'][number];

/**
 * The detail of a consultation in a drawer: the patient in brief with the last 3 days' glucose, the
 * request, the thread, and (when the caller may) the reply box with the suggestion picker, complete
 * with the record and close with a reason, each after a confirmation. Opening it marks it read.
 */
export function ConsultationDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...consultationKeys.detail(id ?? 0), currentLang()],
    queryFn: ({ signal }) => fetchConsultationDetail(id!, signal),
    enabled: id !== null,
  });
  // opening marks it read: the badges count again
  useEffect(() => {
    if (query.dataUpdatedAt) void client.invalidateQueries({ queryKey: consultationKeys.unread });
  }, [query.dataUpdatedAt, client]);
  const changed = () => {
    void client.invalidateQueries({ queryKey: consultationKeys.all });
    onChanged?.();
  };
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 760}
      title={t('consultations.detail.title')}
      destroyOnHidden
      data-testid="consultation-drawer"
    >
      {query.isError ? (
        <LoadError
          title={t('consultations.detail.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => query.refetch()}
        />
      ) : !query.data ? (
        <Skeleton active />
      ) : (
        <DetailBody detail={query.data} onChanged={changed} />
      )}
    </Drawer>
  );
}

function DetailBody({ detail, onChanged }: { detail: ConsultationDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const c = detail.consultation;
  const p = detail.patient;
  const readingColumns = [
    {
      title: t('measurements.field.testTime'),
      dataIndex: 'testTime',
      render: (value: string) => <span className="gc-nowrap">{dateTimeInZone(value, detail.timeZone)}</span>,
    },
    { title: t('measurements.field.period'), dataIndex: 'periodName' },
    {
      title: t('patients.tab.glucose'),
      dataIndex: 'testValue',
      render: (_: unknown, row: Reading) =>
        row.testValue === null ? (row.untestedReasonName ?? '') : <GlucoseValue reading={row as never} />,
    },
  ];
  return (
    <div className="gc-consult-detail" data-status={c.status}>
      <section>
        <h4>{t('consultations.detail.patient')}</h4>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3, lg: 3, xl: 3, xxl: 3 }}
          data-testid="consultation-patient"
        >
          <Descriptions.Item label={t('consultations.field.patient')}>{p.name}</Descriptions.Item>
          <Descriptions.Item label={t('consultations.detail.gender')}>
            {t(`consultations.gender.${p.gender === 'male' || p.gender === 'female' ? p.gender : 'unknown'}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('consultations.detail.age')}>{p.age ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('consultations.field.bed')}>{p.bed ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('consultations.detail.ward')}>{p.departmentName}</Descriptions.Item>
          <Descriptions.Item label={t('consultations.field.inpatientNumber')}>
            {p.inpatientNumber ?? '—'}
          </Descriptions.Item>
          {p.diagnosis ? (
            <Descriptions.Item label={t('consultations.detail.diagnosis')}>{p.diagnosis}</Descriptions.Item>
          ) : null}
        </Descriptions>
        <h5>{t('consultations.detail.readings')}</h5>
        <Table<Reading>
          size="small"
          rowKey="id"
          columns={readingColumns}
          dataSource={detail.readings}
          pagination={false}
          scroll={{ y: 200 }}
          locale={{ emptyText: t('consultations.detail.noReadings') }}
          data-testid="consultation-readings"
        />
      </section>
      <section>
        <h4>
          {t('consultations.detail.request')} <StatusTag row={c} /> <UrgencyTag row={c} />
          {c.source === 'auto' ? <Tag color="purple">{c.sourceName}</Tag> : null}
        </h4>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}>
          <Descriptions.Item label={t('consultations.field.requestDepartment')}>
            {c.requestDepartmentName}
          </Descriptions.Item>
          <Descriptions.Item label={t('consultations.field.requestDoctor')}>
            {c.requestDoctorName ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('consultations.field.consultDepartment')}>
            {c.consultDepartmentName}
          </Descriptions.Item>
          <Descriptions.Item label={t('consultations.field.consultDoctor')}>
            {c.consultDoctorName ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('consultations.field.requestedAt')}>
            {dateTimeInZone(c.requestedAt, detail.timeZone)}
          </Descriptions.Item>
        </Descriptions>
        <p className="gc-consult-text" data-testid="consultation-description">
          {c.description}
        </p>
        {c.status === 'completed' ? (
          <Alert
            type="success"
            message={`${t('consultations.field.record')} · ${c.finishedByName ?? ''} · ${dateTimeInZone(c.finishedAt!, detail.timeZone)}`}
            description={<span className="gc-consult-text">{c.record}</span>}
            data-testid="consultation-record"
          />
        ) : null}
        {c.status === 'closed' ? (
          <Alert
            type="info"
            message={`${t('consultations.field.closeReason')} · ${c.finishedByName ?? ''} · ${dateTimeInZone(c.finishedAt!, detail.timeZone)}`}
            description={<span className="gc-consult-text">{c.closeReason}</span>}
            data-testid="consultation-close-reason"
          />
        ) : null}
      </section>
      <section>
        <h4>{t('consultations.detail.thread')}</h4>
        {detail.replies.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('consultations.detail.noReplies')} />
        ) : (
          <ol className="gc-consult-thread" data-testid="consultation-thread">
            {detail.replies.map((reply) => (
              <li key={reply.id}>
                <div className="gc-consult-reply-head">
                  <strong>{reply.authorName}</strong>
                  {reply.authorDepartmentName ? ` · ${reply.authorDepartmentName}` : ''}
                  <span className="gc-consult-reply-time">
                    {dateTimeInZone(reply.createdAt, detail.timeZone)}
                  </span>
                </div>
                {reply.suggestions.length ? (
                  <div>
                    {reply.suggestions.map((s) => (
                      <Tag key={s.id} color="blue">
                        {s.name}
                      </Tag>
                    ))}
                  </div>
                ) : null}
                {reply.text ? <p className="gc-consult-text">{reply.text}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      {detail.canReply ? <ReplyBox detail={detail} onChanged={onChanged} /> : null}
    </div>
  );
}

function ReplyBox({ detail, onChanged }: { detail: ConsultationDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text?: string; suggestionIds?: number[] }>();
  const [finishing, setFinishing] = useState<'complete' | 'close' | null>(null);
  const reply = useMutation({
    mutationFn: (values: { text?: string; suggestionIds?: number[] }) =>
      replyToConsultation({
        id: detail.consultation.id,
        text: values.text || null,
        suggestionIds: values.suggestionIds ?? [],
      }),
    onSuccess: () => {
      toastSuccess(t('consultations.reply.sent'));
      form.resetFields();
      onChanged();
    },
    onError: (error) => handleSaveError(form, error),
  });
  return (
    <section className="gc-consult-reply" data-testid="consultation-reply">
      <Form form={form} layout="vertical" onFinish={(values) => reply.mutate(values)}>
        <Form.Item name="suggestionIds" label={t('consultations.reply.suggestions')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            placeholder={t('consultations.reply.suggestionsPlaceholder')}
            options={detail.suggestions.map((s) => ({ value: s.id, label: s.title, title: s.content }))}
            data-testid="consultation-suggestions"
          />
        </Form.Item>
        <Form.Item name="text" label={t('consultations.reply.text')}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            showCount
            placeholder={t('consultations.reply.placeholder')}
            data-testid="consultation-reply-text"
          />
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            loading={reply.isPending}
            data-testid="consultation-reply-send"
          >
            {t('consultations.reply.send')}
          </Button>
          {detail.canFinish ? (
            <>
              <Button onClick={() => setFinishing('complete')} data-testid="consultation-complete">
                {t('consultations.finish.complete')}
              </Button>
              <Button danger onClick={() => setFinishing('close')} data-testid="consultation-close">
                {t('consultations.finish.close')}
              </Button>
            </>
          ) : null}
        </Space>
      </Form>
      {finishing ? (
        <FinishDialog
          detail={detail}
          action={finishing}
          onClose={() => setFinishing(null)}
          onFinished={() => {
            setFinishing(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

function FinishDialog({
  detail,
  action,
  onClose,
  onFinished,
}: {
  detail: ConsultationDetail;
  action: 'complete' | 'close';
  onClose: () => void;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  const [conflict, setConflict] = useState<string | null>(null);
  const field = action === 'complete' ? 'record' : 'reason';
  const finish = useMutation({
    mutationFn: (text: string) =>
      finishConsultation({
        id: detail.consultation.id,
        version: detail.consultation.version,
        action,
        [field]: text,
      }),
    onSuccess: () => {
      toastSuccess(
        t(action === 'complete' ? 'consultations.finish.completed' : 'consultations.finish.closed'),
      );
      onFinished();
    },
    onError: (error) =>
      handleSaveError(form, error, { fieldMap: { [field]: 'text' }, onConflict: setConflict }),
  });
  const submit = async () => {
    const { text } = await form.validateFields();
    const sure = await confirmAction({
      content: t(
        action === 'complete' ? 'consultations.finish.confirmComplete' : 'consultations.finish.confirmClose',
      ),
      danger: action === 'close',
    });
    if (sure) finish.mutate(text);
  };
  return (
    <Modal
      open
      title={t(
        action === 'complete' ? 'consultations.finish.completeTitle' : 'consultations.finish.closeTitle',
      )}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t(action === 'complete' ? 'consultations.finish.complete' : 'consultations.finish.close')}
      okButtonProps={
        {
          danger: action === 'close',
          loading: finish.isPending,
          'data-testid': 'consultation-finish-ok',
        } as never
      }
      destroyOnHidden
    >
      {conflict ? <Alert type="warning" showIcon message={conflict} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="text"
          label={t(action === 'complete' ? 'consultations.field.record' : 'consultations.field.closeReason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t(
                action === 'complete'
                  ? 'consultations.finish.recordPlaceholder'
                  : 'consultations.finish.reasonPlaceholder',
              ),
            },
          ]}
        >
          <Input.TextArea
            rows={action === 'complete' ? 6 : 3}
            maxLength={action === 'complete' ? 4000 : 200}
            showCount
            placeholder={t(
              action === 'complete'
                ? 'consultations.finish.recordPlaceholder'
                : 'consultations.finish.reasonPlaceholder',
            )}
            data-testid="consultation-finish-text"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
