import { type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  adviceFrequencyCreateSchema,
  CATALOGUE_SETTING_LIMITS,
  orderedTimes,
} from '@glucocare/domain/hospital-settings';
import { Col, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdviceFrequency,
  type AdviceFrequencyFilter,
  type AdviceFrequencyInput,
  createFrequency,
  deleteFrequency,
  fetchFrequencyPage,
  updateFrequency,
} from '../../../api/catalogue-settings';
import { fetchAllPages } from '../../../api/catalogues';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { DialogForm, SortStatusFields, useEditForm } from '../../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../../components/excel';
import { issueParams, zodRule } from '../../../components/form-rules';
import { ExportButton, useExcelExport } from '../../../components/list-page/excel-export';
import { TABLE_PAGINATION } from '../../../components/list-page/ListPage';
import {
  listSearchProps,
  rowActionsColumn,
  usePagedList,
  withoutActions,
} from '../../../components/list-page/legacy-table';
import {
  activeFilterOf,
  CreateButton,
  confirmDelete,
  RowStatusSwitch,
  statusValueEnum,
  updatedAtColumn,
  useStatusToggle,
} from '../../../components/list-page/row-parts';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { currentLang, msgOrText } from '../../../i18n';
import { CATALOGUE_EDIT } from './permissions';

interface SearchParams {
  queryCondition?: string;
  qStatus?: 'true' | 'false';
}

interface Values {
  code: string;
  name: string;
  frequency: string;
  timesPerDay?: number | null;
  executeTimes?: string[];
  sort?: number | null;
  isActive: boolean;
}

/** Round times offered in the picker; any other HH:mm can be typed. */
const HOURLY = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

const valuesOf = (row: AdviceFrequency): Values => ({
  code: row.code,
  name: row.name,
  frequency: row.frequency,
  timesPerDay: row.timesPerDay,
  executeTimes: row.executeTimes,
  sort: row.sort,
  isActive: row.isActive,
});

const inputOf = (values: Values): AdviceFrequencyInput => ({
  code: values.code.trim(),
  name: values.name.trim(),
  frequency: values.frequency.trim(),
  timesPerDay: values.timesPerDay ?? null,
  executeTimes: orderedTimes((values.executeTimes ?? []).map((time) => time.trim())),
  sort: values.sort ?? 0,
  isActive: !!values.isActive,
});

/**
 * The execution times as the server checks them (format, no repeats, as many as the times per day):
 * the whole domain schema runs and its problems on `executeTimes` show here.
 */
const executeTimesRule = ({ getFieldsValue }: { getFieldsValue: () => Values }): RuleObject => ({
  validator: async () => {
    const values = getFieldsValue();
    const result = adviceFrequencyCreateSchema.safeParse({
      code: 'x',
      name: 'x',
      frequency: 'x',
      timesPerDay: values.timesPerDay ?? null,
      executeTimes: (values.executeTimes ?? []).map((time) => time.trim()),
    });
    const issue = result.success
      ? undefined
      : result.error.issues.find((item) => item.path[0] === 'executeTimes');
    if (issue) throw new Error(msgOrText(issue.message, issueParams(issue)));
  },
});

async function findFrequency(base: AdviceFrequency): Promise<AdviceFrequency | null> {
  const page = await fetchFrequencyPage({ queryCondition: base.code, page: 1, size: 100 });
  return page.records.find((row) => row.id === base.id) ?? null;
}

function FrequencyForm({
  record,
  onClose,
  onSaved,
}: {
  record: AdviceFrequency | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findFrequency, valuesOf);
  const shape = adviceFrequencyCreateSchema.shape;
  return (
    <DialogForm<AdviceFrequency, Values>
      edit={edit}
      title={
        record ? t('catalogueSettings.frequencies.editTitle') : t('catalogueSettings.frequencies.createTitle')
      }
      width={640}
      initialValues={record ? valuesOf(record) : { sort: 0, isActive: true, executeTimes: [] }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) =>
        base
          ? updateFrequency({ ...inputOf(values), id: base.id, version: base.version })
          : createFrequency(inputOf(values))
      }
      onSaved={onSaved}
    >
      <Col xs={24} sm={8}>
        <Form.Item
          name="code"
          label={t('catalogueSettings.frequencies.code')}
          rules={[zodRule(shape.code)]}
          required
        >
          <Input maxLength={12} autoComplete="off" placeholder="tid" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="name"
          label={t('catalogueSettings.frequencies.name')}
          rules={[zodRule(shape.name)]}
          required
        >
          <Input maxLength={12} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="frequency"
          label={t('catalogueSettings.frequencies.frequency')}
          rules={[zodRule(shape.frequency)]}
          required
        >
          <Input maxLength={CATALOGUE_SETTING_LIMITS.frequency.max} autoComplete="off" placeholder="3/d" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="timesPerDay"
          label={t('catalogueSettings.frequencies.timesPerDay')}
          rules={[zodRule(shape.timesPerDay, { optional: true })]}
          extra={t('catalogueSettings.frequencies.timesPerDayHint')}
        >
          <InputNumber
            min={CATALOGUE_SETTING_LIMITS.timesPerDay.min}
            max={CATALOGUE_SETTING_LIMITS.timesPerDay.max}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={16}>
        <Form.Item
          name="executeTimes"
          label={t('catalogueSettings.frequencies.executeTimes')}
          dependencies={['timesPerDay']}
          rules={[executeTimesRule]}
          extra={t('catalogueSettings.frequencies.executeTimesHint')}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ', '，']}
            options={HOURLY.map((time) => ({ value: time, label: time }))}
            placeholder="08:00"
            data-testid="frequency-times"
          />
        </Form.Item>
      </Col>
      <SortStatusFields sm={8} />
    </DialogForm>
  );
}

/** Advice frequencies tab: qd, bid, tid ... with their times per day and execution times. */
export function FrequenciesTab() {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(CATALOGUE_EDIT);
  const list = usePagedList<AdviceFrequency, AdviceFrequencyFilter>(fetchFrequencyPage);
  const { error, total, reload } = list;
  const [editing, setEditing] = useState<{ record: AdviceFrequency | null } | null>(null);
  const status = useStatusToggle<AdviceFrequency>(
    (row, isActive) =>
      updateFrequency({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
    reload,
  );
  const excel = useExcelExport<AdviceFrequency>({
    fileName: () => t('catalogueSettings.frequencies.exportFileName'),
    sheetName: () => t('catalogueSettings.tabs.frequencies'),
    columns: (): ExcelColumn<AdviceFrequency>[] => [
      { title: t('catalogueSettings.frequencies.code'), dataIndex: 'code' },
      { title: t('catalogueSettings.frequencies.name'), dataIndex: 'name' },
      { title: t('catalogueSettings.frequencies.frequency'), dataIndex: 'frequency' },
      { title: t('catalogueSettings.frequencies.timesPerDay'), dataIndex: 'timesPerDay' },
      {
        title: t('catalogueSettings.frequencies.executeTimes'),
        dataIndex: 'executeTimes',
        render: (times) => (times as string[]).join(', '),
      },
      { title: t('common.sort'), dataIndex: 'sort' },
      {
        title: t('common.status'),
        dataIndex: 'isActive',
        render: (value) => (value ? t('common.enabled') : t('common.disabled')),
      },
    ],
    load: (onProgress) => fetchAllPages(fetchFrequencyPage, list.lastFilter.current, onProgress),
  });
  const remove = async (row: AdviceFrequency) => {
    const outcome = await confirmDelete(
      t('catalogueSettings.frequencies.deleteConfirm', { name: row.name, code: row.code }),
      () => deleteFrequency(row.id, row.version),
    );
    if (outcome === 'deleted') reload();
  };
  const columns: ProColumns<AdviceFrequency>[] = [
    {
      title: t('dictionary.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('catalogueSettings.frequencies.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('common.status'),
      dataIndex: 'qStatus',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all') },
      valueEnum: statusValueEnum(),
    },
    {
      title: t('catalogueSettings.frequencies.code'),
      dataIndex: 'code',
      search: false,
      width: 90,
      render: (_, row) => <code>{row.code}</code>,
    },
    {
      title: t('catalogueSettings.frequencies.name'),
      dataIndex: 'name',
      search: false,
      width: 140,
      render: (_, row) => <span className={row.isActive ? undefined : 'gc-muted'}>{row.name}</span>,
    },
    {
      title: t('catalogueSettings.frequencies.frequency'),
      dataIndex: 'frequency',
      search: false,
      width: 100,
    },
    {
      title: t('catalogueSettings.frequencies.timesPerDay'),
      dataIndex: 'timesPerDay',
      search: false,
      width: 90,
      render: (_, row) => row.timesPerDay ?? t('common.none'),
    },
    {
      title: t('catalogueSettings.frequencies.executeTimes'),
      dataIndex: 'executeTimes',
      search: false,
      width: 220,
      render: (_, row) =>
        row.executeTimes.length ? (
          <Space size={[4, 4]} wrap>
            {row.executeTimes.map((time) => (
              <Tag key={time} bordered={false}>
                {time}
              </Tag>
            ))}
          </Space>
        ) : (
          <span className="gc-muted">{t('catalogueSettings.frequencies.noTimes')}</span>
        ),
    },
    { title: t('common.sort'), dataIndex: 'sort', search: false, width: 80 },
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      search: false,
      width: 110,
      render: (_, row) => (
        <RowStatusSwitch
          checked={row.isActive}
          loading={status.busy === row.id}
          disabled={!canEdit}
          onChange={(checked) => void status.toggle(row, checked)}
        />
      ),
    },
    updatedAtColumn<AdviceFrequency>(t),
    rowActionsColumn<AdviceFrequency>({
      t,
      mobile,
      lang,
      canEdit,
      canDelete: canEdit,
      onEdit: (row) => setEditing({ record: row }),
      onDelete: (row) => void remove(row),
    }),
  ];
  return (
    <div data-testid="frequencies-tab">
      {error ? (
        <LoadError title={t('catalogueSettings.frequencies.loadFailed')} message={error} onRetry={reload} />
      ) : null}
      <ProTable<AdviceFrequency, SearchParams & { lang: string }>
        actionRef={list.actionRef}
        rowKey="id"
        columns={canEdit ? columns : withoutActions(columns)}
        params={{ lang }}
        cardBordered
        form={{ name: 'frequencySearch' }}
        search={listSearchProps(mobile)}
        options={{ reload: true, density: false, setting: mobile ? false : { draggable: true } }}
        columnsState={{
          persistenceKey: 'gc-columns-advice-frequencies',
          persistenceType: 'localStorage',
          defaultValue: { updatedAt: { show: false } },
        }}
        size={mobile ? 'small' : undefined}
        scroll={{ x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{
          emptyText: (
            <TableEmpty
              text={
                error
                  ? t('catalogueSettings.frequencies.loadFailed')
                  : t('catalogueSettings.frequencies.empty')
              }
            />
          ),
        }}
        request={(params) =>
          list.request(
            {
              queryCondition: params.queryCondition?.trim() || undefined,
              isActive: activeFilterOf(params.qStatus),
            },
            params,
          )
        }
        toolBarRender={() => [
          <ExportButton
            key="export"
            exporting={excel.exporting}
            disabled={total === 0}
            onClick={() => void excel.run(total)}
          />,
          canEdit ? (
            <CreateButton key="create" testId="frequency-create" onClick={() => setEditing({ record: null })}>
              {t('catalogueSettings.frequencies.create')}
            </CreateButton>
          ) : null,
        ]}
      />
      {editing ? (
        <FrequencyForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
