import { PrinterOutlined } from '@ant-design/icons';
import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReactToPrint } from 'react-to-print';
import { departmentLabel } from '../../api/admin';
import { errorText } from '../../api/http';
import { type DataFilter, fetchDataExport, fetchDataPivot } from '../../api/review';
import { useDevice } from '../../app/preferences';
import { useSession } from '../../app/session';
import { useDepartmentTree } from '../../components/DepartmentTreeSelect';
import { formatDateTime } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { flattenTree } from '../../components/tree';
import { currentLang } from '../../i18n';
import { PRINT_PAGE_STYLE, type PrintFilter, PrintSheet } from './PrintSheet';
import type { ReviewSearchParams } from './review-filters';

/** Most list rows a print holds (about 60 A4 pages); larger queries are exported instead. */
export const PRINT_MAX_ROWS = 2000;
/** Most pivot rows (patient × day) a print holds. */
export const PRINT_MAX_PIVOT_ROWS = 500;

/** What the print shows: the query as sent and as the form holds it (for the filter summary). */
export interface PrintRequest {
  filter: DataFilter;
  values: ReviewSearchParams;
  view: 'list' | 'pivot';
  item: MeasurementItem;
  doctorOptions: { value: string; label: string }[];
}

/** A print preview of the current data-management query, printed A4 landscape by the browser. */
export function PrintPreview({
  request,
  unit,
  onClose,
}: {
  request: PrintRequest | null;
  unit: DisplayUnit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const { profile, tenant } = useSession();
  const departments = useDepartmentTree('scope');
  const sheetRef = useRef<HTMLDivElement>(null);
  const itemName = request ? t(`review.items.${request.item}`) : '';
  const print = useReactToPrint({
    contentRef: sheetRef,
    documentTitle: request ? `${itemName}_${request.filter.beginDate}_${request.filter.endDate}` : '',
    pageStyle: PRINT_PAGE_STYLE,
  });

  const data = useQuery({
    queryKey: ['review', 'print', request?.view, request?.filter, lang],
    enabled: !!request,
    gcTime: 0,
    meta: { silent: true },
    queryFn: async ({ signal }) => {
      const current = request as PrintRequest;
      if (current.view === 'pivot') {
        const page = await fetchDataPivot({ ...current.filter, page: 1, size: PRINT_MAX_PIVOT_ROWS }, signal);
        return {
          content: { view: 'pivot' as const, rows: page.records, periods: page.periods },
          total: page.total,
          limit: PRINT_MAX_PIVOT_ROWS,
        };
      }
      const all = await fetchDataExport(current.filter, signal);
      return {
        content: { view: 'list' as const, rows: all.records.slice(0, PRINT_MAX_ROWS) },
        total: all.total,
        limit: PRINT_MAX_ROWS,
      };
    },
  });

  const filters = (): PrintFilter[] => {
    if (!request) return [];
    const { filter, values } = request;
    const list: PrintFilter[] = [
      { label: t('review.fields.item'), value: itemName },
      { label: t('review.fields.range'), value: `${filter.beginDate} – ${filter.endDate}` },
    ];
    if (filter.departmentCode) {
      const node = flattenTree(departments.data ?? []).find((d) => d.code === filter.departmentCode);
      list.push({
        label: t('review.fields.department'),
        value: node ? departmentLabel(node, lang) : filter.departmentCode,
      });
    }
    if (filter.doctorCode) {
      const doctor = request.doctorOptions.find((option) => option.value === filter.doctorCode);
      list.push({ label: t('review.fields.doctor'), value: doctor?.label ?? filter.doctorCode });
    }
    if (filter.queryCondition) list.push({ label: t('review.fields.keyword'), value: filter.queryCondition });
    if (filter.status)
      list.push({ label: t('review.fields.status'), value: t(`review.status.${filter.status}`) });
    if (filter.classification) {
      list.push({
        label: t('review.fields.classification'),
        value: t(`review.classes.${filter.classification}`),
      });
    }
    if (values.minValue || values.maxValue) {
      list.push({
        label: t('review.fields.valueRangeShort'),
        value: `${values.minValue || '…'} – ${values.maxValue || '…'} ${unit.name}`,
      });
    }
    if (filter.includeDeleted)
      list.push({ label: t('review.fields.includeDeleted'), value: t('common.yes') });
    return list;
  };

  const hospitalName = tenant?.names?.[lang] ?? tenant?.tenantName ?? profile?.tenantName ?? '';
  const view = request?.view ?? 'list';
  return (
    <Modal
      open={!!request}
      onCancel={onClose}
      title={t('review.print.title')}
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
          disabled={!data.data}
          data-testid="print-submit"
          onClick={() => print()}
        >
          {t('review.print.action')}
        </Button>,
      ]}
    >
      {data.isLoading ? (
        <div className="gc-center-text">
          <Spin />
        </div>
      ) : null}
      {data.isError ? (
        <LoadError title={t('review.print.loadFailed')} message={errorText(data.error)} />
      ) : null}
      {data.data && data.data.total > data.data.limit ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          data-testid="print-truncated"
          message={t('review.print.truncated', { shown: data.data.limit, total: data.data.total })}
        />
      ) : null}
      {data.data ? (
        <div className="gc-print-frame">
          <PrintSheet
            ref={sheetRef}
            hospitalName={hospitalName}
            title={t(view === 'pivot' ? 'review.print.pivotTitle' : 'review.print.listTitle', {
              item: itemName,
            })}
            filters={filters()}
            printedBy={profile?.nickName ?? ''}
            printedAt={formatDateTime(Date.now())}
            item={request?.item ?? 'GLU'}
            unit={unit}
            content={data.data.content}
          />
        </div>
      ) : null}
    </Modal>
  );
}
