import { DeleteOutlined, EditOutlined, PlusOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CATALOGUE_LIMITS,
  gluEventCreateSchema,
  gluEventItemSaveSchema,
  PERMISSIONS,
  svgIconSchema,
} from '@glucocare/domain/admin';
import { checkUpload, NAME_REQUIRED, SETTING_LIMITS } from '@glucocare/domain/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  type FormInstance,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createGluEvent,
  deleteGluEvent,
  deleteGluEventItem,
  fetchGluEvents,
  type GluEvent,
  type GluEventItem,
  saveGluEventItem,
  setGluEventItemStatus,
  updateGluEvent,
} from '../../api/catalogues';
import { errorText } from '../../api/http';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { ApiImage, TextImage } from '../../components/ApiImage';
import { CodeField, DialogForm, SortField, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { confirmDelete, RowStatusSwitch, useStatusToggle } from '../../components/list-page/row-parts';
import { NameFields, type NameValues, namesInput, nameValuesOf, shownName } from '../../components/names';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { msg } from '../../i18n';
import { SideList } from './SideList';

export const EVENT_PERMISSIONS = PERMISSIONS.system.glucoseEvents;

const eventKeys = { all: ['glu', 'events'] as const };

async function latestEvents(): Promise<GluEvent[]> {
  return fetchGluEvents(false);
}

// ---------- event form ----------

/** A glucose event's or item's names: Chinese as §5's setting names, English with twice the room. */
const EVENT_NAME_LIMITS = { zh: SETTING_LIMITS.name, en: CATALOGUE_LIMITS.settingNameEn };

interface EventValues extends NameValues {
  code: string;
  sort?: number | null;
}

const eventValuesOf = (event: GluEvent): EventValues => ({
  code: event.code,
  ...nameValuesOf(event),
  sort: event.sort,
});

async function findEvent(base: GluEvent): Promise<GluEvent | null> {
  return (await latestEvents()).find((event) => event.id === base.id) ?? null;
}

function EventForm({
  record,
  onClose,
  onSaved,
}: {
  record: GluEvent | null;
  onClose: () => void;
  onSaved: (event: GluEvent) => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findEvent, eventValuesOf);
  const shape = gluEventCreateSchema.shape;
  return (
    <DialogForm<GluEvent, EventValues, GluEvent>
      edit={edit}
      title={record ? t('gluEvent.editTitle') : t('gluEvent.createTitle')}
      width={520}
      initialValues={record ? eventValuesOf(record) : { sort: 0 }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = { code: values.code.trim(), ...namesInput(values), sort: values.sort ?? 0 };
        return base
          ? updateGluEvent({ ...input, id: base.id, version: base.version })
          : createGluEvent(input);
      }}
      onSaved={onSaved}
    >
      <CodeField label={t('gluEvent.code')} rules={[zodRule(shape.code)]} maxLength={12} />
      <SortField />
      <NameFields fields={shape} limits={EVENT_NAME_LIMITS} requiredKey={NAME_REQUIRED.setting} />
    </DialogForm>
  );
}

// ---------- item form with its icon ----------

/**
 * The icon of an item as the form holds it: SVG text just chosen (sent as `icon`), null to remove the
 * current one, undefined to keep it (left out of the body).
 */
type IconValue = string | null | undefined;

/**
 * Chooses an SVG file for an item: `.svg` only and at most 2 MB, checked here with the domain's
 * `checkUpload` before anything is read; the file's text becomes the field's value (nothing is
 * uploaded on its own: the text goes in the item body). The preview draws the SVG in an `<img>`.
 */
function IconField({
  value,
  onChange,
  currentUrl,
  onProblem,
}: {
  value?: IconValue;
  onChange?: (value: IconValue) => void;
  currentUrl: string | null;
  onProblem: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState<string | null>(null);
  const showsCurrent = value === undefined && !!currentUrl;
  const hasIcon = typeof value === 'string' || showsCurrent;
  return (
    <div className="gc-icon-field">
      <div className="gc-icon-preview" data-testid="icon-preview">
        {typeof value === 'string' ? (
          <TextImage text={value} alt={fileName ?? t('gluEvent.icon')} size={56} testId="icon-preview-new" />
        ) : showsCurrent ? (
          <ApiImage path={currentUrl} alt={t('gluEvent.icon')} size={56} testId="icon-preview-current" />
        ) : (
          <span className="gc-icon-empty">
            {value === null ? t('gluEvent.iconRemoved') : t('gluEvent.noIcon')}
          </span>
        )}
      </div>
      <div className="gc-icon-actions">
        <Space wrap size={[8, 4]}>
          <span data-testid="icon-upload">
            <Upload
              accept=".svg,image/svg+xml"
              showUploadList={false}
              maxCount={1}
              beforeUpload={async (file) => {
                const problem = checkUpload(
                  { fileName: file.name, mimeType: file.type, size: file.size },
                  'icon',
                );
                if (problem) {
                  onProblem(msg(problem));
                  return Upload.LIST_IGNORE;
                }
                try {
                  const text = await file.text();
                  setFileName(file.name);
                  onChange?.(text);
                  onProblem(null);
                } catch {
                  onProblem(t('gluEvent.iconReadFailed'));
                }
                // never sent on its own: the text travels in the item body
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />}>
                {hasIcon ? t('gluEvent.replaceIcon') : t('gluEvent.uploadIcon')}
              </Button>
            </Upload>
          </span>
          {hasIcon ? (
            <Button
              type="link"
              danger
              icon={<DeleteOutlined />}
              data-testid="icon-remove"
              onClick={() => {
                setFileName(null);
                onProblem(null);
                onChange?.(currentUrl ? null : undefined);
              }}
            >
              {t('gluEvent.removeIcon')}
            </Button>
          ) : null}
          {value !== undefined && currentUrl ? (
            <Button
              type="link"
              icon={<UndoOutlined />}
              data-testid="icon-keep"
              onClick={() => {
                setFileName(null);
                onProblem(null);
                onChange?.(undefined);
              }}
            >
              {t('gluEvent.keepIcon')}
            </Button>
          ) : null}
        </Space>
        {fileName && typeof value === 'string' ? (
          <Typography.Text type="secondary" className="gc-block" data-testid="icon-file-name">
            {fileName}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
}

interface ItemValues extends NameValues {
  code: string;
  sort?: number | null;
  isActive: boolean;
  icon?: IconValue;
}

const itemValuesOf = (item: GluEventItem): ItemValues => ({
  code: item.code,
  ...nameValuesOf(item),
  sort: item.sort,
  isActive: item.isActive,
  icon: undefined,
});

function setIconProblem(form: FormInstance<ItemValues>, message: string | null) {
  form.setFields([{ name: 'icon', errors: message ? [message] : [] }]);
}

async function findItem(base: GluEventItem): Promise<GluEventItem | null> {
  return (await latestEvents()).flatMap((event) => event.items).find((item) => item.id === base.id) ?? null;
}

function ItemForm({
  event,
  record,
  onClose,
  onSaved,
}: {
  event: GluEvent;
  record: GluEventItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findItem, itemValuesOf);
  const { form, base } = edit;
  const shape = gluEventItemSaveSchema.shape;
  return (
    <DialogForm<GluEventItem, ItemValues>
      edit={edit}
      title={
        record
          ? t('gluEvent.editItemTitle', { event: shownName(event) })
          : t('gluEvent.createItemTitle', { event: shownName(event) })
      }
      width={560}
      initialValues={record ? itemValuesOf(record) : { sort: 0, isActive: true, icon: undefined }}
      conflictField="code"
      onClose={onClose}
      save={(values, current) => {
        const input = {
          eventId: event.id,
          code: values.code.trim(),
          ...namesInput(values),
          sort: values.sort ?? 0,
          isActive: !!values.isActive,
          // read from the form itself: the submitted values leave out null (ProForm `omitNil`), and
          // null is what removes the icon; undefined is left out of the body and keeps it
          icon: form.getFieldValue('icon') as IconValue,
        };
        return saveGluEventItem(current ? { ...input, id: current.id, version: current.version } : input);
      }}
      onSaved={onSaved}
    >
      <CodeField label={t('gluEvent.itemCode')} rules={[zodRule(shape.code)]} maxLength={12} />
      <SortField />
      <NameFields fields={shape} limits={EVENT_NAME_LIMITS} requiredKey={NAME_REQUIRED.setting} />
      <Col xs={12}>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name="icon"
          label={t('gluEvent.icon')}
          extra={t('gluEvent.iconHint')}
          rules={[zodRule(svgIconSchema, { optional: true })]}
        >
          <IconField
            currentUrl={base?.hasIcon ? base.iconUrl : null}
            onProblem={(message) => setIconProblem(form, message)}
          />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

// ---------- the page ----------

type Editing =
  | { kind: 'event'; record: GluEvent | null }
  | { kind: 'item'; event: GluEvent; record: GluEventItem | null }
  | null;

/** `/system/event`: glucose events and their items, with SVG icons and enable / stop. */
export default function EventPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const canEdit = usePermission(EVENT_PERMISSIONS.edit);
  const canDelete = usePermission(EVENT_PERMISSIONS.delete);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const query = useQuery({
    queryKey: eventKeys.all,
    queryFn: ({ signal }) => fetchGluEvents(false, signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const events = query.data ?? [];
  const selected = events.find((event) => event.id === selectedId) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventKeys.all });

  // the first event is chosen once the list is there, and again when the chosen one goes
  useEffect(() => {
    const list = query.data;
    if (!list) return;
    setSelectedId((current) =>
      current !== null && list.some((event) => event.id === current) ? current : (list[0]?.id ?? null),
    );
  }, [query.data]);

  const status = useStatusToggle<GluEventItem>(
    (row, isActive) => setGluEventItemStatus(row.id, isActive, row.version),
    () => void refresh(),
    shownName,
  );

  const removeEvent = async (event: GluEvent) => {
    // 409 while it has items: the server says to delete them first
    const outcome = await confirmDelete(t('gluEvent.deleteConfirm', { name: shownName(event) }), () =>
      deleteGluEvent(event.id, event.version),
    );
    if (outcome !== 'cancelled') await refresh();
  };

  const removeItem = async (item: GluEventItem) => {
    const outcome = await confirmDelete(t('gluEvent.deleteItemConfirm', { name: shownName(item) }), () =>
      deleteGluEventItem(item.id, item.version),
    );
    if (outcome !== 'cancelled') await refresh();
  };

  const iconCell = (item: GluEventItem) => (
    <ApiImage
      path={item.hasIcon ? item.iconUrl : null}
      alt={t('gluEvent.iconOf', { name: shownName(item) })}
      size={28}
      testId="item-icon"
    />
  );
  const itemButtons = (item: GluEventItem) => (
    <span className="gc-row-actions">
      {canEdit ? (
        <Button
          type="link"
          size="small"
          data-testid="row-edit"
          onClick={() => selected && setEditing({ kind: 'item', event: selected, record: item })}
        >
          {t('common.edit')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          type="link"
          size="small"
          danger
          data-testid="row-delete"
          onClick={() => void removeItem(item)}
        >
          {t('common.delete')}
        </Button>
      ) : null}
    </span>
  );
  const statusCell = (item: GluEventItem) => (
    <RowStatusSwitch
      checked={item.isActive}
      loading={status.busy === item.id}
      disabled={!canEdit}
      onChange={(checked) => void status.toggle(item, checked)}
    />
  );

  const columns: ColumnsType<GluEventItem> = mobile
    ? [
        { title: t('gluEvent.icon'), key: 'icon', width: 48, render: (_, item) => iconCell(item) },
        {
          title: t('gluEvent.itemName'),
          key: 'name',
          render: (_, item) => (
            <div>
              <div className={item.isActive ? undefined : 'gc-muted'}>{shownName(item)}</div>
              <div className="gc-secondary">
                {item.code} · {t('common.sort')} {item.sort}
              </div>
            </div>
          ),
        },
        {
          title: t('common.status'),
          key: 'status',
          render: (_, item) => (
            <div className="gc-stack">
              {statusCell(item)}
              {canEdit || canDelete ? itemButtons(item) : null}
            </div>
          ),
        },
      ]
    : [
        { title: t('gluEvent.icon'), key: 'icon', width: 64, render: (_, item) => iconCell(item) },
        { title: t('gluEvent.itemCode'), dataIndex: 'code', width: 120 },
        {
          title: t('gluEvent.itemName'),
          dataIndex: 'name',
          render: (_, item) => (
            <span className={item.isActive ? undefined : 'gc-muted'}>{shownName(item)}</span>
          ),
        },
        { title: t('common.sort'), dataIndex: 'sort', width: 90 },
        { title: t('common.status'), key: 'status', width: 110, render: (_, item) => statusCell(item) },
        {
          title: t('common.updatedAt'),
          dataIndex: 'updatedAt',
          width: 170,
          render: (value: string) => <span className="gc-nowrap">{formatDateTime(value)}</span>,
        },
        ...(canEdit || canDelete
          ? [
              {
                title: t('common.actions'),
                key: 'actions',
                width: 130,
                render: (_: unknown, item: GluEventItem) => itemButtons(item),
              },
            ]
          : []),
      ];

  const createEventButton = canEdit ? (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      data-testid="event-create"
      onClick={() => setEditing({ kind: 'event', record: null })}
    >
      {t('gluEvent.create')}
    </Button>
  ) : null;

  const eventPicker = mobile ? (
    <Select
      className="gc-type-select"
      value={selectedId ?? undefined}
      loading={query.isLoading}
      onChange={setSelectedId}
      placeholder={t('gluEvent.pickEvent')}
      data-testid="event-select"
      aria-label={t('gluEvent.events')}
      options={events.map((event) => ({
        value: event.id,
        label: `${shownName(event)} (${event.items.length})`,
      }))}
    />
  ) : (
    <Card size="small" title={t('gluEvent.events')} className="gc-side-card">
      {query.isLoading ? (
        <Spin className="gc-center-text" />
      ) : events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gluEvent.empty')} />
      ) : (
        <SideList
          entries={events.map((event) => ({
            key: String(event.id),
            name: shownName(event),
            code: event.code,
            count: event.items.length,
          }))}
          selected={selectedId === null ? null : String(selectedId)}
          onSelect={(key) => setSelectedId(Number(key))}
          label={t('gluEvent.events')}
          testId="event-list"
          itemTestId="event-entry"
        />
      )}
    </Card>
  );

  const eventActions = selected ? (
    <Space wrap size={[4, 4]}>
      {canEdit ? (
        <Button
          size="small"
          icon={<EditOutlined />}
          data-testid="event-edit"
          onClick={() => setEditing({ kind: 'event', record: selected })}
        >
          {t('gluEvent.editEvent')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          data-testid="event-delete"
          title={selected.items.length ? t('gluEvent.deleteItemsFirst') : undefined}
          onClick={() => void removeEvent(selected)}
        >
          {t('gluEvent.deleteEvent')}
        </Button>
      ) : null}
      {canEdit ? (
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          data-testid="event-item-create"
          onClick={() => setEditing({ kind: 'item', event: selected, record: null })}
        >
          {t('gluEvent.createItem')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  return (
    <PageWrapper
      title={t('gluEvent.title')}
      description={t('gluEvent.intro')}
      testId="event-page"
      extra={createEventButton}
    >
      {query.isError ? (
        <LoadError
          title={t('gluEvent.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <div className="gc-master-detail">
        <aside className="gc-master">{eventPicker}</aside>
        <section className="gc-detail">
          <Card
            size="small"
            className="gc-detail-card"
            title={
              selected ? (
                <span className="gc-detail-title" data-testid="event-title">
                  {shownName(selected)}
                  <span className="gc-secondary gc-tree-code">{selected.code}</span>
                </span>
              ) : (
                t('gluEvent.items')
              )
            }
            extra={mobile ? null : eventActions}
          >
            {mobile && eventActions ? <div className="gc-panel-toolbar">{eventActions}</div> : null}
            <Table<GluEventItem>
              rowKey="id"
              size={mobile ? 'small' : 'middle'}
              columns={columns}
              dataSource={selected?.items ?? []}
              loading={query.isFetching}
              pagination={false}
              scroll={mobile ? undefined : { x: 'max-content' }}
              locale={{
                emptyText: (
                  <TableEmpty
                    text={
                      query.isError
                        ? t('gluEvent.loadFailed')
                        : selected
                          ? t('gluEvent.noItems')
                          : t('gluEvent.emptyHint')
                    }
                  />
                ),
              }}
            />
          </Card>
        </section>
      </div>
      {editing?.kind === 'event' ? (
        <EventForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setSelectedId(saved.id);
            void refresh();
          }}
        />
      ) : null}
      {editing?.kind === 'item' ? (
        <ItemForm
          event={editing.event}
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
