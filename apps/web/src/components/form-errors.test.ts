import type { FieldData } from 'rc-field-form/es/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { setLanguage } from '../i18n';
import { applyApiError, type ErrorTarget, fieldPath, handleSaveError, mapFieldErrors } from './form-errors';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../app/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../app/notify')>()),
  toastError: (text: string) => toasts.push(text),
}));

/** A stand-in for an antd form with the given fields registered. */
function fakeForm(fields: (string | number)[][]) {
  const set: FieldData[] = [];
  const scrolled: unknown[] = [];
  const form: ErrorTarget = {
    getFieldsError: () => fields.map((name) => ({ name, errors: [], warnings: [] })),
    setFields: (data) => {
      set.push(...(data as FieldData[]));
    },
    scrollToField: (name) => {
      scrolled.push(name);
    },
  };
  return { form, set, scrolled };
}

const badRequest = (errors: { field: string; message: string }[]) =>
  new ApiError({
    message: errors.map((e) => e.message).join('; '),
    code: '400',
    status: 400,
    kind: 'api',
    errors,
  });

beforeEach(async () => {
  toasts.length = 0;
  await setLanguage('en-US');
});

afterEach(() => {
  toasts.length = 0;
});

describe('API field errors → form fields', () => {
  it('reads field paths with dots and indexes', () => {
    expect(fieldPath('email')).toEqual(['email']);
    expect(fieldPath('departmentPermissions.0')).toEqual(['departmentPermissions', 0]);
    expect(fieldPath('contacts[1].phone')).toEqual(['contacts', 1, 'phone']);
  });

  it('matches whole paths, then the nearest parent field, merges messages and keeps the rest', () => {
    const mapping = mapFieldErrors(
      [
        { field: 'email', message: 'Bad email' },
        { field: 'email', message: 'Too long' },
        { field: 'email', message: 'Bad email' },
        { field: 'departmentPermissions.1', message: 'Unknown department: X' },
        { field: 'tenant', message: 'Not yours' },
        { field: '', message: 'Whole body' },
      ],
      [['email'], ['departmentPermissions'], ['nickName']],
    );
    expect(mapping.fields).toEqual([
      { name: ['email'], errors: ['Bad email', 'Too long'] },
      { name: ['departmentPermissions'], errors: ['Unknown department: X'] },
    ]);
    expect(mapping.unmatched.map((item) => item.message)).toEqual(['Not yours', 'Whole body']);
  });

  it('renames server fields through a field map', () => {
    const mapping = mapFieldErrors([{ field: 'roleIds', message: 'Unknown role' }], [['roles']], {
      roleIds: 'roles',
    });
    expect(mapping.fields).toEqual([{ name: ['roles'], errors: ['Unknown role'] }]);
  });

  it('shows a 400 under its fields, scrolls to the first, and toasts only what names no field', () => {
    const { form, set, scrolled } = fakeForm([['email'], ['phone']]);
    const shown = applyApiError(
      form,
      badRequest([
        { field: 'phone', message: 'Bad phone' },
        { field: 'email', message: 'Bad email' },
        { field: 'somethingElse', message: 'Other problem' },
      ]),
    );
    expect(shown).toBe(true);
    expect(set).toEqual([
      { name: ['phone'], errors: ['Bad phone'] },
      { name: ['email'], errors: ['Bad email'] },
    ]);
    expect(scrolled).toEqual([['phone']]);
    expect(toasts).toEqual(['Other problem']);
  });

  it('toasts the message when no field matches or the failure is not a 400 with fields', () => {
    const { form, set } = fakeForm([['email']]);
    expect(applyApiError(form, badRequest([{ field: 'other', message: 'Nope' }]))).toBe(false);
    expect(
      applyApiError(form, new ApiError({ message: 'Server down', code: '503', status: 503, kind: 'api' })),
    ).toBe(false);
    expect(applyApiError(form, new Error('Plain failure'))).toBe(false);
    expect(set).toEqual([]);
    expect(toasts).toEqual(['Nope', 'Server down', 'Plain failure']);
  });

  it('shows nothing for an expired session (the page reloads to the login)', () => {
    const { form } = fakeForm([['email']]);
    applyApiError(form, new ApiError({ message: 'Session', code: '402', status: 401, kind: 'session' }));
    expect(toasts).toEqual([]);
  });

  it('puts a 409 of a new record under its unique field, and a stale edit into the form notice', () => {
    const conflict = new ApiError({ message: 'Code taken', code: '409', status: 409, kind: 'api' });
    const create = fakeForm([['code'], ['name']]);
    handleSaveError(create.form, conflict, { conflictField: 'code' });
    expect(create.set).toEqual([{ name: ['code'], errors: ['Code taken'] }]);

    const edit = fakeForm([['code']]);
    const onConflict = vi.fn();
    handleSaveError(edit.form, new ApiError({ ...conflict, message: 'Changed by someone else' }), {
      onConflict,
    });
    expect(onConflict).toHaveBeenCalledWith('Changed by someone else');
    expect(edit.set).toEqual([]);
    expect(toasts).toEqual([]);

    handleSaveError(edit.form, badRequest([{ field: 'code', message: 'Bad code' }]), { onConflict });
    expect(edit.set).toEqual([{ name: ['code'], errors: ['Bad code'] }]);
  });
});
