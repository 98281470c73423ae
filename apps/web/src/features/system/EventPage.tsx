import { DeleteOutlined, EditOutlined, PlusOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
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
  Typography,
  Upload,
} from 'antd';
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
import type { ListPageResult, PageQuery } from '../../components/list-page/fetch-all';
import { ListPage, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { confirmDelete, updatedAtColumn } from '../../components/list-page/row-parts';
import { MasterDetail } from '../../components/MasterDetail';
import {
  type CodedNameValues,
  codedNameValuesOf,
  NameFields,
  type NameValues,
  namesInput,
  nameValuesOf,
  shownName,
} from '../../components/names';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
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
  const edit = useEditForm(record, findEvent, codedNameValuesOf);
  const shape = gluEventCreateSchema.shape;
  return (
    <DialogForm<GluEvent, CodedNameValues, GluEvent>
      edit={edit}
      title={record ? t('gluEvent.editTitle') : t('gluEvent.createTitle')}
      width={520}
      initialValues={record ? codedNameValuesOf(record) : { sort: 0 }}
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

/** The items list's name (its reload after a change). */
const ITEM_LIST = 'gluEventItems';

/** The items of one event, as a list page: they come with the events, all of them at once. */
async function fetchEventItems(
  query: PageQuery<{ eventId: number }>,
  signal?: AbortSignal,
): Promise<ListPageResult<GluEventItem>> {
  const items =
    (await fetchGluEvents(false, signal)).find((event) => event.id === query.eventId)?.items ?? [];
  const from = (query.page - 1) * query.size;
  return { records: items.slice(from, from + query.size), total: items.length };
}

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
  const reloadItems = useListReload(ITEM_LIST);
  // the events' item counts and the items list both change with an item
  const refreshEvents = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  const refresh = () => {
    refreshEvents();
    reloadItems();
  };

  // the first event is chosen once the list is there, and again when the chosen one goes
  useEffect(() => {
    const list = query.data;
    if (!list) return;
    setSelectedId((current) =>
      current !== null && list.some((event) => event.id === current) ? current : (list[0]?.id ?? null),
    );
  }, [query.data]);

  const removeEvent = async (event: GluEvent) => {
    // 409 while it has items: the server says to delete them first
    const outcome = await confirmDelete(t('gluEvent.deleteConfirm', { name: shownName(event) }), () =>
      deleteGluEvent(event.id, event.version),
    );
    if (outcome !== 'cancelled') refresh();
  };

  const iconCell = (item: GluEventItem) => (
    <ApiImage
      path={item.hasIcon ? item.iconUrl : null}
      alt={t('gluEvent.iconOf', { name: shownName(item) })}
      size={28}
      testId="item-icon"
    />
  );
  const nameCell = (item: GluEventItem) => (
    <span className={item.isActive ? undefined : 'gc-muted'}>{shownName(item)}</span>
  );

  const columns: ProColumns<GluEventItem>[] = mobile
    ? [
        { title: t('gluEvent.icon'), key: 'icon', width: 48, render: (_, item) => iconCell(item) },
        {
          title: t('gluEvent.itemName'),
          key: 'name',
          render: (_, item) => (
            <div>
              <div>{nameCell(item)}</div>
              <div className="gc-secondary">
                {item.code} · {t('common.sort')} {item.sort}
              </div>
            </div>
          ),
        },
        { ...STATUS_COLUMN },
      ]
    : [
        { title: t('gluEvent.icon'), key: 'icon', width: 64, render: (_, item) => iconCell(item) },
        { title: t('gluEvent.itemCode'), dataIndex: 'code', width: 120 },
        { title: t('gluEvent.itemName'), dataIndex: 'name', render: (_, item) => nameCell(item) },
        { title: t('common.sort'), dataIndex: 'sort', width: 90 },
        { ...STATUS_COLUMN },
        updatedAtColumn<GluEventItem>(t),
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
      <MasterDetail
        master={eventPicker}
        chosen={selected && { name: shownName(selected), code: selected.code }}
        emptyTitle={t('gluEvent.items')}
        titleTestId="event-title"
        actions={eventActions}
      >
        <ListPage<GluEventItem, { eventId: number }>
          name={ITEM_LIST}
          columnsKey="gc-columns-glu-event-items"
          columns={columns}
          request={fetchEventItems}
          filterOf={() => (selectedId === null ? null : { eventId: selectedId })}
          enabled={selectedId !== null}
          texts={{
            empty: selected ? t('gluEvent.noItems') : t('gluEvent.emptyHint'),
            loadFailed: t('gluEvent.loadFailed'),
          }}
          status={{
            change: (item, isActive) => setGluEventItemStatus(item.id, isActive, item.version),
            editable: canEdit,
            nameOf: shownName,
          }}
          rowActions={{
            edit: canEdit
              ? (item) => selected && setEditing({ kind: 'item', event: selected, record: item })
              : undefined,
            remove: canDelete
              ? {
                  question: (item) => t('gluEvent.deleteItemConfirm', { name: shownName(item) }),
                  run: (item) => deleteGluEventItem(item.id, item.version),
                }
              : undefined,
          }}
          onChanged={refreshEvents}
          search={false}
          tableOptions={false}
          fitsPhone
        />
      </MasterDetail>
      {editing?.kind === 'event' ? (
        <EventForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setSelectedId(saved.id);
            refresh();
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
            refresh();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
