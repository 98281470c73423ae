import {
  insulinPumpCreateSchema,
  insulinPumpUpdateSchema,
  PERMISSIONS,
  pumpBasalProfileSchema,
  pumpDownSchema,
  pumpManufacturerCreateSchema,
  pumpManufacturerUpdateSchema,
  pumpReportBodySchema,
  pumpStatusSchema,
  pumpTubeChangeSchema,
  pumpUpSchema,
} from '@glucocare/domain';
import {
  insulinPumpView,
  PUMP_HISTORY_KINDS,
  pumpBasalProfileView,
  pumpBindingOptionsView,
  pumpBindingView,
  pumpHistoryView,
  pumpManufacturerView,
  pumpPatientView,
  pumpTubeChangeView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { activeFilter, idParam, idText, pageQueryFields } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
import { requestMeta } from '../audit/service';
import {
  type BindingWriteOptions,
  bindingOptions,
  changeTube,
  downPump,
  pagePumpPatients,
  pumpPatient,
  setBasalProfile,
  upPump,
} from './bindings';
import { pumpHistory } from './history';
import {
  createManufacturer,
  createPump,
  deleteManufacturer,
  deletePump,
  listManufacturers,
  pageManufacturers,
  pagePumps,
  reportPump,
  setManufacturerStatus,
  setPumpStatus,
  updateManufacturer,
  updatePump,
} from './service';

const tags = ['pumps'];

/** The insulin pump register and its manufacturers (issue 16; paths in the api-precedents style). */
export async function pumpRoutes(app: FastifyInstance) {
  const makers = PERMISSIONS.pumps.manufacturers;
  resourceRoutes(app, {
    tags,
    view: pumpManufacturerView,
    noun: 'a pump manufacturer',
    permissions: { read: makers.list, edit: makers.edit, delete: makers.delete },
  })
    .page('/v1/pumpManufacturer/page', {
      summary: 'Pump manufacturers, paged: by code, name or contact and enabled state',
      query: { isActive: activeFilter },
      handler: pageManufacturers,
    })
    .list('/v1/pumpManufacturer/list', {
      summary: 'Enabled pump manufacturers (the pump form), or the stopped ones with isActive=false',
      query: { isActive: activeFilter },
      handler: listManufacturers,
    })
    .create('/v1/pumpManufacturer', { body: pumpManufacturerCreateSchema, handler: createManufacturer })
    .update('/v1/pumpManufacturer', { body: pumpManufacturerUpdateSchema, handler: updateManufacturer })
    .status('/v1/pumpManufacturer/changeStatus', { body: pumpStatusSchema, handler: setManufacturerStatus })
    .remove('/v1/pumpManufacturer/:id', {
      summary: 'Delete a pump manufacturer no pump names (version must match)',
      handler: deleteManufacturer,
    });

  const pumps = PERMISSIONS.pumps.register;
  resourceRoutes(app, {
    tags,
    view: insulinPumpView,
    noun: 'an insulin pump',
    permissions: { read: pumps.list, edit: pumps.edit, delete: pumps.delete },
  })
    .page('/v1/insulinPump/page', {
      summary:
        "Insulin pumps of the caller's departments, paged: by serial number, code or type, department, manufacturer and enabled state",
      query: {
        departmentCode: z.string().max(32).optional(),
        manufacturerId: idText.optional(),
        isActive: activeFilter,
      },
      handler: pagePumps,
    })
    .create('/v1/insulinPump', { body: insulinPumpCreateSchema, handler: createPump })
    .update('/v1/insulinPump', { body: insulinPumpUpdateSchema, handler: updatePump })
    .status('/v1/insulinPump/changeStatus', { body: pumpStatusSchema, handler: setPumpStatus })
    .update('/v1/insulinPump/report', {
      summary: "Report a pump's remaining battery (%) and insulin (IU), by serial number",
      permission: PERMISSIONS.pumps.report.create,
      body: pumpReportBodySchema,
      handler: reportPump,
    })
    .remove('/v1/insulinPump/:id', {
      summary: 'Delete an insulin pump (kept for its history) (version must match)',
      handler: deletePump,
    });
}

/**
 * Pump bindings (issue 16; paths in the api-precedents style, listed in docs/api.md): up-pump,
 * down-pump, tube changes, basal profiles, the pump patients list, the history and the patient tab.
 */
export async function pumpBindingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const edit = PERMISSIONS.pumps.binding.edit;
  const options = (request: FastifyRequest): BindingWriteOptions => ({
    lang: request.lang,
    meta: requestMeta(request),
    now: app.clock(),
  });

  r.post(
    '/v1/pumpBinding',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary:
          'Up-pump: bind an enabled, unbound pump of the caller’s departments to a patient in hospital',
        description:
          'Up-pump time before now and within the stay; executor, responsible doctor and nurse, co-managing doctor are staff of the patient’s department. A pump already worn, or a patient already wearing one → 409 naming them (the database’s partial unique indexes decide between concurrent up-pumps).',
        body: pumpUpSchema,
        response: { 200: envelopeOf(pumpBindingView) },
      },
    },
    async (request) => {
      const view = await upPump(app.db, sessionOf(request), request.body, options(request));
      return ok(request, view, 'pump.binding.upDone', { serial: view.serialNumber });
    },
  );
  r.put(
    '/v1/pumpBinding/down',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary: 'Down-pump: end an open binding at its version (time after the up-pump, not in the future)',
        body: pumpDownSchema,
        response: { 200: envelopeOf(pumpBindingView) },
      },
    },
    async (request) => {
      const view = await downPump(app.db, sessionOf(request), request.body, options(request));
      return ok(request, view, 'pump.binding.downDone', { serial: view.serialNumber });
    },
  );
  r.post(
    '/v1/pumpBinding/tubeChange',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary:
          'Record a tube change of a binding (after the up-pump, not in the future, not after the down-pump)',
        body: pumpTubeChangeSchema,
        response: { 200: envelopeOf(pumpTubeChangeView) },
      },
    },
    async (request) =>
      ok(
        request,
        await changeTube(app.db, sessionOf(request), request.body, options(request)),
        'pump.binding.tubeChanged',
      ),
  );
  r.post(
    '/v1/pumpBinding/basalProfile',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary: 'Set the basal rate profile of a binding: 1-48 segments from 00:00, IU/h 0-35 (3 decimals)',
        body: pumpBasalProfileSchema,
        response: { 200: envelopeOf(pumpBasalProfileView) },
      },
    },
    async (request) =>
      ok(
        request,
        await setBasalProfile(app.db, sessionOf(request), request.body, options(request)),
        'pump.binding.basalSaved',
      ),
  );
  r.get(
    '/v1/pumpBinding/page',
    {
      config: { permission: PERMISSIONS.pumps.patients.list },
      schema: {
        tags,
        summary:
          'Pump patients: who wears which pump now, paged; by patient name, bed, inpatient number or serial number, and department',
        querystring: z.object({ ...pageQueryFields, departmentCode: z.string().max(32).optional() }),
        response: { 200: envelopeOf(pageOf(pumpBindingView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pagePumpPatients(app.db, sessionOf(request), request.query, request.lang, app.clock()),
      ),
  );
  r.get(
    '/v1/pumpBinding/history',
    {
      config: { permission: PERMISSIONS.pumps.history.list },
      schema: {
        tags,
        summary:
          'Pump history: up-pumps, down-pumps, tube changes, basal profiles and register changes, latest first, paged',
        querystring: z.object({
          ...pageQueryFields,
          pumpId: idText.optional(),
          patientId: idText.optional(),
          kind: z.enum(PUMP_HISTORY_KINDS).optional(),
          beginDate: z.iso.date().optional(),
          endDate: z.iso.date().optional(),
        }),
        response: { 200: envelopeOf(pageOf(pumpHistoryView)) },
      },
    },
    async (request) =>
      ok(request, await pumpHistory(app.db, sessionOf(request), request.query, request.lang)),
  );
  r.get(
    '/v1/pumpBinding/patient/:id',
    {
      config: { permission: PERMISSIONS.inpatients.list },
      schema: {
        tags,
        summary:
          'The patient tab "Insulin pump": the pump worn now (wear time, tube changes, basal profile in force) and every binding',
        params: idParam,
        response: { 200: envelopeOf(pumpPatientView) },
      },
    },
    async (request) =>
      ok(
        request,
        await pumpPatient(app.db, sessionOf(request), request.params.id, request.lang, app.clock()),
      ),
  );
  r.get(
    '/v1/pumpBinding/options/:id',
    {
      config: { permission: edit },
      schema: {
        tags,
        summary:
          'What the up-pump dialog of a patient offers: enabled unbound pumps, the ward’s doctors, nurses, staff',
        params: idParam,
        response: { 200: envelopeOf(pumpBindingOptionsView) },
      },
    },
    async (request) =>
      ok(
        request,
        await bindingOptions(app.db, sessionOf(request), request.params.id, request.lang, app.clock()),
      ),
  );
}
