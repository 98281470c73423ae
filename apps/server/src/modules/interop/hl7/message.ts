/**
 * Reading and writing HL7 v2 messages. Parsing is @medplum/core's `Hl7Message` (Medplum, maintained,
 * typed; docs/interop.md says why): segments, fields, components, repetitions with the separators of
 * MSH-1/MSH-2. Here only what it leaves to the caller: escape sequences (HL7 v2.5 §2.7), the header
 * facts every message needs, and acknowledgments with an ERR segment (original mode, table 0357).
 */
import { HL7_OUT_VERSION, type Hl7AckCode } from '@glucocare/domain';
import { Hl7Message, type Hl7Segment } from '@medplum/core';

/** This system's names in MSH-3 / MSH-4 of what it sends. */
export const OUR_APPLICATION = 'GLUCOCARE';

/** HL7 error codes (table 0357) this system answers with. */
export const HL7_ERROR = {
  segmentSequence: { code: '100', text: 'Segment sequence error' },
  requiredField: { code: '101', text: 'Required field missing' },
  dataType: { code: '102', text: 'Data type error' },
  tableValue: { code: '103', text: 'Table value not found' },
  unsupportedType: { code: '200', text: 'Unsupported message type' },
  unsupportedEvent: { code: '201', text: 'Unsupported event code' },
  unsupportedProcessingId: { code: '202', text: 'Unsupported processing id' },
  unsupportedVersion: { code: '203', text: 'Unsupported version id' },
  unknownKey: { code: '204', text: 'Unknown key identifier' },
  duplicateKey: { code: '205', text: 'Duplicate key identifier' },
  recordLocked: { code: '206', text: 'Application record locked' },
  internal: { code: '207', text: 'Application internal error' },
} as const;
export type Hl7ErrorKind = keyof typeof HL7_ERROR;

/** Where an error is: `PID-3`, `OBX[2]-5` (segment, its repetition when more than one, field). */
export interface ErrorLocation {
  segment: string;
  /** 1-based occurrence of the segment in the message */
  sequence?: number;
  field?: number;
  component?: number;
}

export function locationText(at: ErrorLocation | undefined): string | null {
  if (!at) return null;
  const seq = at.sequence && at.sequence > 1 ? `[${at.sequence}]` : '';
  return `${at.segment}${seq}${at.field ? `-${at.field}` : ''}${at.component ? `.${at.component}` : ''}`;
}

const UNESCAPES: Record<string, string> = { F: '|', S: '^', T: '&', R: '~', E: '\\', '.br': '\n' };

/** A value with HL7 escape sequences resolved (\F\ \S\ \T\ \R\ \E\ \.br\ \Xhh..\). */
export function unescapeHl7(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\([^\\]*)\\/g, (whole, body: string) => {
    if (body in UNESCAPES) return UNESCAPES[body]!;
    if (/^X([0-9A-Fa-f]{2})+$/.test(body)) return Buffer.from(body.slice(1), 'hex').toString('utf8');
    return whole;
  });
}

/** A value made safe to put in a field (the default separators). */
export function escapeHl7(text: string): string {
  return text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\')
    .replace(/\r\n|\r|\n/g, '\\.br\\');
}

/** A parsed message, read by segment and field with escapes resolved. */
export class Hl7 {
  constructor(
    readonly message: Hl7Message,
    readonly raw: string,
  ) {}

  /** Parses a message; segments may end in CR, LF or CRLF (senders differ). Null: not HL7 at all. */
  static parse(raw: string): Hl7 | null {
    const text = raw.replace(/\r\n|\n/g, '\r').replace(/\r+$/, '');
    if (!text.startsWith('MSH') || text.length < 8) return null;
    try {
      const message = Hl7Message.parse(text);
      const segments = message.segments.filter((s) => s.name !== '');
      return new Hl7(new Hl7Message(segments, message.context), text);
    } catch {
      return null;
    }
  }

  get segments(): Hl7Segment[] {
    return this.message.segments;
  }

  all(name: string): Hl7Segment[] {
    return this.message.getAll(name);
  }

  /** A field's component (1-based), unescaped and trimmed; '' when absent. */
  value(segment: Hl7Segment | undefined, field: number, component = 1, repetition = 0): string {
    if (!segment) return '';
    // MSH-1 is the field separator itself, so MSH field n is at index n - 1 of Medplum's fields
    const index = segment.name === 'MSH' ? field - 1 : field;
    const f = segment.fields[index];
    if (!f) return '';
    return unescapeHl7(f.getComponent(component, undefined, repetition) ?? '').trim();
  }

  /** How many repetitions a field has. */
  repetitions(segment: Hl7Segment | undefined, field: number): number {
    if (!segment) return 0;
    const f = segment.fields[segment.name === 'MSH' ? field - 1 : field];
    return f ? f.components.length : 0;
  }

  get header(): Hl7Segment {
    return this.message.header;
  }

  get controlId(): string {
    return this.value(this.header, 10);
  }
  get messageCode(): string {
    return this.value(this.header, 9, 1).toUpperCase();
  }
  get triggerEvent(): string {
    return this.value(this.header, 9, 2).toUpperCase();
  }
  /** `ADT^A01`, `ORU^R01`, or the code alone */
  get messageType(): string {
    return this.triggerEvent ? `${this.messageCode}^${this.triggerEvent}` : this.messageCode;
  }
  get version(): string {
    return this.value(this.header, 12);
  }
  get processingId(): string {
    return this.value(this.header, 11).toUpperCase();
  }
  get sendingApplication(): string {
    return this.value(this.header, 3);
  }
  get sendingFacility(): string {
    return this.value(this.header, 4);
  }
  get receivingApplication(): string {
    return this.value(this.header, 5);
  }
  get receivingFacility(): string {
    return this.value(this.header, 6);
  }

  /** Segments and their fields as sent (escapes kept), for the interface screen's parsed view. */
  fieldsView(): { name: string; fields: string[] }[] {
    return this.segments.map((segment) => ({
      name: segment.name,
      fields:
        segment.name === 'MSH'
          ? [this.message.context.fieldSeparator, ...segment.fields.slice(1).map((f) => f.toString())]
          : segment.fields.slice(1).map((f) => f.toString()),
    }));
  }
}

export interface AckError {
  kind: Hl7ErrorKind;
  at?: ErrorLocation;
  /** what a person reads (ERR-8 user message, MSA-3 text) */
  text: string;
}

/**
 * The acknowledgment of a message (original mode): MSH swapped sender/receiver, MSA with the code and
 * the control id acknowledged, an ERR per problem. `request` may be null when the message could not
 * be read (then the sender and control id are unknown and left empty).
 */
export function buildAck(
  request: Hl7 | null,
  code: Hl7AckCode,
  options: { controlId: string; facility: string; at: string; errors?: AckError[] },
): string {
  const h = request;
  const trigger = h?.triggerEvent ?? '';
  const msh = [
    'MSH',
    '^~\\&',
    OUR_APPLICATION,
    escapeHl7(options.facility),
    escapeHl7(h?.sendingApplication ?? ''),
    escapeHl7(h?.sendingFacility ?? ''),
    options.at,
    '',
    trigger ? `ACK^${trigger}^ACK` : 'ACK',
    options.controlId,
    h?.processingId || 'P',
    // answer in the version asked in, when it is one we take
    h?.version || HL7_OUT_VERSION,
  ].join('|');
  const errors = options.errors ?? [];
  const msa = ['MSA', code, escapeHl7(h?.controlId ?? ''), escapeHl7(errors[0]?.text ?? '')].join('|');
  const errs = errors.map((e) => {
    const location = e.at
      ? [e.at.segment, e.at.sequence ?? 1, e.at.field ?? '', '', e.at.component ?? ''].join('^')
      : '';
    const hl7Code = `${HL7_ERROR[e.kind].code}^${HL7_ERROR[e.kind].text}^HL70357`;
    return ['ERR', '', location, hl7Code, 'E', '', '', '', escapeHl7(e.text)].join('|');
  });
  return [msh, msa, ...errs].join('\r');
}

/** The code and first error text of an ACK someone sent back. */
export function readAck(raw: string): { code: Hl7AckCode | null; text: string | null; controlId: string } {
  const ack = Hl7.parse(raw);
  const msa = ack?.all('MSA')[0];
  const code = ack?.value(msa, 1).toUpperCase() ?? '';
  const known = ['AA', 'AE', 'AR', 'CA', 'CE', 'CR'].includes(code);
  const normal = known ? (code.replace(/^C/, 'A') as Hl7AckCode) : null;
  const err = ack?.all('ERR')[0];
  const text = (ack?.value(err, 8) || ack?.value(msa, 3) || '').trim() || null;
  return { code: normal, text, controlId: ack?.value(msa, 2) ?? '' };
}
