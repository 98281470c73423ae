import {
  type CriticalLoopReportQuery,
  type Lang,
  type LoopTimes,
  loopFigures,
  zonedInstant,
} from '@glucocare/domain';
import type { CriticalLoopReportView } from '@glucocare/domain/responses';
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { criticalEvents, departments } from '../../db/schema';
import { departmentScopeCondition } from '../../lib/scope';
import type { SessionUser } from '../auth/sessions';
import { departmentNameColumn } from '../departments/service';
import { getSetting } from '../settings/service';
import { hospitalTimeZone } from '../settings/time-zone';

/** The first day of the month after `month` (YYYY-MM), as YYYY-MM-DD. */
function nextMonthStart(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * GET /v1/crisisPatient/loopReport: the critical-value loop of a month (the hospital's calendar) per ward
 * in the caller's scope, and all of them together; figures by the domain's `loopFigures`. The month's
 * values are read once (a ward has tens a month, a hospital some thousands) and counted here, where the
 * published percentile definition lives, rather than with PostgreSQL's percentile_cont — the same
 * definition, but then the report's numbers would have two sources.
 */
export async function criticalLoopReport(
  db: DbOrTx,
  session: SessionUser,
  query: CriticalLoopReportQuery,
  lang: Lang,
): Promise<CriticalLoopReportView> {
  const timeZone = await hospitalTimeZone(db, session);
  const from = zonedInstant(`${query.month}-01`, 0, timeZone);
  const until = zonedInstant(nextMonthStart(query.month), 0, timeZone);
  const { targetMinutes } = await getSetting(db, session.tenantId, 'strategy.criticalLoop');
  const rows = await db
    .select({
      departmentCode: criticalEvents.departmentCode,
      departmentName: departmentNameColumn(lang),
      measuredAt: criticalEvents.measuredAt,
      notifiedAt: criticalEvents.notifiedAt,
      acknowledgedAt: criticalEvents.acknowledgedAt,
      handledAt: criticalEvents.handledAt,
      recheckedAt: criticalEvents.recheckedAt,
    })
    .from(criticalEvents)
    .leftJoin(
      departments,
      and(
        eq(departments.tenantId, criticalEvents.tenantId),
        eq(departments.code, criticalEvents.departmentCode),
      ),
    )
    .where(
      and(
        eq(criticalEvents.tenantId, session.tenantId),
        ne(criticalEvents.status, 'void'),
        gte(criticalEvents.measuredAt, from),
        lt(criticalEvents.measuredAt, until),
        departmentScopeCondition(session.scope, criticalEvents.departmentCode),
        query.departmentCode ? eq(criticalEvents.departmentCode, query.departmentCode) : undefined,
      ),
    )
    .orderBy(criticalEvents.departmentCode);
  const wards = new Map<string, { name: string; events: LoopTimes[] }>();
  for (const row of rows) {
    const ward = wards.get(row.departmentCode) ?? {
      name: row.departmentName ?? row.departmentCode,
      events: [],
    };
    ward.events.push(row);
    wards.set(row.departmentCode, ward);
  }
  return {
    month: query.month,
    targetMinutes,
    departments: [...wards.entries()].map(([departmentCode, ward]) => ({
      departmentCode,
      departmentName: ward.name,
      ...loopFigures(ward.events, targetMinutes),
    })),
    total: loopFigures(rows, targetMinutes),
  };
}
