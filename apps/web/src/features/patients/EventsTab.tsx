import { PlusOutlined } from '@ant-design/icons';
import { INPATIENT_LIMITS, patientGluEventSaveSchema } from '@glucocare/domain/patients';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGluEvents } from '../../api/catalogues';
import { errorText } from '../../api/http';
import {
  deletePatientEvent,
  fetchPatientEvents,
  type PatientGluEvent,
  savePatientEvent,
} from '../../api/patients';
import { ApiImage } from '../../components/ApiImage';
import { zodRule } from '../../components/form-rules';
import { dateTimeInZone, hospitalNow } from '../../components/format';
import { confirmDelete } from '../../components/list-page/row-parts';
import { shownLinkedName, shownName } from '../../components/names';
import { LoadError, TableEmpty } from '../../components/PageWrapper';
import { DateTimeInput, dateRule, PatientModalForm } from './form-parts';
import { patientKeys } from './parts';
import { type DateValue, isoOf } from './patient-form';

interface EventValues {
  eventId?: number;
  itemId?: number | null;
  occurredAt?: DateValue | null;
  note?: string;
}

const PAGE_SIZE = 10;

/** Recording a glucose event (meal, exercise, …) of the patient: event, option, time, note. */
function EventForm({
  patientId,
  onClose,
  onSaved,
}: {
  patientId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EventValues>();
  const events = useQuery({
    queryKey: ['gluEvents', 'active'],
    queryFn: ({ signal }) => fetchGluEvents(true, signal),
    staleTime: 60_000,
  });
  const eventId = Form.useWatch('eventId', form);
  const items = events.data?.find((event) => event.id === eventId)?.items ?? [];
  const shape = patientGluEventSaveSchema.shape;
  return (
    <PatientModalForm<EventValues, unknown>
      form={form}
      title={t('patients.events.add')}
      width={520}
      initialValues={{ occurredAt: hospitalNow().second(0) }}
      save={(values) =>
        savePatientEvent({
          patientId,
          eventId: values.eventId as number,
          itemId: values.itemId ?? null,
          occurredAt: values.occurredAt ? isoOf(values.occurredAt) : '',
          note: values.note?.trim() || null,
        })
      }
      successText={() => t('common.saved')}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="eventId" label={t('patients.events.event')} rules={[zodRule(shape.eventId)]} required>
        <Select
          loading={events.isLoading}
          options={(events.data ?? []).map((event) => ({ value: event.id, label: shownName(event) }))}
          onChange={() => form.setFieldValue('itemId', null)}
          notFoundContent={t('patients.events.noEvents')}
          data-testid="event-select"
        />
      </Form.Item>
      <Form.Item name="itemId" label={t('patients.events.item')}>
        <Select
          allowClear
          disabled={!items.length}
          options={items.map((item) => ({ value: item.id, label: shownName(item) }))}
          data-testid="event-item-select"
        />
      </Form.Item>
      <Form.Item
        name="occurredAt"
        label={t('patients.events.time')}
        rules={[dateRule(shape.occurredAt, 'dateTime')]}
        required
      >
        <DateTimeInput />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('patients.events.note')}
        rules={[zodRule(shape.note, { optional: true })]}
      >
        <Input.TextArea rows={2} maxLength={INPATIENT_LIMITS.eventNote.max} showCount />
      </Form.Item>
    </PatientModalForm>
  );
}

/** The glucose events tab: the patient's events, newest first, with add and delete. */
export function EventsTab({ patientId, canEdit }: { patientId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const query = useQuery({
    queryKey: patientKeys.events(patientId, page),
    queryFn: ({ signal }) => fetchPatientEvents(patientId, page, PAGE_SIZE, signal),
    meta: { silent: true },
  });
  const columns: ColumnsType<PatientGluEvent> = [
    {
      title: t('patients.events.time'),
      dataIndex: 'occurredAt',
      width: 170,
      render: (value: string) => <span className="gc-nowrap">{dateTimeInZone(value)}</span>,
    },
    {
      title: t('patients.events.event'),
      dataIndex: 'eventName',
      render: (_: unknown, row) => {
        const item = shownLinkedName(row, 'item');
        return (
          <span className="gc-nowrap" data-testid="patient-event-name">
            {row.iconUrl ? <ApiImage path={row.iconUrl} alt={item} size={20} /> : null}{' '}
            {[shownLinkedName(row, 'event'), item].filter(Boolean).join(' · ')}
          </span>
        );
      },
    },
    { title: t('patients.events.note'), dataIndex: 'note', render: (value: string | null) => value ?? '—' },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 90,
            render: (_: unknown, row: PatientGluEvent) => (
              <Button
                type="link"
                size="small"
                danger
                data-testid="event-delete"
                onClick={async () => {
                  const outcome = await confirmDelete(t('patients.events.deleteConfirm'), () =>
                    deletePatientEvent(row.id),
                  );
                  if (outcome !== 'cancelled') void query.refetch();
                }}
              >
                {t('common.delete')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="gc-patient-tab-card" data-testid="events-tab">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        {canEdit ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="event-add"
          >
            {t('patients.events.add')}
          </Button>
        ) : null}
      </div>
      {query.isError ? (
        <LoadError
          title={t('patients.events.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Table<PatientGluEvent>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          columns={columns}
          dataSource={query.data?.records ?? []}
          locale={{ emptyText: <TableEmpty text={t('patients.events.empty')} /> }}
          scroll={{ x: 520 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
        />
      )}
      {adding ? (
        <EventForm
          patientId={patientId}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            setPage(1);
            void query.refetch();
          }}
        />
      ) : null}
    </div>
  );
}
