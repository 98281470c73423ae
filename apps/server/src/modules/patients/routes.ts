import {
  admissionSchema,
  dischargeSchema,
  isDateRangeValid,
  isSupportedDate,
  PERMISSIONS,
  pageParam,
  patientDeleteReasonSchema,
  patientGluEventSaveSchema,
  patientUpdateSchema,
  readmissionSchema,
  scanCodeSchema,
  timeZoneSettingSchema,
  transferSchema,
} from '@glucocare/domain';
import {
  hisPatientView,
  inpatientCountsView,
  inpatientView,
  noDataEnvelope,
  patientDetailView,
  patientGluEventView,
  responsibleDoctorView,
  scanView,
  timeZoneView,
  transferView,
} from '@glucocare/domain/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteQuery, idParam, idQuery, idText, MAX_PAGE_SIZE } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { settingEndpoint } from '../settings/endpoints';
import { deletePatientEvent, listPatientEvents, pagePatientEvents, savePatientEvent } from './glu-events';
import { hisLookup, scanCode } from './his';
import { countInpatients, hospitalDayBounds, pageDischarged, pageInpatients } from './list';
import {
  admitPatient,
  deletePatient,
  dischargePatient,
  type PatientContext,
  patientDetail,
  readmitPatient,
  responsibleDoctors,
  transferHistory,
  transferPatient,
  updatePatient,
} from './service';

const tags = ['patients'];

const LIST = PERMISSIONS.inpatients.list;
const ADMIT = PERMISSIONS.inpatients.admit;
const TRANSFER = PERMISSIONS.inpatients.transfer;
const DISCHARGE = PERMISSIONS.inpatients.discharge;
const DISCHARGED_LIST = PERMISSIONS.dischargedPatients.list;
const EVENT_EDIT = PERMISSIONS.patientEvents.edit;

const patientIdQuery = z.object({ patientId: idText });
const optionalCode = z.string().trim().max(64).optional();
const isoDay = z.iso
  .date({ error: 'validation.invalidDate' })
  .refine(isSupportedDate, { error: 'validation.dateOutOfRange' });

const inpatientQuery = z.object({
  queryCondition: z.string().max(50).optional(),
  departmentCode: optionalCode,
  doctorCode: optionalCode,
  tag: z.string().trim().max(12).optional(),
  criticalOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  hospitalizationNum: z.string().trim().max(18).optional(),
});

/** A day range of a query (`YYYY-MM-DD`, hospital calendar, both ends inclusive); start not after end. */
const dayRange = {
  beginDate: isoDay.optional(),
  endDate: isoDay.optional(),
};
const dayRangeOrder = [
  (q: { beginDate?: string; endDate?: string }) => isDateRangeValid(q.beginDate, q.endDate),
  { error: 'query.dateOrder', path: ['endDate'] as PropertyKey[] },
] as const;

/** A write answers the patient as the list shows it; null when it left the caller's departments. */
const changedPatient = envelopeOf(inpatientView.nullable());

/**
 * Inpatients (issue 5; api-precedents "patients"; spec §7 hisTestPatients and glucose events): the
 * inpatient list and its counts, admission, scan and HIS lookup, edit, delete, transfer, discharge,
 * readmission, patient glucose events, and the hospital time zone setting.
 */
export async function patientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): PatientContext => ({
    db: app.db,
    session: sessionOf(request),
    lang: request.lang,
    now: app.clock(),
    meta: requestMeta(request),
  });

  r.get(
    '/v1/patients/hospitalizedPatients',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary:
          'In-hospital patients of the caller’s departments in ward order (department, bed, name), ' +
          'with the latest glucose, open critical values and today’s periods; up to 500 a page',
        querystring: inpatientQuery.extend({ page: pageParam.default(1), size: pageParam.default(50) }),
        response: { 200: envelopeOf(pageOf(inpatientView)) },
      },
    },
    async (request) => {
      const c = ctx(request);
      const query = { ...request.query, size: Math.min(request.query.size, MAX_PAGE_SIZE) };
      return ok(request, await pageInpatients(c.db, c.session, query, c.lang, c.now));
    },
  );
  r.get(
    '/v1/patients/hospitalizedPatients/counts',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary:
          'Header counts of the inpatient list: in hospital, admitted today, with open critical values, measured today',
        querystring: inpatientQuery,
        response: { 200: envelopeOf(inpatientCountsView) },
      },
    },
    async (request) => {
      const c = ctx(request);
      return ok(request, await countInpatients(c.db, c.session, request.query, c.now));
    },
  );
  r.get(
    '/v1/patients/hospitalizedPatient',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary: 'One patient (in hospital or discharged) with personal fields, stays and transfers',
        querystring: patientIdQuery,
        response: { 200: envelopeOf(patientDetailView) },
      },
    },
    async (request) => ok(request, await patientDetail(ctx(request), request.query.patientId)),
  );
  r.post(
    '/v1/patients/applyHospitalization',
    {
      config: { permission: ADMIT },
      schema: {
        tags,
        summary: 'Admit a patient to one of the caller’s departments',
        body: admissionSchema,
        response: { 200: changedPatient },
      },
    },
    async (request) => ok(request, await admitPatient(ctx(request), request.body)),
  );
  r.put(
    '/v1/patients',
    {
      config: { permission: ADMIT },
      schema: {
        tags,
        summary: 'Edit basic information, height, weight and tags (version must match)',
        body: patientUpdateSchema,
        response: { 200: changedPatient },
      },
    },
    async (request) => ok(request, await updatePatient(ctx(request), request.body)),
  );
  r.delete(
    '/v1/patients/:id',
    {
      config: { permission: ADMIT },
      schema: {
        tags,
        summary:
          'Delete a patient admitted by mistake (soft; refused once the patient has readings; version must match)',
        params: idParam,
        querystring: z.object({ reason: patientDeleteReasonSchema, version: deleteQuery.shape.version }),
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deletePatient(ctx(request), { id: request.params.id, ...request.query });
      return ok(request, null);
    },
  );
  r.get(
    '/v1/patients/scan',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary: 'What a barcode scanner typed: the in-hospital patient, else the HIS record to admit',
        querystring: z.object({ code: scanCodeSchema }),
        response: { 200: envelopeOf(scanView) },
      },
    },
    async (request) => ok(request, await scanCode(ctx(request), request.query.code)),
  );
  r.get(
    '/v1/hisTestPatients/getHospitalizedPatient',
    {
      config: { permission: ADMIT },
      schema: {
        tags,
        summary: 'The HIS record whose inpatient number or wristband is codeNumber (admission form prefill)',
        querystring: z.object({ codeNumber: scanCodeSchema }),
        response: { 200: envelopeOf(hisPatientView) },
      },
    },
    async (request) => ok(request, await hisLookup(ctx(request), request.query.codeNumber)),
  );
  r.post(
    '/v1/patients/transfer',
    {
      config: { permission: TRANSFER },
      schema: {
        tags,
        summary: 'Move a patient to another department, bed or doctor (history kept)',
        body: transferSchema,
        response: { 200: changedPatient },
      },
    },
    async (request) => ok(request, await transferPatient(ctx(request), request.body)),
  );
  r.get(
    '/v1/patients/doctors',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary:
          'Active doctors of the hospital a patient can be given to (admission, transfer, readmission), ' +
          'optionally of one department: a transfer may hand a patient to a department outside the caller’s',
        querystring: z.object({ departmentCode: optionalCode }),
        response: { 200: envelopeOf(z.array(responsibleDoctorView)) },
      },
    },
    async (request) => ok(request, await responsibleDoctors(ctx(request), request.query.departmentCode)),
  );
  r.get(
    '/v1/patients/transfers',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary: 'A patient’s transfers, newest first',
        querystring: patientIdQuery,
        response: { 200: envelopeOf(z.array(transferView)) },
      },
    },
    async (request) => ok(request, await transferHistory(ctx(request), request.query.patientId)),
  );
  r.post(
    '/v1/patients/discharge',
    {
      config: { permission: DISCHARGE },
      schema: {
        tags,
        summary: 'Discharge a patient (failures read “Discharge failure: …”)',
        body: dischargeSchema,
        response: { 200: changedPatient },
      },
    },
    async (request) => ok(request, await dischargePatient(ctx(request), request.body)),
  );
  r.get(
    '/v1/patients/dischargedPatients',
    {
      config: { permission: DISCHARGED_LIST },
      schema: {
        tags,
        summary: 'Discharged patients of the caller’s departments, by discharge date range, newest first',
        querystring: z
          .object({
            queryCondition: z.string().max(50).optional(),
            departmentCode: optionalCode,
            ...dayRange,
            page: pageParam.default(1),
            size: pageParam.default(20),
          })
          .refine(...dayRangeOrder),
        response: { 200: envelopeOf(pageOf(inpatientView)) },
      },
    },
    async (request) => {
      const c = ctx(request);
      const { beginDate, endDate, ...query } = request.query;
      const bounds = await hospitalDayBounds(c.db, c.session, beginDate, endDate);
      const filter = { ...query, ...bounds, size: Math.min(query.size, MAX_PAGE_SIZE) };
      return ok(request, await pageDischarged(c.db, c.session, filter, c.lang, c.now));
    },
  );
  r.post(
    '/v1/patients/reApplyHospitalization/:id',
    {
      config: { permission: DISCHARGE },
      schema: {
        tags,
        summary:
          'Readmit a discharged patient or admit an outpatient (a new stay; earlier ones and the outpatient number kept)',
        params: idParam,
        body: readmissionSchema,
        response: { 200: changedPatient },
      },
    },
    async (request) => ok(request, await readmitPatient(ctx(request), request.params.id, request.body)),
  );

  // ---------------------------------------------------------------- patient glucose events (§7)

  r.get(
    '/v1/patient/glu/event/page/:patientId',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary: 'A patient’s glucose events, newest first, paged',
        params: patientIdQuery,
        querystring: z.object({ page: pageParam.default(1), size: pageParam.default(20) }),
        response: { 200: envelopeOf(pageOf(patientGluEventView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pagePatientEvents(
          ctx(request),
          request.params.patientId,
          request.query.page,
          Math.min(request.query.size, MAX_PAGE_SIZE),
        ),
      ),
  );
  r.get(
    '/v1/patient/glu/event/list',
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary: 'A patient’s glucose events in a day range (hospital calendar), oldest first',
        querystring: patientIdQuery.extend(dayRange).refine(...dayRangeOrder),
        response: { 200: envelopeOf(z.array(patientGluEventView)) },
      },
    },
    async (request) => {
      const c = ctx(request);
      const { patientId, beginDate, endDate } = request.query;
      const bounds = await hospitalDayBounds(c.db, c.session, beginDate, endDate);
      return ok(request, await listPatientEvents(c, patientId, bounds.from, bounds.until));
    },
  );
  r.post(
    '/v1/patient/glu/event/save',
    {
      config: { permission: EVENT_EDIT },
      schema: {
        tags,
        summary: 'Record (or with id change) a glucose event of a patient',
        body: patientGluEventSaveSchema,
        response: { 200: envelopeOf(patientGluEventView) },
      },
    },
    async (request) => ok(request, await savePatientEvent(ctx(request), request.body)),
  );
  r.delete(
    '/v1/patient/glu/event',
    {
      config: { permission: EVENT_EDIT },
      // a patient's glucose event has no version column: deleting twice is harmless (the second one is 404)
      schema: {
        tags,
        summary: 'Delete a glucose event of a patient (soft)',
        querystring: idQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deletePatientEvent(ctx(request), request.query.id);
      return ok(request, null);
    },
  );

  // ---------------------------------------------------------------- hospital time zone

  settingEndpoint(app, {
    path: '/v1/systemSetting/timeZone',
    key: 'hospital.timeZone',
    read: 'session',
    write: PERMISSIONS.settings.hospital.edit,
    tags: ['settings'],
    summary:
      'The hospital’s IANA time zone: “today”, the glucose grid’s days and period times are read in it',
    body: timeZoneSettingSchema,
    response: timeZoneView,
    view: (value) => ({ value }),
    apply: (body) => body.value,
  });
}
