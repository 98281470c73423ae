import {
  departmentCreateSchema,
  departmentStatusSchema,
  departmentUpdateSchema,
  PERMISSIONS,
} from '@glucocare/domain';
import { departmentNodeView, departmentView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, noDataEnvelope, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteQuery, idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  allScopeTree,
  createDepartment,
  deleteDepartment,
  departmentTree,
  listDepartments,
  scopedTree,
  searchTree,
  setDepartmentStatus,
  updateDepartment,
} from './service';

const tree = envelopeOf(z.array(departmentNodeView));
const tags = ['departments'];

export async function departmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/departments/tree',
    {
      config: { permission: 'session' },
      schema: { tags, summary: "Enabled departments in the caller's scope", response: { 200: tree } },
    },
    async (request) => ok(request, await scopedTree(app.db, sessionOf(request))),
  );
  r.get(
    '/v1/departments/allScopetree',
    {
      config: { permission: PERMISSIONS.system.departments.list },
      schema: { tags, summary: 'Every department with inScope for the caller', response: { 200: tree } },
    },
    async (request) => ok(request, await allScopeTree(app.db, sessionOf(request))),
  );
  r.get(
    '/v1/departments/allTree',
    {
      config: { permission: PERMISSIONS.system.departments.list },
      schema: { tags, summary: 'Every department, enabled or stopped', response: { 200: tree } },
    },
    async (request) =>
      ok(request, departmentTree(await listDepartments(app.db, sessionOf(request).tenantId))),
  );
  r.get(
    '/v1/departments/allUsingTree',
    {
      config: { permission: 'session' },
      schema: { tags, summary: 'Every enabled department', response: { 200: tree } },
    },
    async (request) =>
      ok(
        request,
        departmentTree(await listDepartments(app.db, sessionOf(request).tenantId, { activeOnly: true })),
      ),
  );
  r.get(
    '/v1/departments/info/tree/search',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Departments whose name or code contains the text, with their ancestors',
        querystring: z.object({
          queryCondition: z.string().max(50).optional(),
          includeStopped: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: tree },
      },
    },
    async (request) =>
      ok(
        request,
        await searchTree(
          app.db,
          sessionOf(request).tenantId,
          request.query.queryCondition ?? '',
          request.query.includeStopped === 'true',
        ),
      ),
  );
  r.post(
    '/v2/departments',
    {
      config: { permission: PERMISSIONS.system.departments.edit },
      schema: {
        tags,
        summary: 'Create a department',
        body: departmentCreateSchema,
        response: { 200: envelopeOf(departmentView) },
      },
    },
    async (request) =>
      ok(
        request,
        await createDepartment(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v2/departments',
    {
      config: { permission: PERMISSIONS.system.departments.edit },
      schema: {
        tags,
        summary: 'Update a department (version must match)',
        body: departmentUpdateSchema,
        response: { 200: envelopeOf(departmentView) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateDepartment(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );
  r.put(
    '/v1/departments/status',
    {
      config: { permission: PERMISSIONS.system.departments.edit },
      schema: {
        tags,
        summary: 'Enable or stop a department (version must match)',
        body: departmentStatusSchema,
        response: { 200: envelopeOf(departmentView) },
      },
    },
    async (request) =>
      ok(request, await setDepartmentStatus(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
  r.delete(
    '/v1/departments/:id',
    {
      config: { permission: PERMISSIONS.system.departments.delete },
      schema: {
        tags,
        summary: 'Delete a department with no staff, patients or sub-departments (version must match)',
        params: idParam,
        querystring: deleteQuery,
        response: { 200: noDataEnvelope },
      },
    },
    async (request) => {
      await deleteDepartment(
        app.db,
        sessionOf(request),
        { id: request.params.id, ...request.query },
        requestMeta(request),
      );
      return ok(request, null);
    },
  );
}
