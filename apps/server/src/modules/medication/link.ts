/**
 * The link of insulin records to medication orders (issue 17): a dose given against an order, and the
 * order names the insulin views show. Kept apart from the order service so the insulin write path
 * reads no more than it needs.
 */
import type { Lang } from '@glucocare/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { medicationOrders } from '../../db/schema';
import { fieldError } from '../measurements/context';

/**
 * The medication order an insulin record is given against (issue 17): an active, not deleted order of
 * the same patient whose drugs include the record's drug and that had begun by the time given; else
 * 400 on `medicationOrderId`. Answers the order's name.
 */
export async function orderForDose(
  tx: DbOrTx,
  tenantId: string,
  dose: { patientId: number; drugId: number; givenAt: Date; medicationOrderId: number },
  lang: Lang,
): Promise<{ id: number; name: string }> {
  const [order] = await tx
    .select()
    .from(medicationOrders)
    .where(
      and(
        eq(medicationOrders.tenantId, tenantId),
        eq(medicationOrders.id, dose.medicationOrderId),
        isNull(medicationOrders.deletedAt),
      ),
    );
  if (!order || order.patientId !== dose.patientId || order.status !== 'active') {
    throw fieldError(lang, 'medicationOrderId', 'insulin.order.unknown');
  }
  if (!order.drugs.some((d) => d.drugId === dose.drugId)) {
    throw fieldError(lang, 'medicationOrderId', 'insulin.order.drug');
  }
  if (order.beginAt.getTime() > dose.givenAt.getTime()) {
    throw fieldError(lang, 'medicationOrderId', 'insulin.order.notBegun');
  }
  return { id: order.id, name: order.name };
}

/** The names of the orders some insulin records name (for their views). */
export async function orderNames(db: DbOrTx, tenantId: string, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: medicationOrders.id, name: medicationOrders.name })
    .from(medicationOrders)
    .where(and(eq(medicationOrders.tenantId, tenantId), inArray(medicationOrders.id, wanted)))
    .orderBy(asc(medicationOrders.id));
  return new Map(rows.map((r) => [r.id, r.name]));
}
