import type { Lang } from '@glucocare/domain/i18n';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { refreshProfile } from '../app/session';
import { currentLang, setLanguage } from '../i18n';

const SHORT: Record<Lang, string> = { 'en-US': 'EN', 'zh-CN': '中文' };

/**
 * en-US / zh-CN switch: every text, antd and dayjs change at once, without reload; the choice is
 * remembered. Options carry `data-lang` for tests.
 */
export function LanguageSwitch({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLang();
  const options = (['en-US', 'zh-CN'] as const).map((value) => ({
    value,
    label: (
      <span data-lang={value} title={t(`lang.${value}`)}>
        {compact ? SHORT[value] : t(`lang.${value}`)}
      </span>
    ),
  }));
  return (
    <Segmented<Lang>
      data-testid="lang-switch"
      aria-label={t('common.language')}
      className={className}
      size="small"
      value={lang}
      options={options}
      onChange={(value) => {
        if (value === i18n.language) return;
        void setLanguage(value).then(() => refreshProfile());
      }}
    />
  );
}
