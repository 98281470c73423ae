import { ModalForm } from '@ant-design/pro-components';
import { PERMISSIONS, tenantNameSchema } from '@glucocare/domain/admin';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renameTenant } from '../../api/catalogues';
import type { TenantInfo } from '../../api/tenants';
import { toastSuccess } from '../../app/notify';
import { refreshProfile, setSessionTenant } from '../../app/session';
import { submitterProps } from '../../components/dialog-form/DialogForm';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';

export const TENANT_EDIT_PERMISSION = PERMISSIONS.system.hospitalName.edit;

interface Values {
  tenantNameZh: string;
  tenantNameEn: string;
}

/** The hospital's names now: both languages when the server sent them, else the one name shown. */
export function hospitalNames(tenant: TenantInfo | null, fallback: string): Values {
  return {
    tenantNameZh: tenant?.names?.['zh-CN'] ?? fallback,
    tenantNameEn: tenant?.names?.['en-US'] ?? fallback,
  };
}

/**
 * Renames the hospital in both languages (PUT /v1/tenants, `system:tenant:edit`): each 2-50 characters.
 * The organisation in the top bar and on the home page follows at once.
 */
export function HospitalNameForm({
  tenant,
  fallbackName,
  onClose,
}: {
  tenant: TenantInfo | null;
  fallbackName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const shape = tenantNameSchema.shape;
  return (
    <ModalForm<Values>
      open
      form={form}
      title={t('hospital.editTitle')}
      width={520}
      layout="vertical"
      initialValues={hospitalNames(tenant, fallbackName)}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const updated = await renameTenant({
            tenantNameZh: values.tenantNameZh.trim(),
            tenantNameEn: values.tenantNameEn.trim(),
          });
          setSessionTenant(updated);
          void refreshProfile();
          toastSuccess(t('hospital.saved'));
          onClose();
          return true;
        } catch (error) {
          handleSaveError(form, error);
          return false;
        }
      }}
    >
      <Typography.Paragraph type="secondary" className="gc-form-note">
        {t('hospital.note')}
      </Typography.Paragraph>
      <Form.Item
        name="tenantNameZh"
        label={t('hospital.nameZh')}
        rules={[zodRule(shape.tenantNameZh)]}
        required
      >
        <Input maxLength={50} showCount autoComplete="off" lang="zh-CN" />
      </Form.Item>
      <Form.Item
        name="tenantNameEn"
        label={t('hospital.nameEn')}
        rules={[zodRule(shape.tenantNameEn)]}
        required
      >
        <Input maxLength={50} showCount autoComplete="off" lang="en" />
      </Form.Item>
    </ModalForm>
  );
}
