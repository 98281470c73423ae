/**
 * Bulk import from an Excel template (issue 14): what each importable list's sheet holds, and the
 * reading of a filled sheet into create inputs plus the problems of its rows. The browser builds the
 * template and reads the file with these declarations; the server checks the rows it receives with the
 * same ones before it stores them through the kind's single create.
 */
import { z } from 'zod';
import { mappingItemCreateSchema } from '../hospital-settings/periods';
import { type Lang, type MessageKey, translate } from '../i18n/messages';
import { localizedIssues } from '../validation';
import { dictEntrySaveSchema, drugCreateSchema } from './catalogues';
import { PERMISSIONS, type PermissionCode } from './permissions';
import {
  dataPermissionSchema,
  departmentCodeSchema,
  departmentCreateSchema,
  permissionScopeSchema,
  roleCodeSchema,
  staffCreateSchema,
} from './schemas';

/** The lists a file can be imported into. */
export const IMPORT_KINDS = ['staff', 'departments', 'drugs', 'dictionaries', 'labMappings'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Rows one file may hold: enough for a hospital's whole staff or formulary, small enough for one transaction. */
export const IMPORT_MAX_ROWS = 1000;

/**
 * How a cell's content becomes a field value: `text` as typed, `integer` a whole number, `yesNo` a
 * boolean, `list` several values separated by commas, `date` an ISO date (YYYY-MM-DD), `choice` one of
 * the column's choices, typed as its value or as its label in either language.
 */
export type CellKind = 'text' | 'integer' | 'yesNo' | 'list' | 'date' | 'choice';

type Labels = Record<Lang, string>;

export interface ImportColumn {
  field: string;
  header: Labels;
  /** what the template's example row shows */
  example: string | number | boolean;
  required: boolean;
  cell: CellKind;
  /** the values a `choice` column accepts */
  choices?: readonly { value: string; label: Labels }[];
  /** how to fill the column, shown as the header cell's note (the allowed values of a choice are added) */
  note?: Labels;
}

export interface ImportDeclaration<Row extends z.ZodType = z.ZodType> {
  kind: ImportKind;
  /** who may import: whoever may create one row of the list may create many */
  permission: PermissionCode;
  /** the template's sheet and file name */
  title: Labels;
  columns: readonly ImportColumn[];
  /** one row's input as the server receives it: the kind's create schema, with references by code */
  rowSchema: Row;
  /** the fields that name a row: two rows of one file with the same values are duplicates */
  key: readonly string[];
  /** the column a create schema's problem is shown on when its field is no column (drugs' "one name at least" is on `name`) */
  problemColumn?: Readonly<Record<string, string>>;
  /** whether the key compares in any case (user names do at sign-in) */
  keyIgnoresCase?: boolean;
  maxRows: number;
}

/** One problem of an imported file: the row (position among the rows, 1-based), the field, the message. */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

const text = (field: string, en: string, zh: string, example: string, required = false): ImportColumn => ({
  field,
  header: { 'en-US': en, 'zh-CN': zh },
  example,
  required,
  cell: 'text',
});
const withFields = (column: ImportColumn, extra: Partial<ImportColumn>): ImportColumn => ({
  ...column,
  ...extra,
});
const yesNo = (field: string, en: string, zh: string): ImportColumn => ({
  ...text(field, en, zh, ''),
  example: true,
  cell: 'yesNo',
  note: { 'en-US': 'Yes or No; empty means Yes', 'zh-CN': '是或否；空白为是' },
});
const labels = (en: string, zh: string): Labels => ({ 'en-US': en, 'zh-CN': zh });

// ---------------------------------------------------------------- the kinds

/**
 * A staff row: the single create's fields, with roles by code (the sheet cannot know ids) and the
 * access fields defaulting to what the staff form starts with.
 */
export const staffImportRowSchema = staffCreateSchema.omit({ roleIds: true }).extend({
  roleCodes: z.array(roleCodeSchema).max(20).default([]),
  dataPermission: dataPermissionSchema.default('readWrite'),
  permissionScope: permissionScopeSchema.default('departments'),
  departmentPermissions: z.array(departmentCodeSchema).max(200).default([]),
});
export type StaffImportRow = z.output<typeof staffImportRowSchema>;

/** A department row: the single create's fields, with the parent by code (an earlier row or an existing department). */
export const departmentImportRowSchema = departmentCreateSchema.omit({ parentId: true }).extend({
  parentCode: departmentCodeSchema.nullish(),
});
export type DepartmentImportRow = z.output<typeof departmentImportRowSchema>;

const staffImport = {
  kind: 'staff',
  permission: PERMISSIONS.system.staff.edit,
  title: labels('Staff', '人员'),
  columns: [
    withFields(text('userName', 'User name', '用户名', 'nurse21', true), {
      note: labels('2-12 letters, digits, . _ or -', '2-12 位字母、数字或 . _ -'),
    }),
    text('nickName', 'Name', '姓名', '王芳', true),
    withFields(text('gender', 'Gender', '性别', 'female'), {
      cell: 'choice',
      example: 'female',
      choices: [
        { value: 'male', label: labels('Male', '男') },
        { value: 'female', label: labels('Female', '女') },
        { value: 'unknown', label: labels('Unknown', '未知') },
      ],
    }),
    withFields(text('birthDate', 'Birth date', '出生日期', '1990-05-01'), { cell: 'date' }),
    text('idCard', 'ID card', '身份证号', ''),
    text('phone', 'Mobile phone', '手机号', '13800138000'),
    text('email', 'Email', '邮箱', ''),
    withFields(text('departmentCode', 'Department code', '科室代码', 'ENDO', true), {
      note: labels('The code of an existing department', '已有科室的代码'),
    }),
    withFields(text('roleCodes', 'Role codes', '角色代码', 'nurse'), {
      cell: 'list',
      note: labels('Codes of existing roles, separated by commas', '已有角色的代码，多个用逗号分隔'),
    }),
    withFields(text('dataPermission', 'Data permission', '数据权限', 'readWrite'), {
      cell: 'choice',
      choices: [
        { value: 'readWrite', label: labels('Read and write', '读写') },
        { value: 'readOnly', label: labels('Read only', '只读') },
      ],
      note: labels('Empty means read and write', '空白为读写'),
    }),
    withFields(text('permissionScope', 'Department scope', '科室权限', 'departments'), {
      cell: 'choice',
      choices: [
        { value: 'all', label: labels('All departments', '全院') },
        { value: 'departments', label: labels('Some departments', '指定科室') },
      ],
      note: labels('Empty means some departments', '空白为指定科室'),
    }),
    withFields(text('departmentPermissions', 'Scope department codes', '授权科室代码', 'ENDO'), {
      cell: 'list',
      note: labels('Separated by commas', '多个用逗号分隔'),
    }),
    withFields(text('expiresOn', 'Expires on', '有效期至', ''), { cell: 'date' }),
  ],
  rowSchema: staffImportRowSchema,
  key: ['userName'],
  keyIgnoresCase: true,
  maxRows: IMPORT_MAX_ROWS,
} satisfies ImportDeclaration;

const departmentImport = {
  kind: 'departments',
  permission: PERMISSIONS.system.departments.edit,
  title: labels('Departments', '科室'),
  columns: [
    withFields(text('code', 'Code', '科室代码', 'CARD2', true), {
      note: labels('Letters, digits, _ or -, at most 32', '字母、数字、_ 或 -，至多 32 位'),
    }),
    text('name', 'Name (Chinese)', '科室名称', '心内二科', true),
    text('nameEn', 'Name (English)', '英文名称', 'Cardiology 2'),
    withFields(text('parentCode', 'Parent code', '上级科室代码', ''), {
      note: labels(
        'An existing department or one on an earlier row; empty for a top-level department',
        '已有科室或前面行中的科室；空白为一级科室',
      ),
    }),
    yesNo('isWard', 'Ward', '病区'),
    withFields(text('sort', 'Sort', '排序', ''), { cell: 'integer', example: 10 }),
  ],
  rowSchema: departmentImportRowSchema,
  key: ['code'],
  maxRows: IMPORT_MAX_ROWS,
} satisfies ImportDeclaration;

const drugImport = {
  kind: 'drugs',
  permission: PERMISSIONS.system.drugs.edit,
  title: labels('Drugs', '药品'),
  columns: [
    text('code', 'Code', '药品代码', 'SITA-100', true),
    text('shortCode', 'Short code', '简码', 'XGLT'),
    withFields(text('nameZh', 'Name (Chinese)', '中文名称', '西格列汀片'), {
      note: labels('Chinese or English name, at least one', '中文或英文名称至少填一个'),
    }),
    text('nameEn', 'Name (English)', '英文名称', 'Sitagliptin tablets'),
    text('unit', 'Unit', '单位', 'mg', true),
    withFields(text('categoryCode', 'Category code', '分类代码', ''), {
      note: labels('The code of an existing drug category', '已有药品分类的代码'),
    }),
    text('specification', 'Specification', '规格', '100 mg × 14'),
    yesNo('isActive', 'Enabled', '启用'),
  ],
  rowSchema: drugCreateSchema,
  problemColumn: { name: 'nameZh' },
  key: ['code'],
  maxRows: IMPORT_MAX_ROWS,
} satisfies ImportDeclaration;

const dictionaryImport = {
  kind: 'dictionaries',
  permission: PERMISSIONS.system.dictionaries.edit,
  title: labels('Dictionary', '字典'),
  columns: [
    withFields(text('type', 'Type', '字典类型', 'untestedReason', true), {
      note: labels('A letter, then letters, digits or _', '字母开头，其后为字母、数字或 _'),
    }),
    text('code', 'Code', '代码', 'away', true),
    text('nameZh', 'Name (Chinese)', '中文名称', '外出', true),
    text('nameEn', 'Name (English)', '英文名称', 'Away', true),
    withFields(text('value', 'Value', '值', ''), { note: labels('A number, optional', '数字，可空') }),
    withFields(text('sort', 'Sort', '排序', ''), { cell: 'integer', example: 1 }),
    yesNo('isActive', 'Enabled', '启用'),
  ],
  // a file only adds entries: `id` and `version` are not columns, so a row can never update one
  rowSchema: dictEntrySaveSchema,
  key: ['type', 'code'],
  maxRows: IMPORT_MAX_ROWS,
} satisfies ImportDeclaration;

const labMappingImport = {
  kind: 'labMappings',
  permission: PERMISSIONS.settings.labItems.edit,
  title: labels('Lab mappings', '检验映射'),
  columns: [
    withFields(text('source', 'Source', '来源', 'LIS', true), {
      cell: 'choice',
      choices: [
        { value: 'HIS', label: labels('HIS', 'HIS') },
        { value: 'LIS', label: labels('LIS', 'LIS') },
        { value: 'METER', label: labels('Meter', '血糖仪') },
      ],
    }),
    text('externalCode', 'External code', '外部代码', 'GLU01', true),
    text('externalName', 'External name', '外部名称', 'Glucose'),
    withFields(text('targetKind', 'Target kind', '目标类型', 'measurement', true), {
      cell: 'choice',
      choices: [
        { value: 'measurement', label: labels('Measurement item', '测量项目') },
        { value: 'inspection', label: labels('Inspection item', '检验项目') },
      ],
    }),
    withFields(text('targetCode', 'Target code', '目标代码', 'GLU', true), {
      note: labels(
        'GLU, KET or UA for a measurement item; an inspection item code otherwise',
        '测量项目填 GLU、KET 或 UA；检验项目填其代码',
      ),
    }),
  ],
  rowSchema: mappingItemCreateSchema,
  key: ['source', 'externalCode'],
  maxRows: IMPORT_MAX_ROWS,
} satisfies ImportDeclaration;

export const IMPORTS = {
  staff: staffImport,
  departments: departmentImport,
  drugs: drugImport,
  dictionaries: dictionaryImport,
  labMappings: labMappingImport,
} as const satisfies Record<ImportKind, ImportDeclaration>;

// ---------------------------------------------------------------- checking rows

const problem = (
  row: number,
  field: string,
  lang: Lang,
  key: MessageKey,
  params?: Record<string, string | number>,
) => ({
  row,
  field,
  message: translate(lang, key, params),
});

/**
 * The problems of rows as a client sends them: too many rows (row 0: the whole file), fields that are
 * no column of the kind, what the row schema refuses, and a row whose key repeats an earlier row's.
 * Rows are numbered by `rowNumber` (positions from 1 unless told). The database rules (codes taken,
 * references) are the server's.
 */
export function checkImportRows(
  kind: ImportKind,
  rows: readonly unknown[],
  lang: Lang,
  rowNumber: (index: number) => number = (index) => index + 1,
): ImportProblem[] {
  const declaration: ImportDeclaration = IMPORTS[kind];
  if (rows.length === 0) return [problem(0, '', lang, 'import.empty')];
  if (rows.length > declaration.maxRows) {
    return [problem(0, '', lang, 'import.tooManyRows', { max: declaration.maxRows })];
  }
  const fields = new Set(declaration.columns.map((column) => column.field));
  const firstRowOfKey = new Map<string, number>();
  return rows.flatMap((values, index) => {
    const row = rowNumber(index);
    if (values === null || typeof values !== 'object' || Array.isArray(values)) {
      return [problem(row, '', lang, 'error.badRequest')];
    }
    const unknown = Object.keys(values).filter((field) => !fields.has(field));
    if (unknown.length) {
      return unknown.map((field) => problem(row, field, lang, 'import.unknownColumn', { column: field }));
    }
    const record = values as Record<string, unknown>;
    // a yes/no or choice cell the sheet reader could not make sense of: say what it takes, in words
    const unreadable = declaration.columns.flatMap((column) =>
      unreadableCell(column, record[column.field]) ? [cellProblem(row, column, lang)] : [],
    );
    const told = new Set(unreadable.map((found) => found.field));
    const problems: ImportProblem[] = [
      ...unreadable,
      ...localizedIssues(declaration.rowSchema, values, lang)
        .map((issue) => ({
          row,
          field: declaration.problemColumn?.[issue.field] ?? issue.field,
          message: issue.message,
        }))
        .filter((found) => !told.has(found.field)),
    ];
    const key = JSON.stringify(
      declaration.key.map((field) => {
        const value = typeof record[field] === 'string' ? (record[field] as string).trim() : record[field];
        return declaration.keyIgnoresCase && typeof value === 'string' ? value.toLowerCase() : value;
      }),
    );
    const earlier = firstRowOfKey.get(key);
    if (earlier === undefined) firstRowOfKey.set(key, row);
    else
      problems.push(
        problem(row, declaration.key.at(-1) as string, lang, 'import.duplicate', { row: earlier }),
      );
    return problems;
  });
}

function unreadableCell(column: ImportColumn, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (column.cell === 'yesNo') return true;
  return column.cell === 'choice' && !column.choices?.some((choice) => choice.value === value);
}

function cellProblem(row: number, column: ImportColumn, lang: Lang): ImportProblem {
  if (column.cell === 'yesNo') return problem(row, column.field, lang, 'import.yesNo');
  const choices = (column.choices ?? []).map((choice) => choice.label[lang]);
  return problem(row, column.field, lang, 'import.choice', {
    choices: choices.join(lang === 'zh-CN' ? '、' : ', '),
  });
}

// ---------------------------------------------------------------- reading a sheet

/** A cell as a spreadsheet reader hands it over (rich text and formulas already reduced to their text or result). */
export type SheetCell = string | number | boolean | Date | null | undefined;

/** The rows of a filled template, ready to send, with the sheet row each came from. */
export interface SheetReading {
  rows: Record<string, unknown>[];
  /** `sheetRows[i]` is the spreadsheet row number of `rows[i]` (the header is row 1) */
  sheetRows: number[];
  /** problems with their spreadsheet row numbers (row 1: the header) */
  problems: ImportProblem[];
}

const normalHeader = (value: string) => value.replace(/\*/g, '').trim().toLowerCase();

/** The header text of a column in the template: its label, marked `*` when required. */
export function templateHeader(column: ImportColumn, lang: Lang): string {
  return column.required ? `${column.header[lang]} *` : column.header[lang];
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** Excel's day 0 is 1899-12-30; dates typed as plain numbers arrive as day counts. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const YES = new Set(['yes', 'y', 'true', '1', '是', '启用']);
const NO = new Set(['no', 'n', 'false', '0', '否', '停用']);

function cellValue(column: ImportColumn, cell: SheetCell): unknown {
  if (cell === null || cell === undefined) return undefined;
  const raw = cell instanceof Date ? isoDate(cell) : String(cell).trim();
  if (raw === '') return undefined;
  switch (column.cell) {
    case 'integer':
      return typeof cell === 'number' || /^-?\d+$/.test(raw) ? Number(raw) : raw;
    case 'yesNo': {
      if (typeof cell === 'boolean') return cell;
      const word = raw.toLowerCase();
      return YES.has(word) ? true : NO.has(word) ? false : raw;
    }
    case 'list':
      return raw.split(/[,，;；、\s]+/).filter(Boolean);
    case 'date':
      return typeof cell === 'number' ? isoDate(new Date(EXCEL_EPOCH_MS + cell * 86_400_000)) : raw;
    case 'choice': {
      const word = raw.toLowerCase();
      const choice = column.choices?.find(
        (option) =>
          option.value.toLowerCase() === word ||
          Object.values(option.label).some((label) => label.toLowerCase() === word),
      );
      return choice ? choice.value : raw;
    }
    default:
      return raw;
  }
}

/**
 * Reads a filled template: the first row is the header (labels in either language, or field names),
 * every later row with any content is a row to import. Problems come with spreadsheet row numbers.
 */
export function readImportSheet(
  kind: ImportKind,
  cells: readonly (readonly SheetCell[])[],
  lang: Lang,
): SheetReading {
  const declaration: ImportDeclaration = IMPORTS[kind];
  const [header = [], ...body] = cells;
  const columnAt = header.map((cell) => {
    const name = normalHeader(String(cell ?? ''));
    if (!name) return undefined;
    return declaration.columns.find(
      (column) =>
        column.field.toLowerCase() === name ||
        Object.values(column.header).some((label) => normalHeader(label) === name),
    );
  });
  const headerProblems: ImportProblem[] = [];
  header.forEach((cell, index) => {
    const name = String(cell ?? '').trim();
    if (name && !columnAt[index]) {
      headerProblems.push(problem(1, name, lang, 'import.unknownColumn', { column: name }));
    }
  });
  for (const column of declaration.columns) {
    if (column.required && !columnAt.includes(column)) {
      headerProblems.push(
        problem(1, column.field, lang, 'import.missingColumn', { column: column.header[lang] }),
      );
    }
  }
  if (headerProblems.length) return { rows: [], sheetRows: [], problems: headerProblems };

  const rows: Record<string, unknown>[] = [];
  const sheetRows: number[] = [];
  body.forEach((line, index) => {
    const values: Record<string, unknown> = {};
    line.forEach((cell, at) => {
      const column = columnAt[at];
      const value = column ? cellValue(column, cell) : undefined;
      if (column && value !== undefined) values[column.field] = value;
    });
    if (Object.keys(values).length === 0) return;
    rows.push(values);
    sheetRows.push(index + 2);
  });
  const problems = checkImportRows(kind, rows, lang, (index) => sheetRows[index] as number);
  return { rows, sheetRows, problems };
}
