import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS, PUMP_LIMITS, pumpManufacturerCreateSchema } from '@glucocare/domain/admin';
import { Col, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeManufacturerStatus,
  createManufacturer,
  deleteManufacturer,
  fetchManufacturerPage,
  type PumpManufacturer,
  type PumpManufacturerFilter,
  type PumpManufacturerInput,
  updateManufacturer,
} from '../../api/pumps';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { CodeField, DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { ListPage, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { createdAtColumn, statusExcelColumn, updatedAtColumn } from '../../components/list-page/row-parts';
import { NameFields, type NameValues, namesInput, nameValuesOf, shownName } from '../../components/names';
import { PageWrapper } from '../../components/PageWrapper';

const MAKER_PERMISSIONS = PERMISSIONS.pumps.manufacturers;
const MAKER_LIST = 'pumpManufacturer';

interface MakerValues extends NameValues {
  code: string;
  contact?: string;
  isActive: boolean;
}

const makerValuesOf = (maker: PumpManufacturer): MakerValues => ({
  code: maker.code,
  ...nameValuesOf(maker),
  contact: maker.contact ?? '',
  isActive: maker.isActive,
});

const makerInputOf = (values: MakerValues): PumpManufacturerInput => ({
  code: values.code.trim(),
  ...namesInput(values),
  contact: textOrNull(values.contact),
  isActive: !!values.isActive,
});

async function findMaker(base: PumpManufacturer): Promise<PumpManufacturer | null> {
  const page = await fetchManufacturerPage({ queryCondition: base.code, page: 1, size: 100 });
  return page.records.find((maker) => maker.id === base.id) ?? null;
}

/** Code 1-32, names ≤ 60 (one at least), contact ≤ 100: the domain's `pumpManufacturerCreateSchema`. */
function ManufacturerForm({
  record,
  onClose,
  onSaved,
}: {
  record: PumpManufacturer | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findMaker, makerValuesOf);
  const shape = pumpManufacturerCreateSchema.shape;
  return (
    <DialogForm<PumpManufacturer, MakerValues>
      edit={edit}
      title={record ? t('pumpManufacturer.editTitle') : t('pumpManufacturer.createTitle')}
      width={640}
      initialValues={record ? makerValuesOf(record) : { isActive: true }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = makerInputOf(values);
        return base
          ? updateManufacturer({ ...input, id: base.id, version: base.version })
          : createManufacturer(input);
      }}
      onSaved={onSaved}
    >
      <CodeField
        label={t('pumpManufacturer.code')}
        rules={[zodRule(shape.code)]}
        maxLength={PUMP_LIMITS.manufacturerCode.max}
      />
      <NameFields
        fields={shape}
        limits={{ zh: PUMP_LIMITS.manufacturerName, en: PUMP_LIMITS.manufacturerName }}
        requiredKey="pumpManufacturer.name.required"
      />
      <Col xs={24} sm={12}>
        <Form.Item
          name="contact"
          label={t('pumpManufacturer.contact')}
          rules={[zodRule(shape.contact, { optional: true })]}
        >
          <Input
            maxLength={PUMP_LIMITS.contact.max}
            autoComplete="off"
            placeholder={t('pumpManufacturer.contactPlaceholder')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/** `/pump/manufacturer`: the pump manufacturers (search, export, print, create, edit, stop, delete). */
export default function ManufacturerPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(MAKER_PERMISSIONS.edit);
  const canDelete = usePermission(MAKER_PERMISSIONS.delete);
  const [editing, setEditing] = useState<{ record: PumpManufacturer | null } | null>(null);
  const reload = useListReload(MAKER_LIST);
  const none = t('common.none');

  const columns: ProColumns<PumpManufacturer>[] = [
    {
      title: t('pumpManufacturer.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('pumpManufacturer.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('pumpManufacturer.code'),
      dataIndex: 'code',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 130,
      render: (_, row) => <span className="gc-nowrap">{row.code}</span>,
    },
    {
      title: t('pumpManufacturer.name'),
      dataIndex: 'name',
      search: false,
      width: 200,
      render: (_, row) => <span className={row.isActive ? undefined : 'gc-muted'}>{shownName(row)}</span>,
    },
    {
      title: t('pumpManufacturer.contact'),
      dataIndex: 'contact',
      search: false,
      width: 180,
      ellipsis: true,
      render: (_, row) => row.contact || none,
    },
    { title: t('pumpManufacturer.pumpCount'), dataIndex: 'pumpCount', search: false, width: 90 },
    STATUS_COLUMN,
    updatedAtColumn<PumpManufacturer>(t),
    createdAtColumn<PumpManufacturer>(t),
  ];

  return (
    <PageWrapper
      title={t('pumpManufacturer.title')}
      description={t('pumpManufacturer.intro')}
      testId="pump-manufacturer-page"
    >
      <ListPage<PumpManufacturer, PumpManufacturerFilter>
        name={MAKER_LIST}
        columnsKey="gc-columns-pump-manufacturers"
        columns={columns}
        hiddenColumns={['createdAt']}
        request={fetchManufacturerPage}
        texts={{ empty: t('pumpManufacturer.empty'), loadFailed: t('pumpManufacturer.loadFailed') }}
        status={{
          editable: canEdit,
          nameOf: shownName,
          change: (row, isActive) => changeManufacturerStatus({ id: row.id, version: row.version, isActive }),
        }}
        rowActions={{
          edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
          // 409 while pumps name it: the server's message says so
          remove: canDelete
            ? {
                question: (row) => t('pumpManufacturer.deleteConfirm', { name: shownName(row) }),
                run: (row) => deleteManufacturer(row.id, row.version),
              }
            : undefined,
        }}
        create={
          canEdit
            ? {
                testId: 'pump-manufacturer-create',
                label: t('pumpManufacturer.create'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        excel={{
          fileName: t('pumpManufacturer.exportFileName'),
          sheetName: t('pumpManufacturer.title'),
          columns: [
            { title: t('pumpManufacturer.code'), dataIndex: 'code' },
            { title: t('pumpManufacturer.name'), dataIndex: 'name', render: (_, row) => shownName(row) },
            { title: t('pumpManufacturer.contact'), dataIndex: 'contact' },
            { title: t('pumpManufacturer.pumpCount'), dataIndex: 'pumpCount' },
            statusExcelColumn<PumpManufacturer>(),
            { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
            { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
          ],
        }}
        print={{ title: t('pumpManufacturer.title') }}
      />
      {editing ? (
        <ManufacturerForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
