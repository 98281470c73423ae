import {
  analyzerLendBodySchema,
  analyzerReturnBodySchema,
  analyzerSchema,
  analyzerStatusSchema,
  analyzerUpdateSchema,
  controlOpenBodySchema,
  controlSolutionSchema,
  controlSolutionUpdateSchema,
  LOAN_STATUSES,
  lotStatusSchema,
  PERMISSIONS,
  QC_ITEMS,
  testStripSchema,
  testStripUpdateSchema,
} from '@glucocare/domain';
import {
  analyzerLoanView,
  analyzerView,
  categoryStripTypesView,
  controlSolutionView,
  qcOptionView,
  testStripView,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../../http/envelope';
import { sessionOf } from '../../../http/session';
import { idParam, idText, pageQueryFields } from '../../../lib/query';
import { resourceRoutes } from '../../../lib/resource-routes';
import {
  analyzerStatusTypes,
  createAnalyzer,
  deleteAnalyzer,
  getAnalyzer,
  manufacturerOptions,
  pageAnalyzers,
  setAnalyzerStatus,
  updateAnalyzer,
} from './analyzers';
import { lendAnalyzer, pageLoans, returnAnalyzer } from './loans';
import {
  categoryStripTypes,
  createControl,
  createStrip,
  deleteControl,
  deleteStrip,
  openControl,
  pageControls,
  pageStrips,
  qcItemOptions,
  setControlStatus,
  setStripStatus,
  stripTypes,
  updateControl,
  updateStrip,
  usableControls,
  usableStrips,
} from './lots';

const tags = ['quality'];
const boolText = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));
const item = z.enum(QC_ITEMS).optional();
const text = z.string().max(50).optional();

const analyzerQuery = {
  departmentCode: z.string().max(32).optional(),
  deviceModel: text,
  manufactor: text,
  sn: text,
  status: z.enum(['enabled', 'stopped']).optional(),
  isSpare: boolText,
};

/**
 * The QC registry (issue 19; paths of the api-precedents `devices`, `qualityReagent`, `testStrip`,
 * listed in docs/api.md "Analyzers, spare analyzers and lending, control solutions, test strips").
 */
export async function qualityRegistryRoutes(app: FastifyInstance) {
  const quality = PERMISSIONS.quality;
  const now = () => app.clock();

  // ---------------------------------------------------------------- analyzers
  resourceRoutes(app, {
    tags,
    view: analyzerView,
    noun: 'an analyzer',
    permissions: { read: quality.analyzers.list, edit: quality.analyzers.edit },
  })
    .page('/v2/devices/query', {
      summary:
        "Analyzers of the caller's departments (and spares lent to them), paged, with lots, last QC, lockout and open loan",
      query: analyzerQuery,
      handler: (db, _tenantId, query, lang, session) => pageAnalyzers(db, session, query, lang, now()),
    })
    .page('/v1/devices/spares', {
      summary: 'Spare analyzers, paged: in store or lent (to whom, since when, overdue)',
      permission: quality.spares.list,
      query: analyzerQuery,
      handler: (db, _tenantId, query, lang, session) =>
        pageAnalyzers(db, session, { ...query, isSpare: true }, lang, now()),
    })
    .create('/v1/devices', {
      summary: 'Add an analyzer (SN unique among live analyzers; lots usable and of one test item)',
      body: analyzerSchema,
      handler: (db, session, body, meta, lang) => createAnalyzer(db, session, body, meta, lang, now()),
    })
    .update('/v1/devices', {
      body: analyzerUpdateSchema,
      handler: (db, session, body, meta, lang) => updateAnalyzer(db, session, body, meta, lang, now()),
    })
    .status('/v1/devices/changeStatus', {
      body: analyzerStatusSchema,
      handler: (db, session, body, meta, lang) => setAnalyzerStatus(db, session, body, meta, lang, now()),
    })
    .remove('/v1/devices/:id', {
      summary: 'Delete an analyzer (kept for its QC history) at the version read; refused while lent out',
      handler: deleteAnalyzer,
    })
    .action('/v1/devices/:id/lend', {
      summary: 'Lend an enabled spare analyzer in store to a department (one open loan per analyzer: 409)',
      permission: quality.spares.lend,
      body: analyzerLendBodySchema,
      handler: (db, session, id, body, meta, lang) => lendAnalyzer(db, session, id, body, meta, lang, now()),
    })
    .action('/v1/devices/loans/:id/return', {
      summary:
        'Take a lent analyzer back at the loan’s version: return date and state (intact, damaged, lost)',
      permission: quality.spares.lend,
      body: analyzerReturnBodySchema,
      view: analyzerLoanView,
      handler: (db, session, id, body, meta, lang) =>
        returnAnalyzer(db, session, id, body, meta, lang, now()),
    });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/devices/statusTypes',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Analyzer states (enabled, stopped)',
        response: { 200: envelopeOf(z.array(qcOptionView)) },
      },
    },
    async (request) => ok(request, analyzerStatusTypes(request.lang)),
  );
  r.get(
    '/v1/devices/loans',
    {
      config: { permission: quality.spares.list },
      schema: {
        tags,
        summary:
          'Loan history of spare analyzers, latest first: by analyzer, department, lent/returned, lending dates',
        querystring: z.object({
          ...pageQueryFields,
          analyzerId: idText.optional(),
          departmentCode: z.string().max(32).optional(),
          status: z.enum(LOAN_STATUSES).optional(),
          beginDate: z.iso.date().optional(),
          endDate: z.iso.date().optional(),
        }),
        response: { 200: envelopeOf(pageOf(analyzerLoanView)) },
      },
    },
    async (request) =>
      ok(request, await pageLoans(app.db, sessionOf(request), request.query, request.lang, now())),
  );
  r.get(
    '/v1/devices/:id',
    {
      config: { permission: quality.analyzers.list },
      schema: {
        tags,
        summary: 'One analyzer (404 outside the caller’s departments, unless lent to one of them)',
        params: idParam,
        response: { 200: envelopeOf(analyzerView) },
      },
    },
    async (request) =>
      ok(request, await getAnalyzer(app.db, sessionOf(request), request.params.id, request.lang, now())),
  );
  r.get(
    '/v1/dict/manufacturers/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Manufacturers named by the live analyzers and control solutions, distinct',
        response: { 200: envelopeOf(z.array(qcOptionView)) },
      },
    },
    async (request) => ok(request, await manufacturerOptions(app.db, sessionOf(request).tenantId)),
  );
  r.get(
    '/v1/dict/qualityReagentTypes',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Test items of control solutions and strips (GLU, KET, UA) with their names',
        response: { 200: envelopeOf(z.array(qcOptionView)) },
      },
    },
    async (request) => ok(request, qcItemOptions(request.lang)),
  );

  // ---------------------------------------------------------------- control solutions
  const lotQuery = {
    category: item,
    status: z.enum(['normal', 'invalid', 'suspended']).optional(),
    isExpired: boolText,
    manufactor: text,
    lotNum: text,
  };
  resourceRoutes(app, {
    tags,
    view: controlSolutionView,
    noun: 'a control solution',
    permissions: { read: quality.controls.list, edit: quality.controls.edit },
  })
    .page('/v1/qualityReagent/page', {
      summary:
        'Control solution lots, paged: by item, expired, lot, manufacturer, status; with discard dates',
      query: lotQuery,
      handler: (db, tenantId, query, lang, session) =>
        pageControls(db, tenantId, query, lang, session, now()),
    })
    .list('/v1/qualityReagent/deviceQualityReagents', {
      summary: 'The control solution lots a meter may be given: normal, in date, within the in-use life',
      query: { category: item },
      handler: (db, tenantId, query, lang) => usableControls(db, tenantId, query, lang, now()),
    })
    .create('/v1/qualityReagent', {
      body: controlSolutionSchema,
      handler: (db, session, body, meta, lang) => createControl(db, session, body, meta, lang, now()),
    })
    .update('/v1/qualityReagent', {
      body: controlSolutionUpdateSchema,
      handler: (db, session, body, meta, lang) => updateControl(db, session, body, meta, lang, now()),
    })
    .status('/v1/qualityReagent/changeStatus', {
      summary: 'Set a control solution normal, invalid or suspended (version must match)',
      body: lotStatusSchema,
      handler: (db, session, body, meta, lang) => setControlStatus(db, session, body, meta, lang, now()),
    })
    .remove('/v1/qualityReagent/:id', {
      summary: 'Delete a control solution lot no analyzer uses (kept for QC records) (version must match)',
      handler: deleteControl,
    })
    .action('/v1/qualityReagent/:id/open', {
      summary: 'Open a vial: discard date = opened date + the QC strategy’s in-use days (version must match)',
      body: controlOpenBodySchema,
      handler: (db, session, id, body, meta, lang) => openControl(db, session, id, body, meta, lang, now()),
    });

  // ---------------------------------------------------------------- test strips
  resourceRoutes(app, {
    tags,
    view: testStripView,
    noun: 'a test strip lot',
    permissions: { read: quality.strips.list, edit: quality.strips.edit },
  })
    .page('/v1/testStrip/page', {
      summary: 'Test strip lots, paged: by item, type, expired, lot, status',
      query: { ...lotQuery, type: text },
      handler: (db, tenantId, query, lang, session) => pageStrips(db, tenantId, query, lang, session, now()),
    })
    .list('/v1/testStrip/deviceStrips', {
      summary: 'The strip lots a meter may be given: normal and in date',
      query: { category: item },
      handler: (db, tenantId, query, lang) => usableStrips(db, tenantId, query, lang, now()),
    })
    .create('/v1/testStrip', {
      body: testStripSchema,
      handler: (db, session, body, meta, lang) => createStrip(db, session, body, meta, lang, now()),
    })
    .update('/v1/testStrip', {
      body: testStripUpdateSchema,
      handler: (db, session, body, meta, lang) => updateStrip(db, session, body, meta, lang, now()),
    })
    .status('/v1/testStrip/changeStatus', {
      summary: 'Set a strip lot normal, invalid or suspended (version must match)',
      body: lotStatusSchema,
      handler: (db, session, body, meta, lang) => setStripStatus(db, session, body, meta, lang, now()),
    })
    .remove('/v1/testStrip/:id', {
      summary: 'Delete a strip lot no analyzer uses (kept for QC records) (version must match)',
      handler: deleteStrip,
    });
  r.get(
    '/v1/testStrip/stripTypes',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Strip types named by the live strip lots (of one item when given)',
        querystring: z.object({ category: item }),
        response: { 200: envelopeOf(z.array(qcOptionView)) },
      },
    },
    async (request) =>
      ok(request, await stripTypes(app.db, sessionOf(request).tenantId, request.query.category)),
  );
  r.get(
    '/v1/testStrip/categoryStripTypes',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Strip types per test item',
        response: { 200: envelopeOf(z.array(categoryStripTypesView)) },
      },
    },
    async (request) =>
      ok(request, await categoryStripTypes(app.db, sessionOf(request).tenantId, request.lang)),
  );
}
