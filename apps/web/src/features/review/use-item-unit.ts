import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { displayUnitFor } from '@glucocare/domain/review';
import { useQuery } from '@tanstack/react-query';
import { fetchItemDisplay } from '../../api/settings';

/**
 * The unit an item is shown in (settings "item display"), shared with the settings screen's cache so
 * that a change there shows here at once; the storage unit until it has loaded or when it fails.
 */
export function useItemUnit(item: MeasurementItem): DisplayUnit {
  const query = useQuery({
    queryKey: ['settings', 'itemDisplay', item],
    queryFn: ({ signal }) => fetchItemDisplay(item, signal),
    staleTime: 300_000,
    // the storage unit stands in; the list itself reports a failing server
    meta: { silent: true },
  });
  return displayUnitFor(item, query.data?.unit);
}
