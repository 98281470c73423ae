import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { departmentLabel } from '../../api/admin';
import { type DataFilter, fetchDataExport, fetchDataPivot } from '../../api/review';
import { useSession } from '../../app/session';
import { useDepartmentTree } from '../../components/DepartmentTreeSelect';
import { formatDateTime } from '../../components/format';
import {
  PRINT_MAX_ROWS,
  type PrintFilter,
  PrintPreviewDialog,
  usePrintHospitalName,
} from '../../components/print/PrintPreview';
import { flattenTree } from '../../components/tree';
import { currentLang } from '../../i18n';
import { ReadingsSheet } from './PrintSheet';
import type { ReviewSearchParams } from './review-filters';

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
  const { profile } = useSession();
  const hospitalName = usePrintHospitalName();
  const departments = useDepartmentTree('scope');
  const itemName = request ? t(`review.items.${request.item}`) : '';

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

  const view = request?.view ?? 'list';
  const loaded = data.data;
  return (
    <PrintPreviewDialog
      open={!!request}
      documentTitle={request ? `${itemName}_${request.filter.beginDate}_${request.filter.endDate}` : ''}
      onClose={onClose}
      loading={data.isLoading}
      error={data.error}
      truncated={loaded ? { shown: loaded.limit, total: loaded.total } : null}
      sheet={
        loaded
          ? (ref) => (
              <ReadingsSheet
                ref={ref}
                hospitalName={hospitalName}
                title={t(view === 'pivot' ? 'review.print.pivotTitle' : 'review.print.listTitle', {
                  item: itemName,
                })}
                filters={filters()}
                printedBy={profile?.nickName ?? ''}
                printedAt={formatDateTime(Date.now())}
                item={request?.item ?? 'GLU'}
                unit={unit}
                content={loaded.content}
              />
            )
          : null
      }
    />
  );
}
