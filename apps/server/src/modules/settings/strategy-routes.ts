import {
  autoConsultationSchema,
  autoJoinVirtualWardSchema,
  baselineSchema,
  criticalLoopSchema,
  type Lang,
  managingDepartmentSchema,
  mergeConsultationEntries,
  monitorStrategyOf,
  monitorStrategySchema,
  PERMISSIONS,
  pumpStrategySchema,
  reviewCriteriaSchema,
  screenStrategyOf,
  screenStrategySchema,
  shiftSettingSchema,
  tirStrategySchema,
  virtualWardGluMinSchema,
  virtualWardHbA1cMinSchema,
} from '@glucocare/domain';
import {
  baselineSettingView,
  consultationEntryView,
  monitorStrategyView,
  screenStrategyView,
  tirSettingView,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { envelopeOf, ok } from '../../http/envelope';
import { type Permission, sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { settingEndpoint } from './endpoints';
import { changeSetting, getSetting, type SettingKey, type SettingValue } from './service';
import {
  checkDepartmentCodes,
  checkPeriodCodes,
  readAutoConsultation,
  readBaseline,
  readMonitorStrategy,
  readTirSetting,
} from './strategy-service';

const tags = ['strategy settings'];
const WRITE: Permission = PERMISSIONS.settings.strategies.edit;

/**
 * A setting whose POST needs the database before it is saved (codes that must exist in the tenant) and
 * whose GET may derive its default from the tenant's data: `load` answers GET and POST alike, `check`
 * refuses unknown references with a 400 on their field, `apply` turns a valid body into the stored value.
 */
interface CheckedSetting<K extends SettingKey, B extends z.ZodType, V extends z.ZodType> {
  path: string;
  key: K;
  read: Permission;
  summary: string;
  body: B;
  response: V;
  load: (db: Database, tenantId: string) => Promise<z.infer<V>>;
  check: (db: Database, tenantId: string, body: z.infer<B>, lang: Lang) => Promise<void>;
  /** the stored value: of the body, or (a change to part of the setting) of the body and the value in effect */
  apply: (body: z.infer<B>, before: SettingValue<K>) => SettingValue<K>;
}

function checkedSetting<K extends SettingKey, B extends z.ZodType, V extends z.ZodType>(
  app: FastifyInstance,
  endpoint: CheckedSetting<K, B, V>,
): void {
  app.get(
    endpoint.path,
    {
      config: { permission: endpoint.read },
      schema: { tags, summary: endpoint.summary, response: { 200: envelopeOf(endpoint.response) } },
    },
    async (request) => ok(request, await endpoint.load(app.db, sessionOf(request).tenantId)),
  );
  app.post(
    endpoint.path,
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary: `Change: ${endpoint.summary}`,
        body: endpoint.body,
        response: { 200: envelopeOf(endpoint.response) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body as z.infer<B>;
      await endpoint.check(app.db, session.tenantId, body, request.lang);
      const next = (before: SettingValue<K>) => endpoint.apply(body, before);
      await changeSetting(app.db, session, endpoint.key, next, requestMeta(request));
      return ok(request, await endpoint.load(app.db, session.tenantId));
    },
  );
}

/** Auto consultation, monitoring and screen strategies, TIR, baseline and the virtual-ward thresholds. */
export async function strategyRoutes(app: FastifyInstance) {
  checkedSetting(app, {
    path: '/v1/autoConsultation/multi',
    key: 'strategy.autoConsultation',
    read: PERMISSIONS.settings.strategies.list,
    summary: 'Auto consultation triggers (all six; a POST changes the items it names)',
    body: autoConsultationSchema,
    response: z.array(consultationEntryView),
    load: readAutoConsultation,
    check: (db, tenantId, entries, lang) =>
      checkDepartmentCodes(
        db,
        tenantId,
        entries.map((entry) => entry.consultDepartmentCode),
        (index) => `${index}.consultDepartmentCode`,
        lang,
      ),
    apply: (entries, before) => mergeConsultationEntries(before, entries),
  });

  checkedSetting(app, {
    path: '/v1/systemSetting/monitorStrategy',
    key: 'strategy.monitor',
    read: 'session',
    summary:
      "Monitoring strategy: default periods of a new inpatient, due-soon and overdue minutes of today's tasks",
    body: monitorStrategySchema,
    response: monitorStrategyView,
    load: readMonitorStrategy,
    check: (db, tenantId, body, lang) =>
      checkPeriodCodes(db, tenantId, 'defaultPeriods', body.defaultPeriods, lang),
    // a client that does not send the window slack or late-entry minutes keeps the values in effect
    apply: (body, before) => monitorStrategyOf(body, before),
  });

  checkedSetting(app, {
    path: '/v1/systemSetting/screenStrategy',
    key: 'strategy.screen',
    read: 'session',
    summary: 'Wall-screen strategy: refresh, name masking, departments, items, time window',
    body: screenStrategySchema,
    response: screenStrategyView,
    load: async (db, tenantId) => screenStrategyOf(await getSetting(db, tenantId, 'strategy.screen')),
    check: (db, tenantId, body, lang) =>
      checkDepartmentCodes(db, tenantId, body.departmentCodes, (index) => `departmentCodes.${index}`, lang),
    apply: (body) => screenStrategyOf(body),
  });

  checkedSetting(app, {
    path: '/v1/systemSetting/tir',
    key: 'strategy.tir',
    read: 'session',
    summary: 'TIR bands (very low, low, high, very high, mmol/L) and included periods',
    body: tirStrategySchema,
    response: tirSettingView,
    load: readTirSetting,
    check: (db, tenantId, body, lang) => checkPeriodCodes(db, tenantId, 'periods', body.periods, lang),
    apply: (body) => body,
  });

  checkedSetting(app, {
    path: '/v1/systemSetting/baseline',
    key: 'strategy.baseline',
    read: 'session',
    summary: "Baseline of the virtual ward's before/after statistics: days before joining, periods",
    body: baselineSchema,
    response: baselineSettingView,
    load: readBaseline,
    check: (db, tenantId, body, lang) => checkPeriodCodes(db, tenantId, 'periods', body.periods, lang),
    apply: (body) => ({ days: body.days, periods: body.periods ?? [] }),
  });

  settingEndpoint(app, {
    read: 'session',
    write: WRITE,
    tags,
    path: '/v1/systemSetting/criticalLoop',
    key: 'strategy.criticalLoop',
    summary:
      'The critical-value loop: recheck minutes (low glucose, high glucose, ketone and uric acid), escalation and handling target minutes',
    body: criticalLoopSchema,
    response: criticalLoopSchema,
    apply: (body) => body,
  });

  settingEndpoint(app, {
    read: 'session',
    write: WRITE,
    tags,
    path: '/v1/systemSetting/shifts',
    key: 'strategy.shifts',
    summary:
      'Nursing shifts of a day (code, names, start and end on the hospital clock), covering the day without overlap: the shift hand-over reads them',
    body: shiftSettingSchema,
    response: shiftSettingSchema,
  });

  settingEndpoint(app, {
    read: 'session',
    write: WRITE,
    tags,
    path: '/v1/systemSetting/pumpStrategy',
    key: 'strategy.pump',
    summary:
      "Insulin pump strategy: days between tube changes, low battery (%) and low remaining dose (IU) thresholds of today's pump reminders",
    body: pumpStrategySchema,
    response: pumpStrategySchema,
  });

  const virtualWard = { read: 'session', write: WRITE, tags } as const;
  settingEndpoint(app, {
    ...virtualWard,
    path: '/v1/virtualward/setting/isAutoJoinVirtualRoom',
    key: 'virtualWard.autoJoin',
    summary:
      'Whether a patient (any ward but the managing department’s, discharged or outpatient) whose reading or HbA1c reaches a threshold joins the virtual ward automatically',
    body: autoJoinVirtualWardSchema,
    response: z.boolean(),
    apply: (body) => body.value,
  });
  settingEndpoint(app, {
    ...virtualWard,
    path: '/v1/virtualward/setting/gluMinValue',
    key: 'virtualWard.gluMinValue',
    summary: 'Glucose (mmol/L) from which a patient joins the virtual ward automatically',
    body: virtualWardGluMinSchema,
    response: z.number(),
    apply: (body) => body.value,
  });
  settingEndpoint(app, {
    ...virtualWard,
    path: '/v1/virtualward/setting/hbA1cMinValue',
    key: 'virtualWard.hbA1cMinValue',
    summary: 'HbA1c (%) from which a patient joins the virtual ward automatically',
    body: virtualWardHbA1cMinSchema,
    response: z.number(),
    apply: (body) => body.value,
  });
  settingEndpoint(app, {
    ...virtualWard,
    path: '/v1/virtualward/setting/reviewCriteria',
    key: 'virtualWard.reviewCriteria',
    summary:
      'The daily review worklist’s criteria: readings ≥ hyperValue (mmol/L) hyperCount times, or any < hypoValue, in the past windowHours',
    body: reviewCriteriaSchema,
    response: reviewCriteriaSchema,
  });
  checkedSetting(app, {
    path: '/v1/virtualward/setting/managingDepartment',
    key: 'virtualWard.managingDepartment',
    read: 'session',
    summary:
      "The department that manages the virtual ward (issue 18): its own inpatients are not virtual-ward patients; its staff see the virtual ward's patients whatever their ward",
    body: managingDepartmentSchema,
    response: z.string().nullable(),
    load: (db, tenantId) => getSetting(db, tenantId, 'virtualWard.managingDepartment'),
    check: (db, tenantId, body, lang) =>
      checkDepartmentCodes(db, tenantId, [body.value], () => 'value', lang),
    apply: (body) => body.value,
  });
}
