import type { FieldError } from '@glucocare/domain/validation';
import type { FormInstance } from 'antd';
import { isApiError, showError } from '../api/http';
import { toastError } from '../app/notify';

export type FieldPath = (string | number)[];

/** The part of an antd form the mapping needs (a fake in tests). */
export type ErrorTarget = Pick<FormInstance, 'setFields' | 'getFieldsError'> &
  Partial<Pick<FormInstance, 'scrollToField'>>;

export interface FieldErrorMapping {
  /** the form fields that should get errors, with all their messages */
  fields: { name: FieldPath; errors: string[] }[];
  /** problems that name no field of the form */
  unmatched: FieldError[];
}

/** `departmentPermissions.0` / `departmentPermissions[0]` → ['departmentPermissions', 0]. */
export function fieldPath(field: string): FieldPath {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const keyOf = (path: readonly (string | number)[]) => path.join('.');

/**
 * Matches the field problems of a 400 (`dataContent.errors`) to form fields: by the whole path,
 * else by the nearest parent path the form has (`departmentPermissions.0` → `departmentPermissions`),
 * after renaming through `fieldMap` (server field → form field). Messages for one field are merged.
 */
export function mapFieldErrors(
  errors: readonly FieldError[],
  formFields: readonly FieldPath[],
  fieldMap: Record<string, string | FieldPath> = {},
): FieldErrorMapping {
  const known = new Map(formFields.map((path) => [keyOf(path), path]));
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  const unmatched: FieldError[] = [];
  for (const error of errors) {
    const mapped = fieldMap[error.field];
    const path =
      mapped === undefined ? fieldPath(error.field) : typeof mapped === 'string' ? fieldPath(mapped) : mapped;
    let target: FieldPath | undefined;
    for (let length = path.length; length > 0 && !target; length--)
      target = known.get(keyOf(path.slice(0, length)));
    if (!target) {
      unmatched.push(error);
      continue;
    }
    const key = keyOf(target);
    const entry = byField.get(key) ?? { name: target, errors: [] };
    if (!entry.errors.includes(error.message)) entry.errors.push(error.message);
    byField.set(key, entry);
  }
  return { fields: [...byField.values()], unmatched };
}

/**
 * Shows a failed save on its form: the field problems of a 400 go under the matching fields (the
 * first one scrolled into view); anything else — other problems, other failures — shows as the
 * usual error toast. Returns true when at least one field got an error.
 */
export function applyApiError(
  form: ErrorTarget,
  error: unknown,
  options: { fieldMap?: Record<string, string | FieldPath> } = {},
): boolean {
  if (!isApiError(error) || error.errors.length === 0) {
    showError(error);
    return false;
  }
  const formFields = form.getFieldsError().map((field) => field.name as FieldPath);
  const { fields, unmatched } = mapFieldErrors(error.errors, formFields, options.fieldMap);
  if (fields.length) {
    form.setFields(fields);
    form.scrollToField?.(fields[0]!.name, { block: 'center' });
  }
  if (fields.length === 0) showError(error);
  else if (unmatched.length) toastError(unmatched.map((item) => item.message).join('; '));
  return fields.length > 0;
}

export interface SaveErrorOptions {
  fieldMap?: Record<string, string | FieldPath>;
  /** a 409 without field problems belongs to this field (a new record whose code is taken) */
  conflictField?: string;
  /** a 409 without field problems on an existing record (stale `version`): shown by the form */
  onConflict?: (message: string) => void;
}

/**
 * How a failed create or update shows (every administration form): field problems under their fields,
 * a 409 under the unique field (create) or as the form's conflict notice (edit), anything else as a toast.
 */
export function handleSaveError(form: ErrorTarget, error: unknown, options: SaveErrorOptions = {}): void {
  if (isApiError(error) && error.status === 409 && error.errors.length === 0) {
    if (options.conflictField) {
      form.setFields([{ name: fieldPath(options.conflictField), errors: [error.message] }]);
      form.scrollToField?.(fieldPath(options.conflictField), { block: 'center' });
      return;
    }
    if (options.onConflict) {
      options.onConflict(error.message);
      return;
    }
  }
  applyApiError(form, error, { fieldMap: options.fieldMap });
}
