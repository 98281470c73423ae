import { FHIR_IDENTIFIER_SYSTEMS, fhirDateTime } from '@glucocare/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { departmentScopeCondition } from '../../../lib/scope';
import type { Resource } from './bundle';
import { compact, type FhirContext } from './context';
import {
  conditionOf,
  numericId,
  parseToken,
  type RawQuery,
  stringParamConditions,
  stringParams,
} from './search';
import { tableProvider } from './table-provider';

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'userName' | 'nickName' | 'gender' | 'isActive' | 'updatedAt' | 'departmentCode'
>;

const columns = {
  id: users.id,
  userName: users.userName,
  nickName: users.nickName,
  gender: users.gender,
  isActive: users.isActive,
  updatedAt: users.updatedAt,
  departmentCode: users.departmentCode,
};

/** Practitioner: a staff user (login name as identifier, display name); no phone, ID card or e-mail. */
export function practitionerResource(row: UserRow, timeZone: string): Resource {
  return compact({
    resourceType: 'Practitioner',
    id: String(row.id),
    meta: { lastUpdated: fhirDateTime(row.updatedAt, timeZone) },
    identifier: [{ use: 'official', system: FHIR_IDENTIFIER_SYSTEMS.userName, value: row.userName }],
    active: row.isActive,
    name: [{ text: row.nickName }],
    gender:
      row.gender === 'male' || row.gender === 'female' ? row.gender : row.gender ? 'unknown' : undefined,
  });
}

/** Staff the caller may see, as the staff list does: the tenant's, not deleted, of a department in scope. */
function visibleUsers(ctx: FhirContext): SQL {
  return and(
    eq(users.tenantId, ctx.session.tenantId),
    isNull(users.deletedAt),
    departmentScopeCondition(ctx.session.scope, users.departmentCode),
  ) as SQL;
}

function identifierCondition(value: string): SQL | undefined {
  const { system, code } = parseToken(value);
  if (code === undefined || system === null) return sql`false`;
  if (system !== undefined && system !== FHIR_IDENTIFIER_SYSTEMS.userName) return sql`false`;
  // the unique index is on lower(user_name): login names are case-insensitive
  return sql`lower(${users.userName}) = lower(${code})`;
}

function searchConditions(ctx: FhirContext, query: RawQuery): SQL {
  return and(
    visibleUsers(ctx),
    conditionOf(query, '_id', (value) => {
      const id = numericId(value);
      return id === null ? sql`false` : eq(users.id, id);
    }),
    conditionOf(query, 'identifier', identifierCondition),
    stringParamConditions(query, 'name', [sql`${users.nickName}`, sql`${users.userName}`]),
  ) as SQL;
}

export const practitionerProvider = tableProvider<UserRow>({
  type: 'Practitioner',
  searchParams: ['_id', 'identifier', ...stringParams('name')],
  table: users,
  id: users.id,
  columns,
  visible: visibleUsers,
  where: searchConditions,
  toResource: practitionerResource,
});
