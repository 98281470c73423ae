import {
  batchScopeSchema,
  encryptedPasswordSchema,
  PERMISSIONS,
  pageParam,
  staffCreateSchema,
  staffExpiryFilterSchema,
  staffUpdateSchema,
  staffUserNameSchema,
  userNameBodySchema,
} from '@glucocare/domain';
import {
  batchScopeResultView,
  doctorView,
  oneTimePasswordView,
  staffCreatedView,
  staffRecordView,
  staffScopeView,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteQuery } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { changePassword } from '../auth/service';
import {
  batchScope,
  createStaff,
  deleteStaff,
  doctors,
  pageStaff,
  resetStaffPassword,
  staffScope,
  unlockStaff,
  updateStaff,
} from './staff-service';

const tags = ['staff'];
const departmentQuery = z.object({ departmentCode: z.string().max(32).optional() });
const doctorList = envelopeOf(z.array(doctorView));

export async function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/users/page',
    {
      config: { permission: PERMISSIONS.system.staff.list },
      schema: {
        tags,
        summary: 'Staff in the caller’s scope, paged and filtered',
        querystring: z.object({
          queryCondition: z.string().max(50).optional(),
          departmentCode: z.string().max(32).optional(),
          isActive: z.enum(['true', 'false']).optional(),
          expiry: staffExpiryFilterSchema.optional(),
          locked: z.enum(['true', 'false']).optional().describe('locked out now (after failed sign-ins)'),
          page: pageParam.default(1),
          size: pageParam.default(20),
        }),
        response: { 200: envelopeOf(pageOf(staffRecordView)) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        request,
        await pageStaff(
          app.db,
          sessionOf(request),
          {
            ...q,
            isActive: q.isActive === undefined ? undefined : q.isActive === 'true',
            locked: q.locked === undefined ? undefined : q.locked === 'true',
            size: Math.min(q.size, 500),
          },
          request.lang,
        ),
      );
    },
  );
  r.post(
    '/v2/users',
    {
      config: { permission: PERMISSIONS.system.staff.edit },
      schema: {
        tags,
        summary: 'Add a staff member with a one-time password, returned once in `initialPassword`',
        body: staffCreateSchema,
        response: { 200: envelopeOf(staffCreatedView) },
      },
    },
    async (request) => {
      const { record, password } = await createStaff(
        app.db,
        sessionOf(request),
        request.body,
        request.lang,
        requestMeta(request),
      );
      return ok(request, { ...record, initialPassword: password }, 'user.created');
    },
  );
  r.put(
    '/v2/users',
    {
      config: { permission: PERMISSIONS.system.staff.edit },
      schema: {
        tags,
        summary: 'Change a staff member',
        body: staffUpdateSchema,
        response: { 200: envelopeOf(staffRecordView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateStaff(app.db, sessionOf(request), request.body, request.lang, requestMeta(request)),
      ),
  );
  r.delete(
    '/v1/users',
    {
      config: { permission: PERMISSIONS.system.staff.delete },
      schema: {
        tags,
        summary: 'Remove a staff member (history kept; version must match)',
        querystring: deleteQuery.extend({ userName: staffUserNameSchema }),
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteStaff(app.db, sessionOf(request), request.query, request.lang, requestMeta(request));
      return ok(request, null);
    },
  );
  r.put(
    '/v1/users/resetPassword',
    {
      config: { permission: PERMISSIONS.system.staff.resetPassword },
      schema: {
        tags,
        summary:
          'Reset a password to a one-time random one, returned once (must be changed at next sign-in; sessions end)',
        body: userNameBodySchema,
        response: { 200: envelopeOf(oneTimePasswordView) },
      },
    },
    async (request) => {
      const result = await resetStaffPassword(
        app.db,
        sessionOf(request),
        request.body.userName,
        requestMeta(request),
      );
      return ok(request, result, 'user.passwordReset');
    },
  );
  r.put(
    '/v1/users/unlock',
    {
      // whoever may reset a password may also end a lockout (both give an account back to its owner)
      config: { permission: PERMISSIONS.system.staff.resetPassword },
      schema: {
        tags,
        summary: 'End a lockout after failed sign-ins and clear the failure count',
        body: userNameBodySchema,
        response: { 200: envelopeOf(z.object({ userName: z.string() })) },
      },
    },
    async (request) =>
      ok(
        request,
        await unlockStaff(app.db, sessionOf(request), request.body.userName, requestMeta(request)),
        'user.unlocked',
      ),
  );
  r.put(
    '/v1/users/batchScope',
    {
      config: { permission: PERMISSIONS.system.staff.edit },
      schema: {
        tags,
        summary: 'Set the department scope of several staff',
        body: batchScopeSchema,
        response: { 200: envelopeOf(batchScopeResultView) },
      },
    },
    async (request) =>
      ok(request, await batchScope(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.get(
    '/v2/users/scopes',
    {
      config: { permission: PERMISSIONS.system.staff.list },
      schema: {
        tags,
        summary: 'Department scope of one staff member',
        querystring: z.object({ userName: staffUserNameSchema }),
        response: { 200: envelopeOf(staffScopeView) },
      },
    },
    async (request) => ok(request, await staffScope(app.db, sessionOf(request), request.query.userName)),
  );
  r.put(
    '/v1/users/changePassword',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Change the caller’s own password',
        body: z.strictObject({ password: encryptedPasswordSchema, newPassword: encryptedPasswordSchema }),
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await changePassword(
        app,
        request,
        { ...request.body, userName: session.userName, tenant: session.tenantId },
        requestMeta(request),
      );
      return ok(request, null, 'auth.passwordUpdated');
    },
  );
  r.get(
    '/v1/doctors',
    {
      config: { permission: 'session' },
      schema: { tags, summary: 'Doctors in the caller’s scope', response: { 200: doctorList } },
    },
    async (request) => ok(request, await doctors(app.db, sessionOf(request), undefined, request.lang)),
  );
  r.get(
    '/v1/doctors/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Doctors of a department',
        querystring: departmentQuery,
        response: { 200: doctorList },
      },
    },
    async (request) =>
      ok(request, await doctors(app.db, sessionOf(request), request.query.departmentCode, request.lang)),
  );
  r.get(
    '/v1/doctors/imputation/query',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Doctors a patient of the department can be attributed to',
        querystring: departmentQuery,
        response: { 200: doctorList },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const all = await doctors(app.db, session, undefined, request.lang);
      const code = request.query.departmentCode;
      // the department's own doctors first, then the others the caller may see
      return ok(request, [
        ...all.filter((d) => d.departmentCode === code),
        ...all.filter((d) => d.departmentCode !== code),
      ]);
    },
  );
}
