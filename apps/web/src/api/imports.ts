import type { ImportKind, ImportProblem } from '@glucocare/domain/admin';
import type { ImportResult } from '@glucocare/domain/responses';
import { isApiError, requestEnvelope } from './http';

/** Bulk import (docs/api.md "Bulk import from the Excel template"): where each list takes a file's rows. */
const IMPORT_PATHS: Record<ImportKind, string> = {
  staff: '/v1/users/import',
  departments: '/v1/departments/import',
  drugs: '/v1/medication/import',
  dictionaries: '/v1/dict/import',
  labMappings: '/v1/mappingItem/import',
};

/** What the server answered: every row stored, or none and the problems of the rows (rows numbered from 1 as sent). */
export type ImportOutcome =
  | {
      stored: true;
      count: number;
      message: string;
      /** staff: each new account's one-time password, answered this once */
      passwords: { userName: string; password: string }[];
    }
  | { stored: false; problems: ImportProblem[]; message: string };

export async function importRows(kind: ImportKind, rows: readonly unknown[]): Promise<ImportOutcome> {
  try {
    const answer = await requestEnvelope<ImportResult>('POST', IMPORT_PATHS[kind], { body: { rows } });
    return {
      stored: true,
      count: answer.dataContent.count,
      message: answer.message ?? '',
      passwords: answer.dataContent.passwords ?? [],
    };
  } catch (error) {
    const problems = isApiError(error) && error.status === 400 ? problemsOf(error.data) : null;
    if (!problems) throw error;
    return { stored: false, problems, message: (error as Error).message };
  }
}

function problemsOf(data: unknown): ImportProblem[] | null {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  return errors.map((found: Partial<ImportProblem>) => ({
    row: typeof found.row === 'number' ? found.row : 0,
    field: String(found.field ?? ''),
    message: String(found.message ?? ''),
  }));
}
