import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DepartmentScope } from '../modules/auth/sessions';

/**
 * The condition "this department column lies in the user's scope" (ARCHITECTURE §5: department
 * scoping is enforced in services for every patient-related read and write). `undefined` for the
 * all-departments scope, so it can go straight into `and(...)`.
 */
export function departmentScopeCondition(scope: DepartmentScope, column: AnyPgColumn): SQL | undefined {
  if (scope.all) return undefined;
  if (!scope.departments.length) return sql`false`;
  return inArray(column, scope.departments);
}
