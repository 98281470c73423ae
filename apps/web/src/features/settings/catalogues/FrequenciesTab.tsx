import type { ProColumns } from '@ant-design/pro-components';
import {
  adviceFrequencyCreateSchema,
  CATALOGUE_SETTING_LIMITS,
  orderedTimes,
} from '@glucocare/domain/hospital-settings';
import { Col, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
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
import { usePermission } from '../../../app/permissions';
import {
  CodeField,
  DialogForm,
  SortStatusFields,
  useEditForm,
} from '../../../components/dialog-form/DialogForm';
import { issueParams, zodRule } from '../../../components/form-rules';
import { useEditDialog } from '../../../components/list-page/edit-dialog';
import { ListPage, STATUS_COLUMN, useListReload } from '../../../components/list-page/ListPage';
import { statusExcelColumn, updatedAtColumn } from '../../../components/list-page/row-parts';
import { msgOrText } from '../../../i18n';
import { CATALOGUE_EDIT } from './permissions';

const FREQUENCY_LIST = 'frequency';

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
      <CodeField
        label={t('catalogueSettings.frequencies.code')}
        rules={[zodRule(shape.code)]}
        maxLength={12}
        sm={8}
        inputProps={{ placeholder: 'tid' }}
      />
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
  const canEdit = usePermission(CATALOGUE_EDIT);
  const reload = useListReload(FREQUENCY_LIST);
  const dialog = useEditDialog<AdviceFrequency>(reload);
  const columns: ProColumns<AdviceFrequency>[] = [
    {
      title: t('dictionary.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('catalogueSettings.frequencies.searchPlaceholder'), maxLength: 50 },
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
    STATUS_COLUMN,
    updatedAtColumn<AdviceFrequency>(t),
  ];
  return (
    <div data-testid="frequencies-tab">
      <ListPage<AdviceFrequency, AdviceFrequencyFilter>
        name={FREQUENCY_LIST}
        columnsKey="gc-columns-advice-frequencies"
        columns={columns}
        hiddenColumns={['updatedAt']}
        request={fetchFrequencyPage}
        texts={{
          empty: t('catalogueSettings.frequencies.empty'),
          loadFailed: t('catalogueSettings.frequencies.loadFailed'),
        }}
        status={{
          editable: canEdit,
          nameOf: (row) => row.name,
          change: (row, isActive) =>
            updateFrequency({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
        }}
        rowActions={
          canEdit
            ? {
                edit: dialog.open,
                remove: {
                  question: (row) =>
                    t('catalogueSettings.frequencies.deleteConfirm', { name: row.name, code: row.code }),
                  run: (row) => deleteFrequency(row.id, row.version),
                },
              }
            : undefined
        }
        create={
          canEdit ? dialog.create('frequency-create', t('catalogueSettings.frequencies.create')) : undefined
        }
        excel={{
          fileName: t('catalogueSettings.frequencies.exportFileName'),
          sheetName: t('catalogueSettings.tabs.frequencies'),
          columns: [
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
            statusExcelColumn<AdviceFrequency>(),
          ],
        }}
      />
      {dialog.render((record, done) => (
        <FrequencyForm record={record} {...done} />
      ))}
    </div>
  );
}
