/**
 * MLLP framing (HL7 v2 Minimal Lower Layer Protocol, HL7 v2.5 appendix C): a message travels as
 * VT <message> FS CR. TCP may split a frame anywhere or put several frames in one packet, so frames
 * are cut from a byte buffer, never per `data` event. Written here rather than taken from
 * @medplum/hl7 or node-hl7-server: both decide a message ended when a `data` chunk ends in FS CR,
 * which merges two messages sent in one packet and has no size bound (docs/interop.md "MLLP").
 */

export const VT = 0x0b;
export const FS = 0x1c;
export const CR = 0x0d;

export type Frame = { kind: 'message'; bytes: Buffer } | { kind: 'oversized'; bytes: number };

/** Cuts MLLP frames from a stream of chunks; bytes outside a frame (line noise, keep-alives) are dropped. */
export class MllpDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private inFrame = false;
  /** an oversized frame is skipped to its end and reported once */
  private skipping = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): Frame[] {
    const frames: Frame[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (!this.inFrame) {
        if (byte === VT) {
          this.inFrame = true;
          start = i + 1;
        }
        continue;
      }
      if (byte === CR && this.endsWithFs(chunk, i, start)) {
        this.take(chunk.subarray(start, Math.max(i - 1, start)));
        // an FS split from its CR across chunks: the FS is the last byte buffered
        const body = this.drain(i - 1 < start);
        frames.push(
          body === null ? { kind: 'oversized', bytes: this.skipping } : { kind: 'message', bytes: body },
        );
        this.skipping = 0;
        this.inFrame = false;
        continue;
      }
      if (byte === VT) {
        // a new start inside a frame: the sender gave up on the last one
        this.reset();
        this.inFrame = true;
        start = i + 1;
      }
    }
    if (this.inFrame) this.take(chunk.subarray(start));
    return frames;
  }

  private endsWithFs(chunk: Buffer, i: number, start: number): boolean {
    if (i > start) return chunk[i - 1] === FS;
    const last = this.chunks[this.chunks.length - 1];
    return !!last && last.length > 0 && last[last.length - 1] === FS;
  }

  private take(part: Buffer) {
    if (!part.length) return;
    if (this.skipping || this.buffered + part.length > this.maxBytes) {
      this.skipping = (this.skipping || this.buffered) + part.length;
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(Buffer.from(part));
    this.buffered += part.length;
  }

  /** The frame's body (without the FS), or null when it was too big. */
  private drain(fsBuffered: boolean): Buffer | null {
    if (this.skipping) {
      this.reset();
      return null;
    }
    let body = Buffer.concat(this.chunks);
    if (fsBuffered) body = body.subarray(0, body.length - 1);
    this.reset();
    return body;
  }

  private reset() {
    this.chunks = [];
    this.buffered = 0;
  }
}

/** A message as an MLLP frame. */
export function mllpFrame(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const frame = Buffer.alloc(body.length + 3);
  frame[0] = VT;
  body.copy(frame, 1);
  frame[body.length + 1] = FS;
  frame[body.length + 2] = CR;
  return frame;
}
