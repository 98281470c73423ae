import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown in an edit form when the server refused a stale `version` (409): the message, and a button
 * that loads the latest version into the form (the user's unsaved changes are dropped).
 */
export function ConflictAlert({
  message,
  onReload,
  reloading = false,
}: {
  message: string | null;
  onReload?: () => void;
  reloading?: boolean;
}) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="gc-form-alert"
      data-testid="form-conflict"
      message={message}
      action={
        onReload ? (
          <Button size="small" onClick={onReload} loading={reloading} data-testid="form-reload-latest">
            {t('form.reloadLatest')}
          </Button>
        ) : undefined
      }
    />
  );
}
