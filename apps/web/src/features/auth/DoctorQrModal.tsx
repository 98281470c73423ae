import { Modal, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../api/users';

/** The text a doctor's QR code carries: department name followed by the account name (§2 Layout). */
export function doctorQrText(profile: Pick<Profile, 'departmentName' | 'userName'>): string {
  return `${profile.departmentName ?? ''}${profile.userName}`;
}

/** Doctor QR code dialog, inviting patients to follow the doctor via the messaging public account. */
export function DoctorQrModal({
  open,
  profile,
  onClose,
}: {
  open: boolean;
  profile: Profile;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = doctorQrText(profile);
  const name = profile.nickName || profile.userName;
  return (
    <Modal open={open} title={t('qrcode.title')} onCancel={onClose} footer={null} width={360} destroyOnHidden>
      <div className="gc-qrcode" data-testid="doctor-qrcode">
        {text ? <QRCode value={text} size={220} bordered={false} /> : <p>{t('qrcode.empty')}</p>}
        <Typography.Title level={5} className="gc-qrcode-name">
          {name}
          {profile.departmentName ? ` · ${profile.departmentName}` : ''}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="gc-qrcode-caption">
          {t('qrcode.caption', { name })}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
