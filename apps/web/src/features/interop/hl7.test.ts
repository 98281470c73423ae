import { describe, expect, it } from 'vitest';
import {
  canResendMessage,
  DEFAULT_SAMPLE_SUBJECT,
  fieldNameKey,
  fieldRows,
  processingIdOf,
  SAMPLE_KINDS,
  sampleMessage,
  scannedCharacters,
  segmentLines,
  toWireText,
} from './hl7';

const at = new Date('2026-03-05T01:30:45.123Z');

describe('HL7 text as the screens show and send it', () => {
  it('shows segments as lines whatever ends them, and sends them ended by CR', () => {
    expect(segmentLines('MSH|a\rPID|b\r\nPV1|c\nOBX|d\r')).toEqual(['MSH|a', 'PID|b', 'PV1|c', 'OBX|d']);
    const wire = toWireText('MSH|^~\\&|A  \n\nPID|1||X\r\nOBX|1\n');
    expect(wire).toBe('MSH|^~\\&|A\rPID|1||X\rOBX|1');
    expect(wire).not.toContain('\n');
    expect(toWireText('\n \n')).toBe('');
  });

  it('reads the processing id (MSH-11), MSH-1 being the separator itself', () => {
    expect(processingIdOf('MSH|^~\\&|APP|FAC|GC|H|20260305||ORU^R01|C1|T|2.5\nPID|1')).toBe('T');
    expect(processingIdOf('MSH|^~\\&|APP|FAC|GC|H|20260305||ORU^R01|C1|P^T|2.5')).toBe('P');
    // another field separator is read from MSH itself
    expect(processingIdOf('MSH#^~\\&#APP#FAC#GC#H#2026##ADT^A01#C2#D#2.4')).toBe('D');
    expect(processingIdOf('MSH|^~\\&|APP')).toBeNull();
    expect(processingIdOf('PID|1')).toBeNull();
  });

  it('numbers fields as HL7 does (PID-3), leaving empty ones out and counting repeated segments', () => {
    const rows = fieldRows([
      { name: 'MSH', fields: ['|', '^~\\&', 'LIS'] },
      { name: 'PID', fields: ['1', '', 'ZY1^^^HIS^MR'] },
      { name: 'OBX', fields: ['1', 'NM'] },
      { name: 'OBX', fields: ['2'] },
    ]);
    expect(rows.map((row) => [row.field, row.value, row.occurrence])).toEqual([
      ['MSH-1', '|', 1],
      ['MSH-2', '^~\\&', 1],
      ['MSH-3', 'LIS', 1],
      ['PID-1', '1', 1],
      ['PID-3', 'ZY1^^^HIS^MR', 1],
      ['OBX-1', '1', 1],
      ['OBX-2', 'NM', 1],
      ['OBX-1', '2', 2],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    // one segment cell beside each segment's rows
    expect(rows.map((row) => (row.first ? row.fieldCount : 0))).toEqual([3, 0, 0, 2, 0, 2, 0, 1]);
    expect(fieldNameKey('PID-3')).toBe('interop.field.PID_3');
    expect(fieldNameKey('ZXX-3')).toBeNull();
  });

  it('offers resend for outbound messages that failed or were sent, only', () => {
    expect(canResendMessage({ direction: 'out', status: 'failed' })).toBe(true);
    expect(canResendMessage({ direction: 'out', status: 'sent' })).toBe(true);
    expect(canResendMessage({ direction: 'out', status: 'pending' })).toBe(false);
    expect(canResendMessage({ direction: 'out', status: 'retrying' })).toBe(false);
    expect(canResendMessage({ direction: 'in', status: 'error' })).toBe(false);
  });
});

describe('what a scanner typed', () => {
  it('names control characters and blanks, and marks full-width forms', () => {
    const characters = scannedCharacters('\u0002WB1 \uff12\r');
    expect(characters.map((c) => c.glyph)).toEqual(['STX', 'W', 'B', '1', 'SP', '\uff12', 'CR']);
    expect(characters.map((c) => c.codePoint)).toEqual([
      'U+0002',
      'U+0057',
      'U+0042',
      'U+0031',
      'U+0020',
      'U+FF12',
      'U+000D',
    ]);
    expect(characters.map((c) => c.unusual)).toEqual([true, false, false, false, true, true, true]);
  });

  it('takes the server’s code points where it gives them, and counts characters beyond the BMP once', () => {
    expect(scannedCharacters('AB', ['U+0041']).map((c) => c.codePoint)).toEqual(['U+0041', 'U+0042']);
    expect(scannedCharacters('𠀀')).toEqual([{ glyph: '𠀀', codePoint: 'U+20000', unusual: false }]);
  });
});

describe('the sample test messages', () => {
  it('are training messages (MSH-11 T) of v2.5 with their type, a control id and the subject', () => {
    for (const kind of SAMPLE_KINDS) {
      const text = sampleMessage(kind, DEFAULT_SAMPLE_SUBJECT, at, 'Asia/Shanghai');
      const lines = segmentLines(text);
      const msh = lines[0]?.split('|') ?? [];
      expect(msh[0]).toBe('MSH');
      // MSH-n is piece n-1 (MSH-1 is the separator)
      expect(msh[8]?.startsWith(kind)).toBe(true);
      expect(msh[9]).toMatch(/^TEST\d{15}$/);
      expect(msh[9]?.length).toBeLessThanOrEqual(20);
      expect(processingIdOf(text)).toBe('T');
      expect(msh[11]).toBe('2.5');
      expect(msh[6]).toBe('20260305093045+0800');
      const pid = lines.find((line) => line.startsWith('PID|'))?.split('|') ?? [];
      expect(pid[3]).toBe('ZY20260001^^^HIS^MR');
      expect(text).not.toContain('\r');
    }
  });

  it('puts the reading in OBX with its LOINC code, UCUM unit and meter (OBX-18)', () => {
    const text = sampleMessage(
      'ORU^R01',
      { ...DEFAULT_SAMPLE_SUBJECT, meterSerial: 'GM-01', operator: 'nurse01' },
      at,
      'Asia/Shanghai',
    );
    const obx = segmentLines(text)
      .find((line) => line.startsWith('OBX|'))
      ?.split('|');
    expect(obx?.[3]?.split('^')[0]).toBe('14743-9');
    expect(obx?.[5]).toBe('6.8');
    expect(obx?.[6]).toBe('mmol/L^^UCUM');
    expect(obx?.[11]).toBe('F');
    expect(obx?.[14]).toBe('20260305093045+0800');
    expect(obx?.[16]).toBe('nurse01');
    expect(obx?.[18]).toBe('GM-01');
  });

  it('keeps HL7 delimiters in a patient’s data from breaking the fields', () => {
    const text = sampleMessage('ADT^A01', { inpatientNumber: 'ZY|9', name: 'A|B', bed: '3^A' }, at, 'UTC');
    const pid = segmentLines(text)
      .find((line) => line.startsWith('PID|'))
      ?.split('|');
    expect(pid?.[3]).toBe('ZY 9^^^HIS^MR');
    expect(pid?.[5]).toBe('A B');
    expect(segmentLines(text).map((line) => line.slice(0, 3))).toEqual(['MSH', 'EVN', 'PID', 'PV1']);
  });
});
