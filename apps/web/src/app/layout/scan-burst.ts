/**
 * Tells a barcode scanner from a person at the keyboard (issue 15, wristband scan anywhere): a scanner
 * "types" the code's characters within a few milliseconds of each other and ends with Enter; people
 * type far slower. A burst is at least `minLength` printable characters, each less than `maxGapMs`
 * after the one before, followed (also quickly) by Enter. Pure: fed with keys and their times.
 */

export interface BurstOptions {
  minLength: number;
  maxGapMs: number;
  maxLength: number;
}

export const SCAN_BURST: BurstOptions = { minLength: 4, maxGapMs: 50, maxLength: 32 };

export class BurstDetector {
  private buffer = '';
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: BurstOptions = SCAN_BURST) {}

  /**
   * Feeds one key (`KeyboardEvent.key`) pressed at `at` ms. Answers the scanned code when the key is
   * the Enter that ends a burst; null otherwise. Keys other than single printable characters and Enter
   * (Shift, arrows…) end any burst.
   */
  key(key: string, at: number): string | null {
    const quick = at - this.last < this.options.maxGapMs;
    this.last = at;
    if (key === 'Enter') {
      const code = quick && this.buffer.length >= this.options.minLength ? this.buffer : null;
      this.buffer = '';
      return code;
    }
    if (key.length !== 1 || key === ' ') {
      // Shift comes with the scanner's capitals: it neither breaks nor counts
      if (key !== 'Shift') this.buffer = '';
      return null;
    }
    this.buffer = quick ? this.buffer + key : key;
    if (this.buffer.length > this.options.maxLength) this.buffer = this.buffer.slice(-this.options.maxLength);
    return null;
  }

  /** Whether keys are coming in a burst now (the page should not act on them as shortcuts). */
  inBurst(at: number): boolean {
    return this.buffer.length >= 2 && at - this.last < this.options.maxGapMs;
  }

  reset(): void {
    this.buffer = '';
    this.last = Number.NEGATIVE_INFINITY;
  }
}

/** Whether keys typed now go into a field (then a scan is the field's business, not the layout's). */
export function typingInField(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (element as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  return (element as HTMLElement).isContentEditable === true;
}
