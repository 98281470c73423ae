import {
  displayItemQuerySchema,
  effectiveLengthRule,
  featureQuerySchema,
  featureSwitchSchema,
  fileStorageSchema,
  hisSettingOf,
  hisSettingSchema,
  itemDisplaySchema,
  type PasswordRule,
  PERMISSIONS,
  passwordExpirySchema,
  passwordLengthSchema,
  periodShowStrategySchema,
  reportTitleSchema,
  switchSettingSchema,
} from '@glucocare/domain';
import {
  featureSwitchView,
  fileStorageView,
  hisSettingView,
  itemDisplayView,
  passwordLengthView,
  periodShowStrategyView,
  reportTitleView,
  supportedUnitView,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { requestMeta } from '../audit/service';
import { findTenant, tenantView } from '../tenants/service';
import { settingEndpoint } from './endpoints';
import { featureSwitches, setFeatureSwitch } from './features';
import { changeItemDisplay, itemDisplaySetting, supportedUnits } from './item-display';
import { changeUserSetting, getUserSetting } from './user-settings';

const hospital = {
  read: PERMISSIONS.settings.hospital.list,
  write: PERMISSIONS.settings.hospital.edit,
} as const;
const system = { write: PERMISSIONS.settings.system.edit } as const;
const password = {
  read: PERMISSIONS.settings.passwordPolicy.list,
  write: PERMISSIONS.settings.passwordPolicy.edit,
} as const;

const passwordLengthOf = (rule: PasswordRule) => ({
  minLength: rule.minLength,
  maxLength: rule.maxLength,
  adminMinLength: effectiveLengthRule(rule, true).min,
});

/** Hospital information and communication, system settings and the password policy (issue 4). */
export async function settingsRoutes(app: FastifyInstance) {
  hospitalSettingsRoutes(app);
  systemSettingsRoutes(app);
  passwordPolicyRoutes(app);
}

function hospitalSettingsRoutes(app: FastifyInstance) {
  const tags = ['hospital settings'];
  settingEndpoint(app, {
    path: '/v1/his',
    key: 'his.interface',
    ...hospital,
    tags,
    summary: 'The HIS/LIS interface server and the HL7 service switch',
    body: hisSettingSchema,
    response: hisSettingView,
    apply: hisSettingOf,
  });
  settingEndpoint(app, {
    path: '/v1/systemSetting/fileStorage',
    key: 'fileStorage.path',
    ...hospital,
    tags,
    summary: 'Where exported and printed files are kept: an absolute server path or an http(s) URL',
    body: fileStorageSchema,
    response: fileStorageView,
    view: (path) => ({ path }),
    apply: (body) => body.path,
  });
  settingEndpoint(app, {
    path: '/v1/systemSetting/reportTitleValue',
    key: 'report.title',
    read: 'session',
    write: hospital.write,
    tags,
    summary: 'The heading of printed reports (the hospital name until one is set)',
    body: reportTitleSchema,
    resettable: true,
    response: reportTitleView,
    view: async (value, request) => {
      if (value) return { title: value.title, subtitle: value.subtitle, isDefault: false };
      const tenant = await findTenant(app.db, sessionOf(request).tenantId);
      return { title: tenantView(tenant, request.lang).tenantName, subtitle: null, isDefault: true };
    },
    apply: (body) => ({ title: body.title, subtitle: body.subtitle ? body.subtitle : null }),
  });
}

function systemSettingsRoutes(app: FastifyInstance) {
  const tags = ['system settings'];
  const r = app.withTypeProvider<ZodTypeProvider>();
  settingEndpoint(app, {
    path: '/v1/systemSetting/showClockTime',
    key: 'display.showClockTime',
    read: 'session',
    ...system,
    tags,
    summary: 'Whether ward screens show the clock time',
    body: switchSettingSchema,
    response: z.boolean(),
    apply: (body) => body.value,
  });
  settingEndpoint(app, {
    path: '/v1/systemSetting/workMode/isOutside',
    key: 'workMode.isOutside',
    // the GET is a session call of the tenants module (the web reads it at startup)
    read: null,
    ...system,
    tags,
    summary: 'Out-of-hospital work mode (the profile’s isOut follows)',
    body: switchSettingSchema,
    response: z.boolean(),
    apply: (body) => body.value,
  });
  settingEndpoint(app, {
    path: '/v1/systemSetting/gluStandardPeriodShowStragety',
    key: 'display.periodShowStrategy',
    read: 'session',
    ...system,
    tags,
    summary: 'How the day × period glucose grid shows periods: all enabled, or only those measured',
    body: periodShowStrategySchema,
    response: periodShowStrategyView,
    apply: (body) => body.value,
  });

  r.get(
    '/v1/userDefine/testTimeAsc',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The signed-in user’s own order of measurement lists: true = oldest first',
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => ok(request, await getUserSetting(app.db, sessionOf(request), 'testTimeAsc')),
  );
  r.post(
    '/v1/userDefine/testTimeAsc',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'Change the signed-in user’s own order of measurement lists',
        body: switchSettingSchema,
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) =>
      ok(
        request,
        await changeUserSetting(
          app.db,
          sessionOf(request),
          'testTimeAsc',
          request.body.value,
          requestMeta(request),
        ),
      ),
  );

  r.get(
    '/v1/systemSetting/enable',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'A feature switch’s value (`key`), or every switch with its name and description',
        querystring: featureQuerySchema,
        response: { 200: envelopeOf(z.union([z.boolean(), z.array(featureSwitchView)])) },
      },
    },
    async (request) => {
      const switches = await featureSwitches(app.db, sessionOf(request).tenantId, request.lang);
      const { key } = request.query;
      return ok(request, key ? switches.find((item) => item.key === key)!.value : switches);
    },
  );
  r.post(
    '/v1/systemSetting/enable',
    {
      config: { permission: system.write },
      schema: {
        tags,
        summary: 'Switch a feature on or off',
        body: featureSwitchSchema,
        response: { 200: envelopeOf(featureSwitchView) },
      },
    },
    async (request) =>
      ok(
        request,
        await setFeatureSwitch(app.db, sessionOf(request), request.body, request.lang, requestMeta(request)),
      ),
  );

  r.get(
    '/v1/itemDisplay/supportUnits',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The units an item (GLU, KET, UA) can be shown in, with their decimals',
        querystring: displayItemQuerySchema,
        response: { 200: envelopeOf(z.array(supportedUnitView)) },
      },
    },
    async (request) => ok(request, supportedUnits(request.query.item)),
  );
  r.get(
    '/v1/itemDisplay/setting',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The unit an item is shown in, with its decimals',
        querystring: displayItemQuerySchema,
        response: { 200: envelopeOf(itemDisplayView) },
      },
    },
    async (request) =>
      ok(request, await itemDisplaySetting(app.db, sessionOf(request).tenantId, request.query.item)),
  );
  r.post(
    '/v1/itemDisplay/setting',
    {
      config: { permission: system.write },
      schema: {
        tags,
        summary: 'Change the unit an item is shown in (replaces the item’s row of the units list)',
        body: itemDisplaySchema,
        response: { 200: envelopeOf(itemDisplayView) },
      },
    },
    async (request) =>
      ok(request, await changeItemDisplay(app.db, sessionOf(request), request.body, requestMeta(request))),
  );
}

/**
 * Parts of the `password.policy` setting that sign-in, the password-rule lookup and both password
 * changes read: a change applies to the next of those calls.
 */
function passwordPolicyRoutes(app: FastifyInstance) {
  const tags = ['password policy'];
  settingEndpoint(app, {
    path: '/v1/systemSetting/password/isStrongPasswords',
    key: 'password.policy',
    ...password,
    tags,
    summary: 'Whether passwords need upper-case letters, digits and special characters',
    body: switchSettingSchema,
    response: z.boolean(),
    view: (rule) => rule.strong,
    apply: (body, rule) => ({ ...rule, strong: body.value }),
  });
  settingEndpoint(app, {
    path: '/v1/systemSetting/password/passwordLengh',
    key: 'password.policy',
    ...password,
    tags,
    summary: 'Shortest and longest password (administrators never below adminMinLength)',
    body: passwordLengthSchema,
    response: passwordLengthView,
    view: passwordLengthOf,
    apply: (body, rule) => ({ ...rule, minLength: body.minLength, maxLength: body.maxLength }),
  });
  settingEndpoint(app, {
    path: '/v1/systemSetting/password/expiryMonth',
    key: 'password.policy',
    ...password,
    tags,
    summary: 'Months a password stays valid (0 = never expires)',
    body: passwordExpirySchema,
    response: z.number(),
    view: (rule) => rule.expiryMonths,
    apply: (body, rule) => ({ ...rule, expiryMonths: body.value }),
  });
}
