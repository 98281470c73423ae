import {
  insulinPumpCreateSchema,
  insulinPumpUpdateSchema,
  PERMISSIONS,
  pumpManufacturerCreateSchema,
  pumpManufacturerUpdateSchema,
  pumpReportBodySchema,
  pumpStatusSchema,
} from '@glucocare/domain';
import { insulinPumpView, pumpManufacturerView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { activeFilter, idText } from '../../lib/query';
import { resourceRoutes } from '../../lib/resource-routes';
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
