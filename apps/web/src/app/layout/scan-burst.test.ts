import { describe, expect, it } from 'vitest';
import { BurstDetector, typingInField } from './scan-burst';

/** Feeds `text` then Enter, `gap` ms apart from `start`; answers what Enter gave. */
function type(detector: BurstDetector, text: string, gap: number, start = 1_000): string | null {
  let at = start;
  for (const key of text) {
    expect(detector.key(key, at)).toBeNull();
    at += gap;
  }
  return detector.key('Enter', at);
}

describe('the wristband scan burst', () => {
  it('takes a fast burst ending with Enter as a scanned code', () => {
    expect(type(new BurstDetector(), 'WB20260001', 8)).toBe('WB20260001');
    expect(type(new BurstDetector(), 'ZY20', 49)).toBe('ZY20');
  });

  it('ignores people typing, short bursts and a slow Enter', () => {
    expect(type(new BurstDetector(), 'WB20260001', 120)).toBeNull();
    expect(type(new BurstDetector(), 'WB2', 5)).toBeNull();
    expect(type(new BurstDetector(), 'WB20', 50)).toBeNull();
    const detector = new BurstDetector();
    for (const [index, key] of [...'WB20260001'].entries()) detector.key(key, 1_000 + index * 5);
    expect(detector.key('Enter', 2_000)).toBeNull();
  });

  it('starts again after a pause: only the burst is the code', () => {
    const detector = new BurstDetector();
    detector.key('x', 0);
    detector.key('y', 500);
    expect(type(detector, 'WB20260002', 10, 1_000)).toBe('WB20260002');
  });

  it('lets Shift through (capitals) and breaks on other keys', () => {
    const detector = new BurstDetector();
    detector.key('Shift', 0);
    detector.key('W', 5);
    detector.key('Shift', 10);
    detector.key('B', 15);
    for (const [index, key] of [...'2026'].entries()) detector.key(key, 20 + index * 5);
    expect(detector.key('Enter', 45)).toBe('WB2026');
    const broken = new BurstDetector();
    for (const [index, key] of [...'WB20'].entries()) broken.key(key, index * 5);
    broken.key('ArrowDown', 22);
    for (const [index, key] of [...'26'].entries()) broken.key(key, 25 + index * 5);
    expect(broken.key('Enter', 40)).toBeNull();
  });

  it('says when keys are coming in a burst', () => {
    const detector = new BurstDetector();
    detector.key('W', 0);
    expect(detector.inBurst(5)).toBe(false);
    detector.key('B', 5);
    expect(detector.inBurst(10)).toBe(true);
    expect(detector.inBurst(100)).toBe(false);
  });

  it('knows when the keys go into a field', () => {
    const input = document.createElement('input');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(typingInField(input)).toBe(true);
    expect(typingInField(checkbox)).toBe(false);
    expect(typingInField(document.createElement('textarea'))).toBe(true);
    expect(typingInField(document.createElement('button'))).toBe(false);
    expect(typingInField(document.body)).toBe(false);
    expect(typingInField(null)).toBe(false);
  });
});
