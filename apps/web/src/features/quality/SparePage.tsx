import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import {
  analyzerLendBodySchema,
  analyzerReturnBodySchema,
  LOAN_RETURN_STATES,
} from '@glucocare/domain/rules';
import { Button, Col, Form, Input, Radio, Space, Tabs, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { DialogForm, textOrNull, useActionForm } from '../../components/dialog-form/DialogForm';
import { hospitalToday } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import type { DateValue } from '../patients/patient-form';
import {
  type Analyzer,
  type AnalyzerFilter,
  type AnalyzerLoan,
  fetchLoanPage,
  fetchSparePage,
  type LoanFilter,
  lendAnalyzer,
  returnAnalyzer,
} from './registry-api';
import { DayPicker, dayOrNull, schemaRules } from './registry-parts';

const SPARE_LIST = 'qualitySpares';
const LOAN_LIST = 'qualityLoans';
const PERMS = PERMISSIONS.quality.spares;

interface LendValues {
  borrowerName?: string;
  departmentCode?: string;
  lentOn?: DateValue | null;
  expectedReturnOn?: DateValue | null;
  note?: string;
}
const lendBody = (values: LendValues) => ({
  borrowerName: values.borrowerName?.trim() ?? '',
  departmentCode: values.departmentCode ?? '',
  lentOn: dayOrNull(values.lentOn) ?? '',
  expectedReturnOn: dayOrNull(values.expectedReturnOn),
  note: textOrNull(values.note),
});

/** Lend a spare: the domain's `analyzerLendSchema` (borrower, department, lending date not ahead, expected return). */
function LendForm({
  analyzer,
  onClose,
  onSaved,
}: {
  analyzer: Analyzer;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useActionForm<LendValues>();
  const rule = schemaRules(analyzerLendBodySchema, () =>
    lendBody(edit.form.getFieldsValue(true) as LendValues),
  );
  return (
    <DialogForm<{ id: number }, LendValues, Analyzer>
      edit={edit}
      title={t('qcRegistry.spares.lendTitle', { sn: analyzer.sn })}
      width={560}
      initialValues={{ lentOn: hospitalToday() }}
      dateFormatter={false}
      testId="spare-lend-form"
      onClose={onClose}
      save={(values) => lendAnalyzer(analyzer.id, lendBody(values))}
      savedText={(saved) => t('qcRegistry.spares.lendDone', { department: saved.loan?.departmentName ?? '' })}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item
          name="borrowerName"
          label={t('qcRegistry.spares.borrower')}
          rules={[rule('borrowerName')]}
          required
        >
          <Input maxLength={40} autoComplete="off" data-testid="lend-borrower" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="departmentCode"
          label={t('qcRegistry.spares.borrowingDepartment')}
          rules={[rule('departmentCode')]}
          required
        >
          <DepartmentTreeSelect source="all" allowClear={false} data-testid="lend-department" />
        </Form.Item>
      </Col>
      <LendDate
        name="lentOn"
        label={t('qcRegistry.spares.lentOn')}
        rule={rule('lentOn')}
        required
        testId="lend-date"
      />
      <LendDate
        name="expectedReturnOn"
        label={t('qcRegistry.spares.expectedReturnOn')}
        rule={rule('expectedReturnOn')}
        dependencies={['lentOn']}
      />
      <Col xs={24}>
        <Form.Item name="note" label={t('qcRegistry.spares.note')} rules={[rule('note')]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

function LendDate({
  name,
  label,
  rule,
  required,
  testId,
  dependencies,
}: {
  name: string;
  label: string;
  rule: ReturnType<ReturnType<typeof schemaRules>>;
  required?: boolean;
  testId?: string;
  dependencies?: string[];
}) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={label} rules={[rule]} required={required} dependencies={dependencies}>
        <DayPicker testId={testId} />
      </Form.Item>
    </Col>
  );
}

interface ReturnValues {
  returnedOn?: DateValue | null;
  returnState?: (typeof LOAN_RETURN_STATES)[number];
  note?: string;
}

/** Take a spare back: return date (not before the lending date: the server says so), state, note. */
function ReturnForm({
  loan,
  onClose,
  onSaved,
}: {
  loan: AnalyzerLoan;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useActionForm<ReturnValues>();
  const body = (values: ReturnValues) => ({
    version: loan.version,
    returnedOn: dayOrNull(values.returnedOn) ?? '',
    returnState: values.returnState as ReturnValues['returnState'] & string,
    note: textOrNull(values.note),
  });
  const rule = schemaRules(analyzerReturnBodySchema, () =>
    body(edit.form.getFieldsValue(true) as ReturnValues),
  );
  return (
    <DialogForm<{ id: number }, ReturnValues, AnalyzerLoan>
      edit={edit}
      title={t('qcRegistry.spares.returnTitle', { sn: loan.analyzerSn })}
      width={520}
      initialValues={{ returnedOn: hospitalToday(), returnState: 'intact' }}
      dateFormatter={false}
      testId="spare-return-form"
      onClose={onClose}
      save={(values) => returnAnalyzer(loan.id, body(values))}
      savedText={() => t('qcRegistry.spares.returnDone')}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <p className="gc-muted">
          {t('qcRegistry.spares.lentSince', {
            borrower: loan.borrowerName,
            department: loan.departmentName,
            date: loan.lentOn,
          })}
        </p>
      </Col>
      <LendDate
        name="returnedOn"
        label={t('qcRegistry.spares.returnedOn')}
        rule={rule('returnedOn')}
        required
        testId="return-date"
      />
      <Col xs={24} sm={12}>
        <Form.Item
          name="returnState"
          label={t('qcRegistry.spares.returnState')}
          rules={[rule('returnState')]}
          required
        >
          <Radio.Group
            data-testid="return-state"
            options={LOAN_RETURN_STATES.map((state) => ({
              value: state,
              label: t(`qcRegistry.spares.returnStates.${state}`),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="note" label={t('qcRegistry.spares.note')} rules={[rule('note')]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/** In store, or lent (to whom, where, since when; overdue in red). */
function LoanState({ loan }: { loan: AnalyzerLoan | null }) {
  const { t } = useTranslation();
  if (!loan) return <Tag color="green">{t('qcRegistry.spares.inStore')}</Tag>;
  return (
    <Space size={2} direction="vertical" data-testid="spare-lent">
      <span>
        <Tag color="blue">{t('qcRegistry.spares.lent')}</Tag>
        {loan.overdue ? <Tag color="red">{t('qcRegistry.spares.overdue')}</Tag> : null}
      </span>
      <span className="gc-small">
        {t('qcRegistry.spares.lentSince', {
          borrower: loan.borrowerName,
          department: loan.departmentName,
          date: loan.lentOn,
        })}
      </span>
    </Space>
  );
}

const loanStateText = (t: TFunction, loan: AnalyzerLoan | null) =>
  loan
    ? `${t('qcRegistry.spares.lent')}: ${t('qcRegistry.spares.lentSince', {
        borrower: loan.borrowerName,
        department: loan.departmentName,
        date: loan.lentOn,
      })}${loan.overdue ? ` (${t('qcRegistry.spares.overdue')})` : ''}`
    : t('qcRegistry.spares.inStore');

function SpareList({
  onLend,
  onReturn,
}: {
  onLend: (row: Analyzer) => void;
  onReturn: (loan: AnalyzerLoan) => void;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canLend = usePermission(PERMS.lend);
  const columns: ProColumns<Analyzer>[] = [
    {
      title: t('qcRegistry.keyword'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('qcRegistry.analyzers.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('qcRegistry.analyzers.sn'),
      dataIndex: 'sn',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 130,
    },
    { title: t('qcRegistry.analyzers.model'), dataIndex: 'model', search: false, width: 160 },
    {
      title: t('qcRegistry.spares.state'),
      key: 'state',
      search: false,
      width: 240,
      render: (_, row) => <LoanState loan={row.loan} />,
    },
    {
      title: t('qcRegistry.spares.expectedReturnOn'),
      key: 'expected',
      search: false,
      width: 130,
      render: (_, row) => row.loan?.expectedReturnOn ?? '',
    },
    { title: t('qcRegistry.analyzers.department'), dataIndex: 'departmentName', search: false, width: 130 },
    { title: t('qcRegistry.analyzers.workStation'), dataIndex: 'workStation', search: false, width: 140 },
    {
      title: t('common.status'),
      key: 'active',
      search: false,
      width: 90,
      render: (_, row) => (row.isActive ? t('common.enabled') : t('common.disabled')),
    },
  ];
  return (
    <ListPage<Analyzer, AnalyzerFilter>
      name={SPARE_LIST}
      columnsKey="gc-columns-quality-spares"
      columns={columns}
      request={fetchSparePage}
      texts={{ empty: t('qcRegistry.spares.empty'), loadFailed: t('qcRegistry.spares.loadFailed') }}
      rowActions={
        canLend
          ? {
              extra: (row) =>
                row.loan ? (
                  <Button
                    type="link"
                    size="small"
                    data-testid={`spare-return-${row.sn}`}
                    onClick={() => row.loan && onReturn(row.loan)}
                  >
                    {t('qcRegistry.spares.return')}
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    disabled={!row.isActive}
                    data-testid={`spare-lend-${row.sn}`}
                    onClick={() => onLend(row)}
                  >
                    {t('qcRegistry.spares.lend')}
                  </Button>
                ),
            }
          : undefined
      }
      excel={{
        fileName: t('qcRegistry.spares.exportFileName'),
        sheetName: t('qcRegistry.spares.title'),
        columns: [
          { title: t('qcRegistry.analyzers.sn'), dataIndex: 'sn' },
          { title: t('qcRegistry.analyzers.model'), dataIndex: 'model' },
          {
            title: t('qcRegistry.spares.state'),
            dataIndex: 'loan',
            render: (_value, row) => loanStateText(t, row.loan),
          },
          { title: t('qcRegistry.spares.expectedReturnOn'), dataIndex: ['loan', 'expectedReturnOn'] },
          { title: t('qcRegistry.analyzers.department'), dataIndex: 'departmentName' },
          { title: t('qcRegistry.analyzers.workStation'), dataIndex: 'workStation' },
        ],
      }}
      print={{ title: t('qcRegistry.spares.title') }}
    />
  );
}

function LoanHistory({ onReturn }: { onReturn: (loan: AnalyzerLoan) => void }) {
  const { t } = useTranslation();
  const canLend = usePermission(PERMS.lend);
  const stateText = (loan: AnalyzerLoan) =>
    loan.returnState ? t(`qcRegistry.spares.returnStates.${loan.returnState}`) : '';
  const columns: ProColumns<AnalyzerLoan>[] = [
    {
      title: t('qcRegistry.keyword'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('qcRegistry.spares.historySearch'), maxLength: 50 },
    },
    {
      title: t('qcRegistry.spares.borrowingDepartment'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="all" placeholder={t('common.all')} />,
    },
    {
      title: t('qcRegistry.spares.loanStatus'),
      dataIndex: 'status',
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: (['lent', 'returned'] as const).map((value) => ({
          value,
          label: t(`qcRegistry.spares.loanStatuses.${value}`),
        })),
      },
      width: 110,
      render: (_, row) =>
        row.status === 'lent' ? (
          <Space size={2}>
            <Tag color="blue">{t('qcRegistry.spares.loanStatuses.lent')}</Tag>
            {row.overdue ? <Tag color="red">{t('qcRegistry.spares.overdue')}</Tag> : null}
          </Space>
        ) : (
          <Tag>{t('qcRegistry.spares.loanStatuses.returned')}</Tag>
        ),
    },
    { title: t('qcRegistry.analyzers.sn'), dataIndex: 'analyzerSn', search: false, width: 130 },
    { title: t('qcRegistry.spares.borrower'), dataIndex: 'borrowerName', search: false, width: 110 },
    {
      title: t('qcRegistry.spares.borrowingDepartment'),
      dataIndex: 'departmentName',
      search: false,
      width: 130,
    },
    { title: t('qcRegistry.spares.lentOn'), dataIndex: 'lentOn', search: false, width: 110 },
    {
      title: t('qcRegistry.spares.expectedReturnOn'),
      dataIndex: 'expectedReturnOn',
      search: false,
      width: 120,
    },
    { title: t('qcRegistry.spares.returnedOn'), dataIndex: 'returnedOn', search: false, width: 110 },
    {
      title: t('qcRegistry.spares.returnState'),
      dataIndex: 'returnState',
      search: false,
      width: 100,
      render: (_, row) =>
        row.returnState ? (
          <Tag color={row.returnState === 'intact' ? 'green' : 'red'}>{stateText(row)}</Tag>
        ) : (
          ''
        ),
    },
    { title: t('qcRegistry.spares.note'), dataIndex: 'note', search: false, width: 180 },
    { title: t('qcRegistry.spares.returnNote'), dataIndex: 'returnNote', search: false, width: 160 },
  ];
  return (
    <ListPage<AnalyzerLoan, LoanFilter>
      name={LOAN_LIST}
      columnsKey="gc-columns-quality-loans"
      columns={columns}
      request={fetchLoanPage}
      texts={{
        empty: t('qcRegistry.spares.historyEmpty'),
        loadFailed: t('qcRegistry.spares.historyLoadFailed'),
      }}
      rowActions={
        canLend
          ? {
              extra: (row) =>
                row.status === 'lent' ? (
                  <Button type="link" size="small" onClick={() => onReturn(row)}>
                    {t('qcRegistry.spares.return')}
                  </Button>
                ) : null,
            }
          : undefined
      }
      excel={{
        fileName: t('qcRegistry.spares.historyFileName'),
        sheetName: t('qcRegistry.spares.tabHistory'),
        columns: [
          { title: t('qcRegistry.analyzers.sn'), dataIndex: 'analyzerSn' },
          { title: t('qcRegistry.analyzers.model'), dataIndex: 'analyzerModel' },
          { title: t('qcRegistry.spares.borrower'), dataIndex: 'borrowerName' },
          { title: t('qcRegistry.spares.borrowingDepartment'), dataIndex: 'departmentName' },
          { title: t('qcRegistry.spares.lentOn'), dataIndex: 'lentOn' },
          { title: t('qcRegistry.spares.expectedReturnOn'), dataIndex: 'expectedReturnOn' },
          { title: t('qcRegistry.spares.returnedOn'), dataIndex: 'returnedOn' },
          {
            title: t('qcRegistry.spares.returnState'),
            dataIndex: 'returnState',
            render: (_value, row) => stateText(row),
          },
          { title: t('qcRegistry.spares.note'), dataIndex: 'note' },
          { title: t('qcRegistry.spares.returnNote'), dataIndex: 'returnNote' },
          { title: t('qcRegistry.spares.lentBy'), dataIndex: 'lentByName' },
          { title: t('qcRegistry.spares.returnedBy'), dataIndex: 'returnedByName' },
        ],
      }}
      print={{ title: t('qcRegistry.spares.tabHistory') }}
    />
  );
}

/**
 * `/quality/spare`: the spare meters, in store or lent (to whom, since when, overdue), lending and taking
 * back (§4 "Lending: not returned → returned"), and the loan history on the second tab.
 */
export default function SparePage() {
  const { t } = useTranslation();
  const [lending, setLending] = useState<Analyzer | null>(null);
  const [returning, setReturning] = useState<AnalyzerLoan | null>(null);
  const reloadSpares = useListReload(SPARE_LIST);
  const reloadLoans = useListReload(LOAN_LIST);
  const reload = () => {
    reloadSpares();
    reloadLoans();
  };
  return (
    <PageWrapper
      title={t('qcRegistry.spares.title')}
      description={t('qcRegistry.spares.intro')}
      testId="quality-spare-page"
    >
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'spares',
            label: t('qcRegistry.spares.tabSpares'),
            children: <SpareList onLend={setLending} onReturn={setReturning} />,
          },
          {
            key: 'history',
            label: <span data-testid="spare-history-tab">{t('qcRegistry.spares.tabHistory')}</span>,
            children: <LoanHistory onReturn={setReturning} />,
          },
        ]}
      />
      {lending ? (
        <LendForm
          analyzer={lending}
          onClose={() => setLending(null)}
          onSaved={() => {
            setLending(null);
            reload();
          }}
        />
      ) : null}
      {returning ? (
        <ReturnForm
          loan={returning}
          onClose={() => setReturning(null)}
          onSaved={() => {
            setReturning(null);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
