import { FHIR_IDENTIFIER_SYSTEMS, FHIR_SYSTEMS, fhirDateTime } from '@glucocare/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { analyzers } from '../../../db/schema';
import { analyzerVisibility } from '../../quality/registry/analyzers';
import type { Resource } from './bundle';
import { compact, type FhirContext } from './context';
import { conditionOf, numericId, parseToken, type RawQuery } from './search';
import { tableProvider } from './table-provider';

type AnalyzerRow = typeof analyzers.$inferSelect;

/** SNOMED CT 337414009 |Blood glucose meters (physical object)| */
export const GLUCOSE_METER_TYPE = {
  coding: [{ system: FHIR_SYSTEMS.snomed, code: '337414009', display: 'Blood glucose meters' }],
  text: 'Blood glucose meter',
};

/**
 * Device: a meter of the QC register (analyzers): the serial number (the key its readings upload
 * under) as identifier and serialNumber, model, manufacturer, enabled (active) or stopped (inactive),
 * and where it works (work station and department, as a display: locations are not served).
 */
export function deviceResource(row: AnalyzerRow, timeZone: string): Resource {
  return compact({
    resourceType: 'Device',
    id: String(row.id),
    meta: { lastUpdated: fhirDateTime(row.updatedAt, timeZone) },
    identifier: [{ system: FHIR_IDENTIFIER_SYSTEMS.deviceSerial, value: row.sn }],
    status: row.isActive ? 'active' : 'inactive',
    manufacturer: row.manufacturer ?? undefined,
    serialNumber: row.sn,
    deviceName: [{ name: row.model, type: 'model-name' }],
    modelNumber: row.model,
    type: GLUCOSE_METER_TYPE,
    location: {
      identifier: { system: FHIR_IDENTIFIER_SYSTEMS.department, value: row.departmentCode },
      display: `${row.workStation} (${row.departmentCode})`,
    },
    note: row.isSpare ? [{ text: 'Spare meter' }] : undefined,
  });
}

/** The meters a caller sees, as the QC register shows them: own departments', and spares lent to them. */
function visibleAnalyzers(ctx: FhirContext): SQL {
  return and(
    eq(analyzers.tenantId, ctx.session.tenantId),
    isNull(analyzers.deletedAt),
    analyzerVisibility(ctx.session.scope),
  ) as SQL;
}

function identifierCondition(value: string): SQL | undefined {
  const { system, code } = parseToken(value);
  if (code === undefined || system === null) return sql`false`;
  if (system !== undefined && system !== FHIR_IDENTIFIER_SYSTEMS.deviceSerial) return sql`false`;
  return eq(analyzers.sn, code);
}

function searchConditions(ctx: FhirContext, query: RawQuery): SQL {
  return and(
    visibleAnalyzers(ctx),
    conditionOf(query, '_id', (value) => {
      const id = numericId(value);
      return id === null ? sql`false` : eq(analyzers.id, id);
    }),
    conditionOf(query, 'identifier', identifierCondition),
  ) as SQL;
}

export const deviceProvider = tableProvider<typeof analyzers.$inferSelect>({
  type: 'Device',
  searchParams: ['_id', 'identifier'],
  table: analyzers,
  id: analyzers.id,
  visible: visibleAnalyzers,
  where: searchConditions,
  toResource: deviceResource,
});
