/**
 * §5 Other: administration (drugs, uploads) and the clinical forms without an area of their own
 * (virtual ward, consultation, batch approval).
 */
import { z } from 'zod';
import { type LengthLimit, UPLOAD_LIMIT_BYTES } from '../constants';
import type { MessageKey } from '../i18n/messages';
import {
  isBlank,
  lengthIn,
  optionalText,
  requiredIsoDateTime,
  requiredNumber,
  requiredText,
  whenFieldsValid,
} from './common';

/** Lengths of the administration forms, in characters, inclusive. */
export const ADMIN_LIMITS = {
  drugCode: { min: 2, max: 32 },
  drugShortCode: { min: 2, max: 12 },
} as const satisfies Record<string, LengthLimit>;

// Departments (name 2-18, code required: 1-32 letters, digits, _ or -) are `departmentNameSchema`,
// `departmentCodeSchema` and `departmentCreateSchema` of `admin/schemas.ts`.

/** Drug code: required, 2-32 characters. */
export const drugCodeSchema = requiredText('admin.drug.code.required').check(
  lengthIn(ADMIN_LIMITS.drugCode, 'admin.drug.code.length'),
);
/** Simple (short, pinyin) code for look-up: optional, 2-12 characters. */
export const drugShortCodeSchema = optionalText()
  .check(lengthIn(ADMIN_LIMITS.drugShortCode, 'admin.drug.shortCode.length'))
  .nullish();
export const drugNameSchema = requiredText('admin.drug.name.required');
export const drugUnitSchema = requiredText('admin.drug.unit.required');

/** A drug: code 2-32, short code 2-12 (optional), name and unit required. */
export const drugSchema = z.strictObject({
  code: drugCodeSchema,
  shortCode: drugShortCodeSchema,
  name: drugNameSchema,
  unit: drugUnitSchema,
  drugClass: optionalText().nullish(),
});
export type DrugInput = z.infer<typeof drugSchema>;

/** What may be uploaded where: icons are SVG; print templates are DevExpress `.repx` or `.html`. */
export type UploadKind = 'icon' | 'template';

/** A file as the browser (File) or a multipart part describes it. */
export interface UploadFile {
  fileName: string;
  /** the reported media type; empty or `application/octet-stream` when the system does not know it */
  mimeType?: string | null;
  /** bytes */
  size: number;
}

/** Accepted extensions per kind, each with the media types that may come with it. */
export const UPLOAD_TYPES: Readonly<Record<UploadKind, Readonly<Record<string, readonly string[]>>>> = {
  icon: { svg: ['image/svg+xml'] },
  template: { repx: ['application/xml', 'text/xml'], html: ['text/html'] },
};

/** Media types that say nothing about the content and so do not contradict the extension. */
const UNKNOWN_MEDIA_TYPES = ['', 'application/octet-stream'];

/**
 * §5 Other "Uploads": icons SVG only, templates repx or html only, at most 2 MB
 * ({@link UPLOAD_LIMIT_BYTES}). The extension decides (case-insensitive, a bare ".svg" has none); a
 * reported media type must agree with it unless unknown. Returns the message key of the first problem
 * (type, then empty file, then size) or null.
 */
export function checkUpload(file: UploadFile, kind: UploadKind): MessageKey | null {
  const typeKey: MessageKey = kind === 'icon' ? 'admin.upload.iconSvgOnly' : 'admin.upload.templateType';
  const name = typeof file.fileName === 'string' ? file.fileName.trim() : '';
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const accepted = UPLOAD_TYPES[kind];
  if (!Object.hasOwn(accepted, extension)) return typeKey;
  const mediaType = (typeof file.mimeType === 'string' ? file.mimeType : '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!UNKNOWN_MEDIA_TYPES.includes(mediaType) && !accepted[extension].includes(mediaType)) return typeKey;
  if (!(typeof file.size === 'number' && file.size > 0)) return 'admin.upload.empty';
  if (file.size > UPLOAD_LIMIT_BYTES) return 'admin.upload.tooLarge';
  return null;
}

/** {@link checkUpload} as a schema of the file's description: type problems on `fileName`, size on `size`. */
export function uploadSchema(kind: UploadKind) {
  return z
    .strictObject({
      fileName: requiredText('admin.upload.fileRequired'),
      mimeType: optionalText().nullish(),
      size: requiredNumber('admin.upload.fileRequired'),
    })
    .superRefine(
      (file, ctx) => {
        const problem = checkUpload(file, kind);
        if (problem) {
          const field =
            problem === 'admin.upload.empty' || problem === 'admin.upload.tooLarge' ? 'size' : 'fileName';
          ctx.addIssue({ code: 'custom', path: [field], message: problem });
        }
      },
      whenFieldsValid('fileName', 'mimeType', 'size'),
    );
}
export type UploadInput = z.infer<ReturnType<typeof uploadSchema>>;

/**
 * A consultation request: requesting department, consulting department, consulting doctor, time and
 * description required. The requesting doctor is usually the signed-in user and may be left out.
 */
export const consultationSchema = z.strictObject({
  requestingDepartmentCode: requiredText('admin.consultation.requestingDepartment.required'),
  requestingDoctor: optionalText().nullish(),
  consultingDepartmentCode: requiredText('admin.consultation.consultingDepartment.required'),
  consultingDoctor: requiredText('admin.consultation.doctor.required'),
  time: requiredIsoDateTime('admin.consultation.time.required', 'admin.consultation.time.invalid'),
  description: requiredText('admin.consultation.description.required'),
});
export type ConsultationInput = z.infer<typeof consultationSchema>;

/** Batch approval of measurement records: at least one record id. */
export const batchApprovalSchema = z.strictObject({
  ids: z
    .array(z.number().int().min(1), {
      error: (issue) => (isBlank(issue.input) ? 'admin.batchApproval.required' : undefined),
    })
    .min(1, { error: 'admin.batchApproval.required' }),
});
export type BatchApprovalInput = z.infer<typeof batchApprovalSchema>;
