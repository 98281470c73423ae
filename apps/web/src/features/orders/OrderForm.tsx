import { FIELD_LIMITS, ORDER_TYPES } from '@glucocare/domain/constants';
import {
  everyHoursTimes,
  MONITOR_ITEMS,
  MONITOR_PRESETS,
  type MonitorPreset,
  medicalOrderCreateSchemaFor,
  medicalOrderEditSchemaFor,
  ORDER_LIMITS,
} from '@glucocare/domain/orders';
import { localizedIssues } from '@glucocare/domain/validation';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  createOrder,
  editOrder,
  fetchOrder,
  fetchOrderTemplates,
  type OrderInput,
  type OrderOptions,
  type OrderTypeCode,
  type PatientOrder,
} from '../../api/orders';
import { DialogForm, useEditForm } from '../../components/dialog-form/DialogForm';
import { fromPicker, hospitalNow, toPicker } from '../../components/format';
import { currentLang } from '../../i18n';

/** How a monitoring order's schedule is given in the dialog (one kind; not sent as such). */
type ScheduleKind = 'periods' | 'hours' | 'frequency';

interface FormValues {
  adviceType?: OrderTypeCode;
  templateId?: number;
  contents?: string[];
  name?: string;
  classification?: string;
  category?: string;
  scheduleKind?: ScheduleKind;
  monitorPeriods?: string[];
  everyHours?: number;
  everyFrom?: string;
  frequencyCode?: string;
  beginDate?: Dayjs | null;
  executeDate?: Dayjs | null;
  testTime?: Dayjs | null;
  detail?: string;
  reason?: string;
}

const HOURS_OF_DAY = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function valuesOf(order: PatientOrder): FormValues {
  const kind: ScheduleKind = order.monitorPeriods?.length
    ? 'periods'
    : order.frequencyCode
      ? 'frequency'
      : 'hours';
  return {
    adviceType: order.adviceType,
    templateId: order.templateId ?? undefined,
    contents: order.contents,
    name: order.name,
    classification: order.classification,
    category: order.category ?? undefined,
    scheduleKind: kind,
    monitorPeriods: order.monitorPeriods?.map((p) => p.code) ?? [],
    everyHours: order.monitorEveryHours ?? undefined,
    everyFrom: order.monitorEveryHours ? (order.monitorTimes?.[0] ?? '00:00') : '00:00',
    frequencyCode: order.frequencyCode ?? undefined,
    beginDate: toPicker(order.beginDate),
    executeDate: order.executeDate ? toPicker(order.executeDate) : null,
    testTime: order.testTime ? toPicker(order.testTime) : null,
    detail: order.detail ?? '',
    reason: '',
  };
}

/** The API body of the form's values: only the schedule of the kind chosen is sent. */
export function inputOf(values: FormValues): Partial<OrderInput> {
  const monitoring = values.classification === 'monitoring';
  const temporary = values.adviceType === 'temporary';
  const scheduled = monitoring && !temporary;
  const kind = values.scheduleKind ?? 'periods';
  return {
    name: values.name?.trim() ?? '',
    classification: values.classification,
    adviceType: values.adviceType,
    category: text(values.category),
    detail: text(values.detail),
    templateId: values.templateId,
    contents: values.contents ?? [],
    frequencyCode:
      (!monitoring || kind === 'frequency') && values.frequencyCode ? values.frequencyCode : null,
    monitorPeriods: scheduled && kind === 'periods' ? (values.monitorPeriods ?? []) : null,
    monitorTimes:
      scheduled && kind === 'hours' && values.everyHours
        ? everyHoursTimes(values.everyHours, values.everyFrom ?? '00:00')
        : null,
    beginDate: values.beginDate ? fromPicker(values.beginDate) : undefined,
    executeDate: values.executeDate ? fromPicker(values.executeDate) : null,
    testTime: temporary && values.testTime ? fromPicker(values.testTime) : null,
  };
}

/**
 * The dialog of a new medical order or of an edit (an active order, with a reason): order type →
 * templates of that type → content items as checkboxes; name, classification; for a monitoring order
 * its item and schedule (7-point / 4-point presets filling the glucose periods, every N hours, or a
 * frequency); start, execute and (temporary) test time. Checked with the domain's rules as the server
 * checks them; the server's answers show under their fields.
 */
export function OrderForm({
  patientId,
  options,
  order,
  admittedAt,
  onClose,
  onSaved,
}: {
  patientId: number;
  options: OrderOptions;
  order: PatientOrder | null;
  admittedAt: string | null;
  onClose: () => void;
  onSaved: (saved: PatientOrder) => void;
}) {
  const { t, i18n } = useTranslation();
  const edit = useEditForm(order, (base) => fetchOrder(base.id), valuesOf);
  const { form } = edit;
  const adviceType = Form.useWatch('adviceType', form) as OrderTypeCode | undefined;
  const templateId = Form.useWatch('templateId', form) as number | undefined;
  const classification = Form.useWatch('classification', form) as string | undefined;
  const category = Form.useWatch('category', form) as string | undefined;
  const scheduleKind = (Form.useWatch('scheduleKind', form) as ScheduleKind | undefined) ?? 'periods';
  const everyHours = Form.useWatch('everyHours', form) as number | undefined;
  const everyFrom = Form.useWatch('everyFrom', form) as string | undefined;
  const templatesQuery = useQuery({
    queryKey: ['orders', 'templates', adviceType, i18n.language],
    queryFn: ({ signal }) => fetchOrderTemplates(adviceType!, signal),
    enabled: !!adviceType,
    meta: { silent: true },
  });
  const templates = templatesQuery.data ?? [];
  const template = templates.find((tp) => tp.id === templateId);
  // an edit keeps its template and items, even when the template was stopped since
  const keptTemplate = order && order.templateId === templateId && order.adviceType === adviceType;
  const contentItems = [...new Set([...(keptTemplate ? order.contents : []), ...(template?.content ?? [])])];
  const monitoring = classification === 'monitoring';
  const temporary = adviceType === 'temporary';
  const periodCodes = options.periods.map((p) => p.code);
  const periodOptions = [
    ...options.periods,
    ...(order?.monitorPeriods ?? []).filter((p) => !periodCodes.includes(p.code)),
  ];

  const issues = () => {
    const values = form.getFieldsValue(true) as FormValues;
    const body = inputOf(values);
    const context = { periods: periodOptions.map((p) => p.code), admittedAt };
    return order
      ? localizedIssues(
          medicalOrderEditSchemaFor(context),
          { ...body, id: order.id, version: order.version, reason: values.reason ?? '' },
          currentLang(),
        )
      : localizedIssues(medicalOrderCreateSchemaFor(context), { ...body, patientId }, currentLang());
  };
  const rule = (...fields: string[]): Rule => ({
    validator: async () => {
      const mine = issues().find((issue) =>
        fields.some((f) => issue.field === f || issue.field.startsWith(`${f}.`)),
      );
      if (mine) throw new Error(mine.message);
    },
  });
  const applyPreset = (preset: MonitorPreset) => {
    const codes = MONITOR_PRESETS[preset].filter((code) => periodCodes.includes(code));
    form.setFieldsValue({ monitorPeriods: codes, scheduleKind: 'periods', category: category ?? 'GLU' });
    void form.validateFields(['monitorPeriods']).catch(() => undefined);
  };
  const chooseTemplate = (id: number) => {
    const chosen = templates.find((tp) => tp.id === id);
    if (!chosen) return;
    const previous = templates.find((tp) => tp.id === templateId);
    const name = (form.getFieldValue('name') as string | undefined)?.trim();
    form.setFieldsValue({
      contents: [...chosen.content],
      // the template's name is the order's name until the doctor writes another
      ...(!name || name === previous?.name ? { name: chosen.name.slice(0, FIELD_LIMITS.orderName.max) } : {}),
    });
  };

  return (
    <DialogForm<PatientOrder, FormValues, PatientOrder>
      edit={edit}
      testId="order-form"
      title={order ? t('orders.form.editTitle') : t('orders.form.createTitle')}
      width={720}
      panel
      dateFormatter={false}
      initialValues={
        order
          ? valuesOf(order)
          : {
              adviceType: 'longTerm',
              scheduleKind: 'periods',
              monitorPeriods: [],
              everyFrom: '00:00',
              contents: [],
              beginDate: hospitalNow().second(0),
            }
      }
      onClose={onClose}
      save={(values, base) => {
        const input = inputOf(values) as OrderInput;
        return base
          ? editOrder({ ...input, id: base.id, version: base.version, reason: values.reason?.trim() ?? '' })
          : createOrder({ ...input, patientId });
      }}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <Form.Item name="adviceType" label={t('orders.field.type')} required rules={[rule('adviceType')]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            data-testid="order-type"
            options={ORDER_TYPES.map((code) => ({ value: code, label: t(`orders.type.${code}`) }))}
            onChange={() => form.setFieldsValue({ templateId: undefined, contents: [] })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="templateId" label={t('orders.field.template')} required rules={[rule('templateId')]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('common.choose')}
            loading={templatesQuery.isFetching}
            notFoundContent={
              templatesQuery.isError ? t('orders.form.templatesFailed') : t('orders.form.noTemplates')
            }
            data-testid="order-template"
            onChange={chooseTemplate}
            options={[
              ...templates.map((tp) => ({ value: tp.id, label: tp.name })),
              ...(keptTemplate && order.templateId && !template
                ? [{ value: order.templateId, label: order.templateName ?? '' }]
                : []),
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="name" label={t('orders.field.name')} required rules={[rule('name')]}>
          <Input maxLength={FIELD_LIMITS.orderName.max + 10} data-testid="order-name" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name="contents"
          label={t('orders.field.contents')}
          required
          rules={[rule('contents')]}
          extra={templateId ? undefined : t('orders.form.chooseTemplateFirst')}
        >
          <Checkbox.Group data-testid="order-contents" className="gc-order-contents">
            <Space direction="vertical" size={4}>
              {contentItems.map((item) => (
                <Checkbox key={item} value={item}>
                  {item}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="classification"
          label={t('orders.field.classification')}
          required
          rules={[rule('classification')]}
        >
          <Select
            placeholder={t('common.choose')}
            data-testid="order-classification"
            options={options.classes.map((c) => ({ value: c.code, label: c.name }))}
            onChange={(value) => {
              if (value === 'monitoring' && !MONITOR_ITEMS.includes(category as never)) {
                form.setFieldValue('category', 'GLU');
              }
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="category"
          label={monitoring ? t('orders.field.item') : t('orders.field.category')}
          required={monitoring}
          rules={[rule('category')]}
        >
          {monitoring ? (
            <Select
              placeholder={t('common.choose')}
              data-testid="order-item"
              options={options.items.map((item) => ({
                value: item.code,
                label: `${item.name} (${item.code})`,
              }))}
            />
          ) : (
            <Input maxLength={ORDER_LIMITS.category.max} data-testid="order-category" />
          )}
        </Form.Item>
      </Col>
      {monitoring && !temporary ? (
        <Col xs={24}>
          <Form.Item name="scheduleKind" label={t('orders.field.schedule')} required>
            <Radio.Group
              data-testid="order-schedule-kind"
              options={[
                { value: 'periods', label: t('orders.form.byPeriods') },
                { value: 'hours', label: t('orders.form.byHours') },
                { value: 'frequency', label: t('orders.form.byFrequency') },
              ]}
            />
          </Form.Item>
          {scheduleKind === 'periods' ? (
            <>
              <Space wrap style={{ marginBottom: 8 }}>
                <Button onClick={() => applyPreset('sevenPoint')} data-testid="order-preset-seven">
                  {t('orders.form.sevenPoint')}
                </Button>
                <Button onClick={() => applyPreset('fourPoint')} data-testid="order-preset-four">
                  {t('orders.form.fourPoint')}
                </Button>
              </Space>
              <Form.Item name="monitorPeriods" rules={[rule('monitorPeriods')]} dependencies={['category']}>
                <Checkbox.Group
                  data-testid="order-periods"
                  options={periodOptions.map((p) => ({ value: p.code, label: p.name }))}
                />
              </Form.Item>
            </>
          ) : null}
          {scheduleKind === 'hours' ? (
            <Space wrap align="start">
              <Form.Item
                name="everyHours"
                label={t('orders.form.everyHours')}
                rules={[rule('monitorTimes', 'monitorPeriods')]}
              >
                <Select
                  style={{ minWidth: 140 }}
                  placeholder={t('common.choose')}
                  data-testid="order-every-hours"
                  options={options.everyHours.map((h) => ({
                    value: h,
                    label: t('orders.form.hours', { hours: h }),
                  }))}
                />
              </Form.Item>
              <Form.Item name="everyFrom" label={t('orders.form.from')}>
                <Select
                  style={{ minWidth: 110 }}
                  options={HOURS_OF_DAY.map((h) => ({ value: h, label: h }))}
                />
              </Form.Item>
              {everyHours ? (
                <Typography.Text type="secondary" data-testid="order-times-preview">
                  {everyHoursTimes(everyHours, everyFrom ?? '00:00').join(' ')}
                </Typography.Text>
              ) : null}
            </Space>
          ) : null}
          {scheduleKind === 'frequency' ? (
            <Form.Item
              name="frequencyCode"
              label={t('orders.field.frequency')}
              rules={[rule('frequencyCode', 'monitorPeriods')]}
            >
              <Select
                placeholder={t('common.choose')}
                data-testid="order-frequency"
                options={options.frequencies.map((f) => ({
                  value: f.code,
                  label: f.executeTimes.length ? `${f.name} (${f.executeTimes.join(' ')})` : f.name,
                }))}
              />
            </Form.Item>
          ) : null}
        </Col>
      ) : null}
      {!monitoring ? (
        <Col xs={24} sm={12}>
          <Form.Item name="frequencyCode" label={t('orders.field.frequency')} rules={[rule('frequencyCode')]}>
            <Select
              allowClear
              placeholder={t('common.choose')}
              data-testid="order-frequency"
              options={options.frequencies.map((f) => ({ value: f.code, label: f.name }))}
            />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} sm={12}>
        <Form.Item name="beginDate" label={t('orders.field.begin')} required rules={[rule('beginDate')]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="order-begin"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="executeDate"
          label={t('orders.field.execute')}
          rules={[rule('executeDate')]}
          dependencies={['beginDate']}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="order-execute"
          />
        </Form.Item>
      </Col>
      {temporary ? (
        <Col xs={24} sm={12}>
          <Form.Item
            name="testTime"
            label={t('orders.field.testTime')}
            required
            rules={[rule('testTime')]}
            dependencies={['beginDate']}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              data-testid="order-test-time"
            />
          </Form.Item>
        </Col>
      ) : null}
      {adviceType === '24h' ? (
        <Col xs={24}>
          <Alert type="info" showIcon className="gc-form-alert" message={t('orders.form.ends24h')} />
        </Col>
      ) : null}
      <Col xs={24}>
        <Form.Item name="detail" label={t('orders.field.detail')} rules={[rule('detail')]}>
          <Input.TextArea rows={2} maxLength={ORDER_LIMITS.detail.max} showCount />
        </Form.Item>
      </Col>
      {order ? (
        <Col xs={24}>
          <Form.Item name="reason" label={t('orders.field.reason')} required rules={[rule('reason')]}>
            <Input.TextArea
              rows={2}
              maxLength={ORDER_LIMITS.reason.max}
              showCount
              data-testid="order-reason"
            />
          </Form.Item>
        </Col>
      ) : null}
    </DialogForm>
  );
}
