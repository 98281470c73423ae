import { Alert, Button, Empty, Typography } from 'antd';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageWrapperProps {
  title: ReactNode;
  description?: ReactNode;
  /** buttons beside the title */
  extra?: ReactNode;
  /** `data-testid` of the page root */
  testId?: string;
  className?: string;
  children: ReactNode;
}

/** The frame of a list or form page: title, optional description and actions, then the content. */
export const PageWrapper = forwardRef<HTMLDivElement, PageWrapperProps>(function PageWrapper(
  { title, description, extra, testId, className, children },
  ref,
) {
  return (
    <div ref={ref} className={className ? `gc-page ${className}` : 'gc-page'} data-testid={testId}>
      <div className="gc-page-head">
        <div className="gc-page-head-text">
          <Typography.Title level={4} className="gc-page-title">
            {title}
          </Typography.Title>
          {description ? (
            <Typography.Paragraph type="secondary" className="gc-page-description">
              {description}
            </Typography.Paragraph>
          ) : null}
        </div>
        {extra ? <div className="gc-page-head-extra">{extra}</div> : null}
      </div>
      {children}
    </div>
  );
});

export interface LoadErrorProps {
  /** what could not be loaded ("The staff list could not be loaded") */
  title: string;
  /** the server's message */
  message?: string | null;
  onRetry?: () => void;
  testId?: string;
}

/** The error state of a list: what failed, why, and a retry button. */
export function LoadError({ title, message, onRetry, testId = 'load-error' }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      className="gc-form-alert"
      message={title}
      description={message || undefined}
      data-testid={testId}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry} data-testid="load-retry">
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The empty state of a table: a quiet picture and what is (not) there. */
export function TableEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid="table-empty" />;
}
