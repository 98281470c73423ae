import type { LengthLimit } from '@glucocare/domain/constants';
import type { MessageKey } from '@glucocare/domain/messages';
import { NAME_REQUIRED, type TwoNames } from '@glucocare/domain/rules';
import type { z } from 'zod';
import { zodRule } from '../form-rules';
import { NameFields, type NameValues, namesInput, nameValuesOf } from '../names';
import { CodeField, DialogForm, SortField, useEditForm } from './DialogForm';

/** A catalogue entry named by a code and two names, with a sort (a drug category, a glucose event). */
export type CodeNameRecord = TwoNames & { id: number; version: number; code: string; sort: number };

export interface CodeNameValues extends NameValues {
  code: string;
  sort?: number | null;
}

/** What such a form sends: the trimmed code, the names (null when blank) and the sort. */
export interface CodeNameInput {
  code: string;
  nameZh: string | null;
  nameEn: string | null;
  sort: number;
}

export const codeNameValuesOf = (record: CodeNameRecord): CodeNameValues => ({
  code: record.code,
  ...nameValuesOf(record),
  sort: record.sort,
});

/**
 * The create / edit dialog of an entry that is a code, two names and a sort: the code locked once it
 * exists, a taken code reported under it, a stale edit reloaded through `find`. `save` gets the input
 * and the record it updates (null: create).
 */
export function CodeNameForm<T extends CodeNameRecord, S = unknown>({
  record,
  find,
  title,
  codeLabel,
  shape,
  nameLimits,
  requiredKey = NAME_REQUIRED.setting,
  save,
  onClose,
  onSaved,
}: {
  record: T | null;
  find: (base: T) => Promise<T | null>;
  title: { create: string; edit: string };
  codeLabel: string;
  /** the domain schema's fields (the ones the server checks with) */
  shape: { code: z.ZodType; nameZh: z.ZodType; nameEn: z.ZodType };
  nameLimits: { zh: LengthLimit; en: LengthLimit };
  /** the "at least one name" message (a setting's by default) */
  requiredKey?: MessageKey;
  save: (input: CodeNameInput, base: T | null) => Promise<S>;
  onClose: () => void;
  onSaved: (saved: S) => void;
}) {
  const edit = useEditForm<T, CodeNameValues>(record, find, codeNameValuesOf);
  return (
    <DialogForm<T, CodeNameValues, S>
      edit={edit}
      title={record ? title.edit : title.create}
      width={520}
      initialValues={record ? codeNameValuesOf(record) : { sort: 0 }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) =>
        save({ code: values.code.trim(), ...namesInput(values), sort: values.sort ?? 0 }, base)
      }
      onSaved={onSaved}
    >
      <CodeField label={codeLabel} rules={[zodRule(shape.code)]} maxLength={12} />
      <SortField />
      <NameFields fields={shape} limits={nameLimits} requiredKey={requiredKey} />
    </DialogForm>
  );
}
