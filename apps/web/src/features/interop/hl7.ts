import { type Hl7AckCode, type Hl7Status, hl7Timestamp } from '@glucocare/domain/interop';

/**
 * What the interface screen and the device test page show of HL7 v2 text: segments as lines, fields
 * numbered as HL7 names them (PID-3), the characters a scanner typed, and the sample test messages.
 * The wire format itself is parsed on the server (docs/interop.md).
 */

/** Colour of each message status: done (green), waiting (blue/gold), refused or given up (red/orange). */
export const STATUS_COLORS: Record<Hl7Status, string> = {
  accepted: 'green',
  error: 'orange',
  rejected: 'red',
  pending: 'blue',
  retrying: 'gold',
  sent: 'green',
  failed: 'red',
};

export const ACK_COLORS: Record<Hl7AckCode, string> = { AA: 'green', AE: 'orange', AR: 'red' };

/** Outbound messages a person may queue again: given up on, or sent and wanted once more. */
export function canResendMessage(message: { direction: string; status: Hl7Status }): boolean {
  return message.direction === 'out' && (message.status === 'failed' || message.status === 'sent');
}

/** HL7 text as lines, one segment a line (segments end in CR; LF and CRLF tolerated). */
export function segmentLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.length > 0);
}

/**
 * What the textarea holds as HL7 wire text: one segment a line becomes segments ended by CR (the
 * segment terminator of HL7 v2), blank lines and trailing spaces of a line dropped.
 */
export function toWireText(text: string): string {
  return segmentLines(text)
    .map((line) => line.replace(/[ \t]+$/, ''))
    .filter((line) => line.length > 0)
    .join('\r');
}

/** The processing id (MSH-11) of a message's text, or null when it has no readable MSH segment. */
export function processingIdOf(text: string): string | null {
  const msh = segmentLines(text).find((line) => line.startsWith('MSH'));
  if (!msh || msh.length < 4) return null;
  const separator = msh.charAt(3);
  // MSH-1 is the separator itself: the n-th field of MSH is the (n-1)-th piece after the name
  const fields = msh.split(separator);
  const value = fields[10];
  if (value === undefined) return null;
  const componentSeparator = fields[1]?.charAt(0) || '^';
  return value.split(componentSeparator)[0]?.trim() || null;
}

/** A field of the parsed view: its HL7 name (`PID-3`) and value. */
export interface FieldRow {
  key: string;
  segment: string;
  /** which of the message's segments of that name (1 for the first PID, 2 for the second OBX...) */
  occurrence: number;
  /** the field's HL7 name: `PID-3` */
  field: string;
  index: number;
  value: string;
  /** the first row of its segment, and how many rows the segment has (one segment cell beside them) */
  first: boolean;
  fieldCount: number;
}

/**
 * The parsed view's rows: each non-empty field of each segment, numbered as HL7 does (MSH-1 is the
 * field separator, MSH-2 the encoding characters). `fields` holds a segment's fields from its first
 * (`fields[0]` is PID-1, MSH-1), as the server's parsed view sends them.
 */
export function fieldRows(segments: readonly { name: string; fields: readonly string[] }[]): FieldRow[] {
  const rows: FieldRow[] = [];
  const seen = new Map<string, number>();
  segments.forEach((segment, position) => {
    const occurrence = (seen.get(segment.name) ?? 0) + 1;
    seen.set(segment.name, occurrence);
    const own: FieldRow[] = [];
    segment.fields.forEach((value, position0) => {
      if (value === '' || value === undefined || value === null) return;
      const index = position0 + 1;
      own.push({
        key: `${position}-${index}`,
        segment: segment.name,
        occurrence,
        field: `${segment.name}-${index}`,
        index,
        value,
        first: own.length === 0,
        fieldCount: 0,
      });
    });
    for (const row of own) row.fieldCount = own.length;
    rows.push(...own);
  });
  return rows;
}

/** The i18n key of a field's name (`interop.field.PID_3`), for the fields hospital IT look at first. */
export const NAMED_FIELDS = [
  'MSH_3',
  'MSH_4',
  'MSH_5',
  'MSH_6',
  'MSH_7',
  'MSH_9',
  'MSH_10',
  'MSH_11',
  'MSH_12',
  'EVN_1',
  'EVN_2',
  'PID_3',
  'PID_5',
  'PID_7',
  'PID_8',
  'PV1_2',
  'PV1_3',
  'PV1_7',
  'PV1_19',
  'PV1_44',
  'PV1_45',
  'OBR_4',
  'OBR_7',
  'OBX_2',
  'OBX_3',
  'OBX_5',
  'OBX_6',
  'OBX_7',
  'OBX_8',
  'OBX_11',
  'OBX_14',
  'OBX_18',
  'MSA_1',
  'MSA_2',
  'MSA_3',
  'ERR_2',
  'ERR_3',
  'ERR_4',
  'ERR_8',
] as const;
const NAMED = new Set<string>(NAMED_FIELDS);

/** `interop.field.PID_3` for a field hospital IT look at first, else null. */
export function fieldNameKey(field: string): string | null {
  const key = field.replace('-', '_');
  return NAMED.has(key) ? `interop.field.${key}` : null;
}

/** Names of the control characters and blanks a scanner may add before, after or inside a code. */
const CHARACTER_NAMES: Record<number, string> = {
  0: 'NUL',
  2: 'STX',
  3: 'ETX',
  4: 'EOT',
  9: 'TAB',
  10: 'LF',
  11: 'VT',
  13: 'CR',
  27: 'ESC',
  28: 'FS',
  29: 'GS',
  30: 'RS',
  31: 'US',
  32: 'SP',
  127: 'DEL',
  160: 'NBSP',
  12288: 'IDSP',
  65279: 'BOM',
  8203: 'ZWSP',
};

/** One character of a scanned code: what it looks like, its code point, and whether it is unusual. */
export interface ScannedCharacter {
  /** the character, or its name when it cannot be seen (`CR`, `SP`, `GS`) */
  glyph: string;
  /** `U+0041` */
  codePoint: string;
  /** a control character, a blank or a full-width form: what a scanner's prefix or suffix looks like */
  unusual: boolean;
}

const codePointText = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The characters of a code as code points (`U+0057`), control characters and blanks named, so a
 * scanner's prefix, suffix or a full-width character shows. `server` is the server's own list, taken
 * where it gives one for the character.
 */
export function scannedCharacters(code: string, server: readonly string[] = []): ScannedCharacter[] {
  return [...code].map((char, index) => {
    const point = char.codePointAt(0) ?? 0;
    const name = CHARACTER_NAMES[point];
    const control = point < 0x20 || (point >= 0x7f && point < 0xa0);
    // full-width letters and digits (an IME left on) look like ASCII but are not
    const fullWidth = point >= 0xff01 && point <= 0xff5e;
    return {
      glyph: name ?? (control ? codePointText(point) : char),
      codePoint: server[index]?.trim() || codePointText(point),
      unusual: !!name || control || fullWidth,
    };
  });
}

export const SAMPLE_KINDS = ['ORU^R01', 'ADT^A01', 'ADT^A08'] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

/** Whom and what a sample message names. */
export interface SampleSubject {
  inpatientNumber: string;
  name: string;
  gender?: 'M' | 'F' | 'U';
  ward?: string;
  bed?: string;
  /** the meter (OBX-18): the one last checked on the page */
  meterSerial?: string;
  /** who measured (OBX-16, the responsible observer): the signed-in user */
  operator?: string;
}

/** The demo hospital's first inpatient: the sample's subject until a wristband scan finds another. */
export const DEFAULT_SAMPLE_SUBJECT: SampleSubject = {
  inpatientNumber: 'ZY20260001',
  name: '王建国',
  gender: 'M',
  ward: 'ENDO',
  bed: '1',
};

/** Characters that would end a field or component early in a sample (a name with `|` in it). */
const escapeText = (text: string) => text.replace(/[|^~\\&\r\n]/g, ' ').trim();

/**
 * A sample test message of a kind: v2.5, MSH-11 `T` (training: checked and answered, nothing stored),
 * control id from the moment, times on the hospital's clock, one segment a line (the textarea's form;
 * {@link toWireText} makes the wire text).
 */
export function sampleMessage(kind: SampleKind, subject: SampleSubject, at: Date, timeZone: string): string {
  const ts = hl7Timestamp(at, timeZone);
  const controlId = `TEST${ts.slice(2, 14)}${String(at.getMilliseconds()).padStart(3, '0')}`;
  const [type, event] = kind.split('^') as [string, string];
  const structure = type === 'ORU' ? 'ORU_R01' : 'ADT_A01';
  const patientId = `${escapeText(subject.inpatientNumber)}^^^HIS^MR`;
  const name = subject.name.includes('^') ? subject.name : escapeText(subject.name);
  const location = `${escapeText(subject.ward ?? '')}^^${escapeText(subject.bed ?? '')}`;
  const msh = [
    'MSH',
    '^~\\&',
    'DEVICETEST',
    'WARD',
    'GLUCOCARE',
    'HOSPITAL',
    ts,
    '',
    `${type}^${event}^${structure}`,
    controlId,
    'T',
    '2.5',
  ].join('|');
  const pid = ['PID', '1', '', patientId, '', name, '', '', subject.gender ?? 'U'].join('|');
  const pv1 = ['PV1', '1', 'I', location].join('|');
  if (type === 'ADT') {
    return [msh, ['EVN', event, ts].join('|'), pid, pv1].join('\n');
  }
  const code = '14743-9^Glucose [Moles/volume] in Capillary blood by Glucometer^LN';
  const obr = ['OBR', '1', '', controlId, code, '', '', ts].join('|');
  // OBX-1 set id … OBX-11 status F, OBX-14 time measured, OBX-16 who measured, OBX-18 the meter
  const obx = [
    'OBX',
    '1',
    'NM',
    code,
    '',
    '6.8',
    'mmol/L^^UCUM',
    '3.9-7.8',
    'N',
    '',
    '',
    'F',
    '',
    '',
    ts,
    '',
    escapeText(subject.operator ?? ''),
    '',
    escapeText(subject.meterSerial ?? ''),
  ]
    .join('|')
    .replace(/\|+$/, '');
  return [msh, pid, pv1, obr, obx].join('\n');
}
