/**
 * Issue 20, wall screens: the four wall calls with a whole-hospital screen link (`X-Screen-Link`, no
 * session) and the SQL ceiling of the overview; and 200 wall-screen streams (`GET /v1/monitor/events`)
 * open on the one app process while 20 nurses enter readings (`push.ts` with the wall's stream).
 *
 * The ceiling runs exactly the statements the overview sends (captured from the app's own
 * `monitorOverview` through a drizzle logger over the bench database), one after the other on one
 * connection: the link check and the use upsert excluded, as the other ceilings leave out the session.
 */
import { addDays, calendarDate } from '@glucocare/domain';
import { SCREEN_LINK_HEADER } from '@glucocare/domain/monitor';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { DbOrTx } from '../../../apps/server/src/db/client';
import { monitorOverview } from '../../../apps/server/src/modules/monitor/screens';
import type { AppServer } from './app-server';
import type { CeilingQuery } from './ceiling';
import { BENCH_TENANT, type HospitalInfo } from './generate';

/** Creates a whole-hospital link of the `hospital` layout (as an administrator) and answers its token. */
export async function wholeHospitalLink(
  server: AppServer,
  adminToken: string,
  timeZone: string,
): Promise<string> {
  const res = await fetch(`${server.url}/app-service/v1/monitor/links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `bench ${Date.now().toString(36)}`,
      wholeHospital: true,
      departmentCodes: [],
      variant: 'hospital',
      validUntil: addDays(calendarDate(new Date(), timeZone), 1),
    }),
  });
  const body = (await res.json()) as { dataContent: { token: string } };
  if (res.status !== 200)
    throw new Error(`creating a screen link answered ${res.status}: ${JSON.stringify(body)}`);
  return body.dataContent.token;
}

/** The header a wall sends. */
export const wallHeaders = (token: string) => ({ [SCREEN_LINK_HEADER]: token });

/** The overview's statements, as the app sends them for a whole-hospital link now. */
export async function overviewCeiling(info: HospitalInfo, db: pg.Pool): Promise<CeilingQuery> {
  const statements: CeilingQuery['statements'] = [];
  const orm = drizzle(db, {
    logger: { logQuery: (text, values) => void statements.push({ text, values }) },
  }) as unknown as DbOrTx;
  const overview = await monitorOverview({
    db: orm,
    grant: {
      tenantId: BENCH_TENANT,
      linkId: 0,
      name: 'bench',
      departmentCodes: null,
      variant: 'hospital',
      validUntil: addDays(calendarDate(new Date(), info.timeZone), 1),
      timeZone: info.timeZone,
      configVersion: 0,
    },
    now: new Date(),
    lang: 'zh-CN',
  });
  return {
    name: `SQL ceiling: wall overview (whole hospital, ${overview.config.departments.length} wards, today ${overview.measureCount} glucose readings; ${statements.length} statements one after the other)`,
    statements,
  };
}
