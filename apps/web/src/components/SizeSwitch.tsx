import { CheckOutlined, FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPONENT_SIZES, setComponentSize, usePreferences } from '../app/preferences';

/** Component size switch (antd ConfigProvider componentSize: small / middle / large), remembered. */
export function SizeSwitch() {
  const { t } = useTranslation();
  const { size } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [size],
        items: COMPONENT_SIZES.map((value) => ({
          key: value,
          label: <span data-size={value}>{t(`size.${value}`)}</span>,
          icon: value === size ? <CheckOutlined /> : <span className="gc-icon-placeholder" />,
        })),
        onClick: ({ key }) => setComponentSize(key as (typeof COMPONENT_SIZES)[number]),
      }}
    >
      <Tooltip title={t('common.size')} placement="bottom">
        <Button
          type="text"
          data-testid="size-switch"
          aria-label={t('common.size')}
          icon={<FontSizeOutlined />}
        />
      </Tooltip>
    </Dropdown>
  );
}
