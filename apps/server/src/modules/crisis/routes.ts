import {
  ageCrisisCreateSchema,
  ageCrisisUpdateSchema,
  type CrisisScope,
  crisisCategorySchema,
  crisisSettingSaveSchema,
  departmentCrisisGradeSchema,
  departmentCrisisSaveSchema,
  MEASUREMENT_ITEMS,
  type MeasurementItem,
  PERMISSIONS,
  SETTING_LIMITS,
  virtualWardCrisisSaveSchema,
} from '@glucocare/domain';
import {
  crisisClassificationView,
  crisisItemSettingsView,
  crisisRuleView,
  namedCrisisRuleView,
  noDataEnvelope,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { deleteByIdQuery, MAX_PAGE_SIZE, pageQueryFields } from '../../lib/query';
import { requestMeta } from '../audit/service';
import { crisisCatalogueRoutes } from './catalogue-routes';
import { classifyForTester } from './classify';
import {
  ageRules,
  deleteRule,
  departmentRulePage,
  departmentRules,
  itemSettings,
  type RuleInput,
  saveRule,
  setRuleGrade,
  virtualWardRules,
} from './rules-service';

const optionalCategory = z.enum(MEASUREMENT_ITEMS).optional();
const codeText = z.string().trim().min(1).max(32);
const decimalText = z
  .string()
  .regex(/^-?\d{1,6}(\.\d{1,4})?$/, { error: 'crisis.classify.value' })
  .transform(Number);
const ageText = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(SETTING_LIMITS.age.min).max(SETTING_LIMITS.age.max));
const tags = ['critical values'];

/** The values a period rule or an item rule (no period) is saved as. */
const scopeOfPeriod = (periodCode: string | null | undefined) => (periodCode?.trim() ? 'period' : 'item');

/** What every rule save body has: the item as `category`, and the fields of {@link RuleInput}. */
type RuleBody = Omit<RuleInput, 'item'> & { category: MeasurementItem };

/**
 * Critical values (§7 Settings and System settings paths, spelled as the spec does): by item and
 * period, per department, per department and age bracket, for the virtual ward; and a tester.
 */
export async function crisisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(crisisCatalogueRoutes);

  /** `method url`: saves the body as a rule of `scope` (or of the scope the body gives). */
  const saveRoute = (
    method: 'POST' | 'PUT',
    url: string,
    summary: string,
    body: z.ZodType<RuleBody>,
    scope: CrisisScope | ((body: RuleBody) => CrisisScope),
  ) =>
    r.route({
      method,
      url,
      config: { permission: PERMISSIONS.settings.criticalValues.edit },
      schema: { tags, summary, body, response: { 200: envelopeOf(crisisRuleView) } },
      handler: async (request) => {
        const { category, ...rest } = request.body;
        return ok(
          request,
          await saveRule(
            app.db,
            sessionOf(request),
            typeof scope === 'function' ? scope(request.body) : scope,
            { ...rest, item: category },
            requestMeta(request),
            request.lang,
          ),
        );
      },
    });
  /** `DELETE url?id=&version=`: removes a rule of one of `scopes`. */
  const deleteRoute = (url: string, summary: string, scopes: readonly CrisisScope[]) =>
    r.delete(
      url,
      {
        config: { permission: PERMISSIONS.settings.criticalValues.edit },
        schema: {
          tags,
          summary: `${summary} (version must match)`,
          querystring: deleteByIdQuery,
          response: { 200: noDataEnvelope },
        },
      },
      async (request) => {
        await deleteRule(
          app.db,
          sessionOf(request),
          request.query,
          scopes,
          requestMeta(request),
          request.lang,
        );
        return ok(request, null);
      },
    );

  // ------------------------------------------------ by item and period
  r.get(
    '/v2/crisisSetting',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: "An item's critical values and, for glucose, each period's normal range and critical values",
        querystring: z.object({ category: crisisCategorySchema }),
        response: { 200: envelopeOf(crisisItemSettingsView) },
      },
    },
    async (request) =>
      ok(
        request,
        await itemSettings(app.db, sessionOf(request).tenantId, request.query.category, request.lang),
      ),
  );
  saveRoute(
    'POST',
    '/v2/crisisSetting',
    "Create or update an item's (no periodCode) or a period's critical values",
    crisisSettingSaveSchema,
    (body) => scopeOfPeriod(body.periodCode),
  );
  deleteRoute('/v2/crisisSetting', "Remove an item's or a period's critical values", ['item', 'period']);

  // ------------------------------------------------ per department
  r.get(
    '/v2/crisisSetting/departmentDefine',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: "A department's own critical values (all periods and per period)",
        querystring: z.object({ departmentCode: codeText, category: optionalCategory }),
        response: { 200: envelopeOf(z.array(namedCrisisRuleView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await departmentRules(
          app.db,
          sessionOf(request),
          request.query.departmentCode,
          request.query.category,
          request.lang,
        ),
      ),
  );
  saveRoute(
    'POST',
    '/v2/crisisSetting/departmentDefine',
    "Create or update a department's critical values",
    departmentCrisisSaveSchema,
    'department',
  );
  deleteRoute('/v2/crisisSetting/departmentDefine', "Remove a department's critical values", ['department']);
  r.get(
    '/v1/crisisSetting/departmentDefine/list',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.list },
      schema: {
        tags,
        summary: 'Every department rule in the caller’s department scope, paged',
        querystring: z.object({
          departmentCode: codeText.optional(),
          category: optionalCategory,
          page: pageQueryFields.page,
          size: pageQueryFields.size,
        }),
        response: { 200: envelopeOf(pageOf(namedCrisisRuleView)) },
      },
    },
    async (request) => {
      const { departmentCode, category, page, size } = request.query;
      return ok(
        request,
        await departmentRulePage(
          app.db,
          sessionOf(request),
          { departmentCode, item: category, page, size: Math.min(size, MAX_PAGE_SIZE) },
          request.lang,
        ),
      );
    },
  );
  r.post(
    '/v1/crisisSetting/departmentDefine/grade',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.edit },
      schema: {
        tags,
        summary: 'Set the critical grade of a department rule',
        body: departmentCrisisGradeSchema,
        response: { 200: envelopeOf(crisisRuleView) },
      },
    },
    async (request) =>
      ok(
        request,
        await setRuleGrade(app.db, sessionOf(request), request.body, requestMeta(request), request.lang),
      ),
  );

  // ------------------------------------------------ per department and age bracket
  const ageSetting = '/v1/crisisSetting/departmentDefine/age/setting';
  saveRoute(
    'POST',
    ageSetting,
    "Create a department's critical values for an age bracket",
    ageCrisisCreateSchema,
    'departmentAge',
  );
  saveRoute(
    'PUT',
    ageSetting,
    'Update an age setting (version must match)',
    ageCrisisUpdateSchema,
    'departmentAge',
  );
  deleteRoute(ageSetting, 'Remove an age setting', ['departmentAge']);
  r.get(
    '/v1/crisisSetting/departmentDefine/age/list',
    {
      config: { permission: PERMISSIONS.settings.criticalValues.list },
      schema: {
        tags,
        summary: 'Age settings, of one department and item when given',
        querystring: z.object({ departmentCode: codeText.optional(), category: optionalCategory }),
        response: { 200: envelopeOf(z.array(namedCrisisRuleView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await ageRules(
          app.db,
          sessionOf(request),
          { departmentCode: request.query.departmentCode, item: request.query.category },
          request.lang,
        ),
      ),
  );

  // ------------------------------------------------ virtual ward
  for (const path of ['/v1/fictitious/crisisSetting/', '/v1/fictitious/crisisSetting']) {
    saveRoute(
      'POST',
      path,
      'Create or update the virtual-ward critical values of an item (no periodCode) or a period',
      virtualWardCrisisSaveSchema,
      'virtualWard',
    );
  }
  deleteRoute('/v1/fictitious/crisisSetting', 'Remove a virtual-ward rule', ['virtualWard']);
  r.get(
    '/v1/fictitious/crisisSetting/list',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The virtual-ward critical values, of one item when given',
        querystring: z.object({ category: optionalCategory }),
        response: { 200: envelopeOf(z.array(namedCrisisRuleView)) },
      },
    },
    async (request) =>
      ok(request, await virtualWardRules(app.db, sessionOf(request), request.query.category, request.lang)),
  );

  // ------------------------------------------------ tester
  r.get(
    '/v1/crisisSetting/classify',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary:
          'How a reading would be classified with the current settings, and where each limit came from',
        querystring: z.object({
          category: crisisCategorySchema,
          value: decimalText,
          unit: z.string().trim().max(16).optional(),
          periodCode: codeText.optional(),
          departmentCode: codeText.optional(),
          age: ageText.optional(),
          virtualWard: z
            .enum(['true', 'false'])
            .optional()
            .transform((v) => v === 'true'),
        }),
        response: { 200: envelopeOf(crisisClassificationView) },
      },
    },
    async (request) =>
      ok(request, await classifyForTester(app.db, sessionOf(request).tenantId, request.query, request.lang)),
  );
}
