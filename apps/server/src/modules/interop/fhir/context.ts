import type { Lang } from '@glucocare/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { sessionOf } from '../../../http/session';
import type { SessionUser } from '../../auth/sessions';
import { hospitalTimeZone } from '../../settings/time-zone';
import type { Resource } from './bundle';
import type { Paging, RawQuery } from './search';

/** What a FHIR read runs with: the database, the session (tenant and department scope), the language. */
export interface FhirContext {
  db: Database;
  session: SessionUser;
  lang: Lang;
  /** the hospital's time zone: dates without an offset in search parameters are read on its clock */
  timeZone(): Promise<string>;
}

export function fhirContext(db: Database, request: FastifyRequest): FhirContext {
  const session = sessionOf(request);
  let zone: Promise<string> | undefined;
  return {
    db,
    session,
    lang: request.lang,
    timeZone: () => {
      zone ??= hospitalTimeZone(db, session.tenantId);
      return zone;
    },
  };
}

/** One page of a search: the matches' resources and the number of all matches. */
export interface SearchPage {
  total: number;
  resources: Resource[];
}

/** A resource type the API serves: read by id (null: none in the caller's tenant and scope) and search. */
export interface ResourceProvider {
  type: string;
  /** the search parameters besides `_count`, `_offset`, `_format` and `_pretty` */
  searchParams: readonly string[];
  read(ctx: FhirContext, id: string): Promise<Resource | null>;
  search(ctx: FhirContext, query: RawQuery, paging: Paging): Promise<SearchPage>;
}

export const iso = (at: Date | string | null | undefined): string | undefined =>
  at ? new Date(at).toISOString() : undefined;

/** Drops the keys whose value is undefined, null or an empty array (FHIR has no empty elements). */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as T;
}
