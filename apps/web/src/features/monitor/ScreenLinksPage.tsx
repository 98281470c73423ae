import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import {
  SCREEN_LINK_LIMITS,
  SCREEN_LINK_STATUSES,
  SCREEN_VARIANTS,
  type ScreenLinkStatus,
  type ScreenVariant,
  screenLinkCreateSchema,
} from '@glucocare/domain/monitor';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import {
  createScreenLink,
  fetchScreenLinkPage,
  fetchScreenLinkUses,
  revokeScreenLink,
  type ScreenLink,
  type ScreenLinkCreated,
  type ScreenLinkFilter,
  type ScreenLinkUse,
} from '../../api/screen-links';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { copyText } from '../../components/copy-text';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { DialogForm, useActionForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { dateTimeInZone, hospitalToday } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { askReason } from '../../components/reason-prompt';

const LIST = 'screenLinks';
const USES = 'screenLinkUses';
const PERMS = PERMISSIONS.monitor.screenLinks;
const STATUS_COLORS: Record<ScreenLinkStatus, string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};

interface CreateValues {
  name?: string;
  wholeHospital?: boolean;
  departmentCodes?: string[];
  variant?: ScreenVariant;
  validUntil?: Dayjs | null;
}

/** The page a link opens, as a full address to copy onto the wall display. */
const absoluteUrl = (path: string) => new URL(path, window.location.origin).toString();

/** New link: a name, the whole hospital or wards, the layout and the last day (at most a year ahead). */
function CreateForm({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (created: ScreenLinkCreated) => void;
}) {
  const { t } = useTranslation();
  const edit = useActionForm<CreateValues>();
  const whole = Form.useWatch('wholeHospital', edit.form);
  const today = dayjs(hospitalToday());
  const shape = screenLinkCreateSchema.shape;
  return (
    <DialogForm<{ id: number }, CreateValues, ScreenLinkCreated>
      edit={edit}
      title={t('monitor.links.createTitle')}
      width={640}
      initialValues={{ wholeHospital: false, variant: 'hospital', validUntil: today.add(90, 'day') }}
      dateFormatter={false}
      testId="screen-link-form"
      onClose={onClose}
      save={(values) =>
        createScreenLink({
          name: values.name?.trim() ?? '',
          wholeHospital: !!values.wholeHospital,
          departmentCodes: values.wholeHospital ? [] : (values.departmentCodes ?? []),
          variant: values.variant ?? 'hospital',
          validUntil: values.validUntil ? values.validUntil.format('YYYY-MM-DD') : '',
        })
      }
      savedText={() => t('monitor.links.created')}
      onSaved={onSaved}
    >
      <Col xs={24} sm={14}>
        <Form.Item name="name" label={t('monitor.links.name')} rules={[zodRule(shape.name)]} required>
          <Input
            maxLength={SCREEN_LINK_LIMITS.name.max}
            placeholder={t('monitor.links.namePlaceholder')}
            autoComplete="off"
            data-testid="screen-link-name"
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={10}>
        <Form.Item
          name="validUntil"
          label={t('monitor.links.validUntil')}
          extra={t('monitor.links.validUntilHint')}
          rules={[{ required: true, message: t('monitor.links.validUntilRequired') }]}
          required
        >
          <DatePicker
            format="YYYY-MM-DD"
            style={{ width: '100%' }}
            disabledDate={(day) =>
              day.isBefore(today, 'day') ||
              day.isAfter(today.add(SCREEN_LINK_LIMITS.validDays.max - 1, 'day'), 'day')
            }
            data-testid="screen-link-valid-until"
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name="wholeHospital"
          label={t('monitor.links.wholeHospital')}
          extra={t('monitor.links.wholeHospitalHint')}
          valuePropName="checked"
        >
          <Switch data-testid="screen-link-whole" />
        </Form.Item>
      </Col>
      {whole ? null : (
        <Col xs={24}>
          <Form.Item
            name="departmentCodes"
            label={t('monitor.links.wards')}
            rules={[{ required: true, type: 'array', min: 1, message: t('monitor.links.wardsRequired') }]}
            required
          >
            <DepartmentTreeSelect
              multiple
              source="using"
              placeholder={t('monitor.links.wardsPlaceholder')}
              data-testid="screen-link-wards"
            />
          </Form.Item>
        </Col>
      )}
      <Col xs={24}>
        <Form.Item
          name="variant"
          label={t('monitor.links.variant')}
          rules={[zodRule(shape.variant)]}
          required
        >
          <Radio.Group data-testid="screen-link-variant">
            <Space direction="vertical">
              {SCREEN_VARIANTS.map((variant) => (
                <Radio key={variant} value={variant} data-testid={`screen-link-variant-${variant}`}>
                  <strong>{t(`monitor.links.variants.${variant}`)}</strong>
                  <span className="gc-muted"> — {t(`monitor.links.variantHints.${variant}`)}</span>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

/** The new link's address, shown once: copy it or open it on this screen. */
function CreatedDialog({ created, onClose }: { created: ScreenLinkCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const url = absoluteUrl(created.url);
  const copy = async () => {
    if (await copyText(url)) toastSuccess(t('monitor.links.copied'));
    else toastError(t('monitor.links.copyFailed'));
  };
  return (
    <Modal
      open
      title={t('monitor.links.createdTitle', { name: created.link.name })}
      onCancel={onClose}
      maskClosable={false}
      width={640}
      footer={[
        <Button key="copy" onClick={() => void copy()} data-testid="screen-link-copy">
          {t('monitor.links.copy')}
        </Button>,
        <Button
          key="open"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="screen-link-open"
        >
          {t('monitor.links.open')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="screen-link-done">
          {t('common.close')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={t('monitor.links.onceWarning')} />
        <Typography.Paragraph
          code
          style={{ wordBreak: 'break-all', marginBottom: 0 }}
          data-testid="screen-link-url"
        >
          {url}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('monitor.links.createdHint')}</Typography.Text>
      </Space>
    </Modal>
  );
}

/** The use trail of a link: calls per client address and hour, newest first. */
function UsesDrawer({ link, onClose }: { link: ScreenLink; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const columns: ProColumns<ScreenLinkUse>[] = [
    {
      title: t('monitor.links.uses.hour'),
      dataIndex: 'hour',
      width: 140,
      render: (_, row) => dateTimeInZone(row.hour),
    },
    { title: t('monitor.links.uses.address'), dataIndex: 'address', width: 130 },
    { title: t('monitor.links.uses.calls'), dataIndex: 'calls', width: 80, align: 'right' },
    {
      title: t('monitor.links.uses.between'),
      key: 'between',
      width: 130,
      render: (_, row) =>
        `${dateTimeInZone(row.firstAt).slice(11)} – ${dateTimeInZone(row.lastAt).slice(11)}`,
    },
    {
      title: t('monitor.links.uses.userAgent'),
      dataIndex: 'userAgent',
      ellipsis: true,
      width: 220,
      render: (_, row) => row.userAgent ?? t('common.none'),
    },
  ];
  return (
    <Drawer
      open
      title={t('monitor.links.uses.title', { name: link.name })}
      width={mobile ? '100%' : 760}
      onClose={onClose}
      data-testid="screen-link-uses"
    >
      <Typography.Paragraph type="secondary">{t('monitor.links.uses.intro')}</Typography.Paragraph>
      <ListPage<ScreenLinkUse, Record<string, never>>
        name={`${USES}-${link.id}`}
        columnsKey="gc-columns-screen-link-uses"
        columns={columns}
        request={(query, signal) => fetchScreenLinkUses(link.id, query, signal)}
        rowKey={(row) => `${row.hour}|${row.address}`}
        search={false}
        tableOptions={false}
        texts={{ empty: t('monitor.links.uses.empty'), loadFailed: t('monitor.links.uses.loadFailed') }}
      />
    </Drawer>
  );
}

/**
 * `/monitor/link` (院内大屏链接): the administrators' wall-screen links — who may show which wards on
 * which wall, until when, and who used them; create (the address shown once), revoke with a reason,
 * and the use trail (docs/api.md "Wall screens").
 */
export default function ScreenLinksPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMS.edit);
  const reload = useListReload(LIST);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ScreenLinkCreated | null>(null);
  const [trail, setTrail] = useState<ScreenLink | null>(null);

  const revoke = async (link: ScreenLink) => {
    const { min, max } = SCREEN_LINK_LIMITS.reason;
    const reason = await askReason({
      title: t('monitor.links.revokeTitle', { name: link.name }),
      content: t('monitor.links.revokeContent'),
      label: t('monitor.links.revokeReason'),
      okText: t('monitor.links.revoke'),
      cancelText: t('common.cancel'),
      check: (text) =>
        text.length < min || text.length > max ? t('monitor.links.revokeReasonLength', { min, max }) : null,
    });
    if (reason === null) return;
    try {
      await revokeScreenLink(link.id, { reason, version: link.version });
      toastSuccess(t('monitor.links.revoked'));
    } catch (error) {
      toastError(errorText(error));
    }
    reload();
  };

  const columns: ProColumns<ScreenLink>[] = [
    {
      title: t('monitor.links.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('monitor.links.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('monitor.links.name'),
      dataIndex: 'name',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 170,
    },
    {
      title: t('monitor.links.wards'),
      key: 'wards',
      search: false,
      width: 220,
      render: (_, row) =>
        row.wholeHospital ? (
          <Tag color="blue">{t('monitor.links.wholeHospital')}</Tag>
        ) : (
          row.departments.map((d) => d.name).join(t('monitor.links.listSeparator'))
        ),
    },
    {
      title: t('monitor.links.variant'),
      dataIndex: 'variant',
      search: false,
      width: 130,
      render: (_, row) => t(`monitor.links.variants.${row.variant}`),
    },
    { title: t('monitor.links.validUntil'), dataIndex: 'validUntil', search: false, width: 110 },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      width: 100,
      fieldProps: {
        placeholder: t('common.all'),
        options: SCREEN_LINK_STATUSES.map((value) => ({
          value,
          label: t(`monitor.links.statuses.${value}`),
        })),
      },
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]} data-testid={`screen-link-status-${row.id}`}>
          {t(`monitor.links.statuses.${row.status}`)}
        </Tag>
      ),
    },
    {
      title: t('monitor.links.lastUsed'),
      key: 'lastUsed',
      search: false,
      width: 170,
      render: (_, row) =>
        row.lastUsedAt ? (
          <Space size={0} direction="vertical">
            <span>{dateTimeInZone(row.lastUsedAt)}</span>
            <span className="gc-small gc-muted">{row.lastUsedAddress}</span>
          </Space>
        ) : (
          <span className="gc-muted">{t('monitor.links.neverUsed')}</span>
        ),
    },
    { title: t('monitor.links.useCount'), dataIndex: 'useCount', search: false, width: 80, align: 'right' },
    {
      title: t('monitor.links.createdBy'),
      key: 'createdBy',
      search: false,
      width: 160,
      render: (_, row) => (
        <Space size={0} direction="vertical">
          <span>{row.createdByName ?? t('common.none')}</span>
          <span className="gc-small gc-muted">{dateTimeInZone(row.createdAt)}</span>
        </Space>
      ),
    },
    {
      title: t('monitor.links.revokedReason'),
      key: 'revokedReason',
      search: false,
      width: 180,
      render: (_, row) =>
        row.revokedAt ? (
          <Space size={0} direction="vertical">
            <span>{row.revokedReason ?? ''}</span>
            <span className="gc-small gc-muted">
              {row.revokedByName ?? ''} {dateTimeInZone(row.revokedAt)}
            </span>
          </Space>
        ) : (
          ''
        ),
    },
  ];

  return (
    <PageWrapper
      title={t('monitor.links.title')}
      description={t('monitor.links.intro')}
      testId="screen-links-page"
    >
      <ListPage<ScreenLink, ScreenLinkFilter>
        name={LIST}
        columnsKey="gc-columns-screen-links"
        columns={columns}
        hiddenColumns={['revokedReason']}
        request={fetchScreenLinkPage}
        texts={{ empty: t('monitor.links.empty'), loadFailed: t('monitor.links.loadFailed') }}
        create={
          canEdit
            ? {
                testId: 'screen-link-create',
                label: t('monitor.links.create'),
                onClick: () => setCreating(true),
              }
            : undefined
        }
        rowActions={{
          extra: (row) => (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                onClick={() => setTrail(row)}
                data-testid={`screen-link-trail-${row.id}`}
              >
                {t('monitor.links.trail')}
              </Button>
              {canEdit && row.status === 'active' ? (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => void revoke(row)}
                  data-testid={`screen-link-revoke-${row.id}`}
                >
                  {t('monitor.links.revoke')}
                </Button>
              ) : null}
            </Space>
          ),
        }}
      />
      {creating ? (
        <CreateForm
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            setCreated(saved);
            reload();
          }}
        />
      ) : null}
      {created ? <CreatedDialog created={created} onClose={() => setCreated(null)} /> : null}
      {trail ? <UsesDrawer link={trail} onClose={() => setTrail(null)} /> : null}
    </PageWrapper>
  );
}
