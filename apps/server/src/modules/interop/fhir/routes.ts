import { FHIR_JSON, PERMISSIONS } from '@glucocare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fhirBase, type Resource, searchset } from './bundle';
import { capabilityStatement } from './capability';
import { fhirContext, type ResourceProvider } from './context';
import { deviceProvider } from './device';
import { encounterProvider } from './encounter';
import { observationProvider } from './observation';
import { FhirError, fhirErrorHandler, fhirNotFound, operationOutcome } from './outcome';
import { patientProvider } from './patient';
import { practitionerProvider } from './practitioner';
import { assertKnownParams, pagingOf, type RawQuery } from './search';

const tags = ['FHIR R4'];
const PROVIDERS: ResourceProvider[] = [
  patientProvider,
  encounterProvider,
  observationProvider,
  deviceProvider,
  practitionerProvider,
];
/** The date of this API's CapabilityStatement (changes when its capabilities do). */
const CAPABILITY_DATE = '2026-05-01';

/** FHIR JSON, read as loose objects: the tests check the answers against the R4 JSON schema instead. */
const resourceOf = (type: string) =>
  z.looseObject({ resourceType: z.literal(type), id: z.string() }).meta({ description: `FHIR R4 ${type}` });
const bundleOf = (type: string) =>
  z.looseObject({
    resourceType: z.literal('Bundle'),
    type: z.literal('searchset'),
    total: z.number().int(),
    link: z.array(z.object({ relation: z.string(), url: z.string() })),
    entry: z
      .array(
        z.object({ fullUrl: z.string(), resource: resourceOf(type), search: z.object({ mode: z.string() }) }),
      )
      .optional(),
  });
const outcomeSchema = z.object({
  resourceType: z.literal('OperationOutcome'),
  issue: z.array(z.object({ severity: z.string(), code: z.string(), diagnostics: z.string().optional() })),
});
/** Parameters are read by the handlers (strict: unknown ones answer 400 with an OperationOutcome). */
const rawQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json', 'application/json+fhir']);

/**
 * JSON only: `_format` other than json, or an Accept header that takes no JSON (`application/fhir+xml`),
 * answers 406. No Accept header, `*\/*`, `application/*` or any JSON type is fine.
 */
function assertJsonWanted(request: FastifyRequest): void {
  const format = (request.query as RawQuery | undefined)?._format;
  for (const value of format === undefined ? [] : [format].flat()) {
    if (!JSON_FORMATS.has(value.trim().toLowerCase())) {
      throw new FhirError(
        406,
        'not-supported',
        `_format ${value} is not supported: this server answers JSON only`,
      );
    }
  }
  const accept = request.headers.accept;
  if (!accept) return;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const takesJson = types.some(
    (type) => type === '' || type === '*/*' || type === 'application/*' || type.endsWith('json'),
  );
  if (!takesJson) {
    throw new FhirError(
      406,
      'not-supported',
      `Accept ${accept} is not supported: this server answers ${FHIR_JSON} only`,
    );
  }
}

/**
 * The read-only FHIR R4 API (issue 21) under `/app-service/fhir/R4`: `metadata`, and read and search
 * of Patient, Encounter, Observation, Device and Practitioner in the session's tenant and scope.
 *
 * A deliberate departure from ARCHITECTURE §3: answers are bare FHIR resources (`application/fhir+json`)
 * and failures OperationOutcome resources, not the app's `{code, message, dataContent}` envelope — FHIR
 * clients read resources and outcomes, nothing else. This plugin scope therefore has its own error and
 * not-found handlers; the global ones (http/error-handler.ts) are untouched and the session guard,
 * language, no-store and request-timeout hooks apply as everywhere. See docs/interop.md.
 */
export async function fhirRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const permission = PERMISSIONS.interop.fhir.read;

  app.setErrorHandler(fhirErrorHandler);
  app.setNotFoundHandler((request, reply) => {
    const readOnly = request.method !== 'GET' && request.method !== 'HEAD';
    reply.status(readOnly ? 405 : 404).type(FHIR_JSON);
    return operationOutcome(
      'not-supported',
      readOnly
        ? 'This FHIR server is read-only: only GET is supported'
        : `Unknown FHIR path; resource types served: ${PROVIDERS.map((p) => p.type).join(', ')}`,
    );
  });
  app.addHook('onRequest', async (request) => assertJsonWanted(request));

  r.get(
    '/metadata',
    {
      // FHIR clients read the capabilities before they sign in; nothing in it is tenant data
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The CapabilityStatement of the FHIR R4 API (no session needed)',
        querystring: rawQuery,
        response: { 200: resourceOf('CapabilityStatement').partial({ id: true }), '4xx': outcomeSchema },
      },
    },
    async (request, reply) => {
      assertKnownParams(request.query, 'CapabilityStatement', ['mode']);
      reply.type(FHIR_JSON);
      return capabilityStatement(fhirBase(request), PROVIDERS, CAPABILITY_DATE);
    },
  );

  for (const provider of PROVIDERS) {
    const { type } = provider;
    r.get(
      `/${type}/:id`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `Read a ${type} by id (another tenant's, outside the scope or missing: 404 alike)`,
          params: z.object({ id: z.string() }),
          querystring: rawQuery,
          response: { 200: resourceOf(type), '4xx': outcomeSchema },
        },
      },
      async (request, reply) => {
        assertKnownParams(request.query, type, []);
        const resource: Resource | null = await provider.read(
          fhirContext(app.db, request),
          request.params.id,
        );
        if (!resource) throw fhirNotFound(type, request.params.id);
        reply.type(FHIR_JSON);
        return resource as z.infer<ReturnType<typeof resourceOf>>;
      },
    );
    r.get(
      `/${type}`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `Search ${type} resources: a searchset Bundle with total and paging links`,
          description: `Parameters: ${provider.searchParams.join(', ')}, _count, _offset, _format; others answer 400.`,
          querystring: rawQuery,
          response: { 200: bundleOf(type), '4xx': outcomeSchema },
        },
      },
      async (request, reply) => {
        const query = request.query as RawQuery;
        assertKnownParams(query, type, provider.searchParams);
        const paging = pagingOf(query);
        const page = await provider.search(fhirContext(app.db, request), query, paging);
        reply.type(FHIR_JSON);
        return searchset(request, type, query, paging, page.total, page.resources) as z.infer<
          ReturnType<typeof bundleOf>
        >;
      },
    );
  }
}
