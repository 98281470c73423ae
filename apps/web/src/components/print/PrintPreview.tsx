import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Spin } from 'antd';
import { forwardRef, type ReactNode, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/http';
import { useDevice } from '../../app/preferences';
import { useSession } from '../../app/session';
import { currentLang } from '../../i18n';
import { LoadError } from '../PageWrapper';
import './print.css';
import { type PageStyle, usePrint } from './usePrint';

/**
 * The print preview of lists: a dialog with a plain-HTML sheet, printed through {@link usePrint} (the
 * one print mechanism; A4 landscape). Plain tables, not the screen's antd table, so that long lists
 * break across pages with the header row repeated.
 */

/** Most rows a print holds (about 60 A4 pages); larger lists are exported to Excel instead. */
export const PRINT_MAX_ROWS = 2000;

export interface PrintFilter {
  label: string;
  value: string;
}

/** The hospital's name in the language shown (the header of every printed sheet). */
export function usePrintHospitalName(): string {
  const { profile, tenant } = useSession();
  return tenant?.names?.[currentLang()] ?? tenant?.tenantName ?? profile?.tenantName ?? '';
}

/** The printed page: hospital header, title, the filters, the content, then `footer`. */
export const PrintSheet = forwardRef<
  HTMLDivElement,
  { hospitalName: string; title: string; filters: PrintFilter[]; footer: string; children: ReactNode }
>(function PrintSheet({ hospitalName, title, filters, footer, children }, ref) {
  return (
    <div ref={ref} className="gc-print-sheet" data-testid="print-sheet">
      <header className="gc-print-header">
        <div className="gc-print-hospital">{hospitalName}</div>
        <div className="gc-print-title">{title}</div>
        <dl className="gc-print-filters">
          {filters.map((filter) => (
            <div key={filter.label}>
              <dt>{filter.label}</dt>
              <dd>{filter.value}</dd>
            </div>
          ))}
        </dl>
      </header>
      {children}
      <footer className="gc-print-footer">{footer}</footer>
    </div>
  );
});

/**
 * The preview dialog: loading, the load error, a notice when only the first `shown` of `total` rows
 * fit, the sheet, and Close / Print (`print-submit`). `sheet` gets the ref react-to-print prints.
 */
export function PrintPreviewDialog({
  open,
  documentTitle,
  onClose,
  loading,
  error,
  truncated,
  sheet,
  pageStyle = 'list',
}: {
  open: boolean;
  documentTitle: string;
  onClose: () => void;
  loading: boolean;
  error: unknown;
  truncated: { shown: number; total: number } | null;
  /** the sheet, or null while there is none */
  sheet: ((ref: RefObject<HTMLDivElement>) => ReactNode) | null;
  /** the paper (default: lists, A4 landscape) */
  pageStyle?: PageStyle;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const sheetRef = useRef<HTMLDivElement>(null);
  const print = usePrint({ content: sheetRef, pageStyle, documentTitle });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('print.title')}
      width={mobile ? '100%' : 1160}
      className="gc-print-preview"
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!sheet}
          data-testid="print-submit"
          onClick={() => print()}
        >
          {t('print.action')}
        </Button>,
      ]}
    >
      {loading ? (
        <div className="gc-center-text">
          <Spin />
        </div>
      ) : null}
      {error ? <LoadError title={t('print.loadFailed')} message={errorText(error)} /> : null}
      {truncated && truncated.total > truncated.shown ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          data-testid="print-truncated"
          message={t('print.truncated', truncated)}
        />
      ) : null}
      {sheet ? <div className="gc-print-frame">{sheet(sheetRef)}</div> : null}
    </Modal>
  );
}
