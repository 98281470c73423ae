import type { MeasurementItem } from '@glucocare/domain';
import type { ReadingView } from '@glucocare/domain/responses';
import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { measurements } from '../../db/schema';
import { selectReadings, toReadingView } from '../measurements/view';
import type { RecordContext } from './service';

/**
 * The live readings of some patients and items in [from, to), earliest first, in the shared response
 * shape of measurements (`readingView` of `@glucocare/domain/responses`). `departmentCode` keeps those taken in one department
 * (the ward record). Served by the (tenant, patient, item, test_time) index.
 */
export async function loadReadings(
  ctx: Pick<RecordContext, 'db' | 'tenantId' | 'lang'>,
  filter: { patientIds: number[]; items: MeasurementItem[]; from: Date; to: Date; departmentCode?: string },
): Promise<ReadingView[]> {
  const rows = await selectReadings(ctx.db, ctx.lang)
    .where(
      and(
        eq(measurements.tenantId, ctx.tenantId),
        filter.patientIds.length === 1
          ? eq(measurements.patientId, filter.patientIds[0])
          : inArray(measurements.patientId, filter.patientIds),
        filter.items.length === 1
          ? eq(measurements.item, filter.items[0])
          : inArray(measurements.item, filter.items),
        gte(measurements.testTime, filter.from),
        lt(measurements.testTime, filter.to),
        isNull(measurements.deletedAt),
        filter.departmentCode ? eq(measurements.departmentCode, filter.departmentCode) : undefined,
      ),
    )
    .orderBy(asc(measurements.testTime), asc(measurements.id));
  return rows.map(toReadingView);
}
