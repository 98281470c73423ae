import type { FastifyRequest } from 'fastify';
import type { Paging, RawQuery } from './search';

/** The path of the FHIR base under the server (the API prefix + `/fhir/R4`). */
export const FHIR_BASE_PATH = '/app-service/fhir/R4';

export type Resource = { resourceType: string; id?: string } & Record<string, unknown>;

export interface SearchsetBundle {
  resourceType: 'Bundle';
  type: 'searchset';
  total: number;
  link: { relation: 'self' | 'first' | 'next' | 'previous'; url: string }[];
  entry?: { fullUrl: string; resource: Resource; search: { mode: 'match' } }[];
}

/**
 * The absolute base URL as the client reached it (scheme and host, behind the proxies the server
 * trusts: `TRUST_PROXY`), so that `fullUrl` and the paging links work from the client's side.
 */
export function fhirBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${FHIR_BASE_PATH}`;
}

/** The search URL with the same parameters (in the order given) and the page's `_count`/`_offset`. */
function pageUrl(base: string, type: string, query: RawQuery, paging: Paging, offset: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name === '_count' || name === '_offset' || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  params.set('_count', String(paging.count));
  params.set('_offset', String(offset));
  return `${base}/${type}?${params.toString()}`;
}

/**
 * A `searchset` Bundle of one page of matches: `total` is the number of all matches, `link` holds
 * self and first, `next` while matches remain after this page and `previous` unless it is the first.
 */
export function searchset(
  request: FastifyRequest,
  type: string,
  query: RawQuery,
  paging: Paging,
  total: number,
  resources: Resource[],
): SearchsetBundle {
  const base = fhirBase(request);
  const link: SearchsetBundle['link'] = [
    { relation: 'self', url: pageUrl(base, type, query, paging, paging.offset) },
    { relation: 'first', url: pageUrl(base, type, query, paging, 0) },
  ];
  if (paging.count > 0 && paging.offset + paging.count < total) {
    link.push({ relation: 'next', url: pageUrl(base, type, query, paging, paging.offset + paging.count) });
  }
  if (paging.offset > 0) {
    const previous = Math.max(0, paging.offset - Math.max(paging.count, 1));
    link.push({ relation: 'previous', url: pageUrl(base, type, query, paging, previous) });
  }
  const bundle: SearchsetBundle = { resourceType: 'Bundle', type: 'searchset', total, link };
  if (resources.length) {
    bundle.entry = resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    }));
  }
  return bundle;
}
