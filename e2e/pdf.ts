import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as Chromium writes it: Flate-compressed content streams showing glyph codes
 * (`<...> Tj`, `[...] TJ`) in fonts whose ToUnicode CMaps map codes back to text.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const [, id, content] = match;
    const streamAt = content.indexOf('stream');
    let stream: string | null = null;
    let dict = content;
    if (streamAt >= 0) {
      dict = content.slice(0, streamAt);
      const start = content.slice(streamAt + 6).replace(/^\r?\n/, '');
      const raw = start.slice(0, start.lastIndexOf('endstream'));
      const bytes = Buffer.from(raw, 'latin1');
      try {
        stream = /FlateDecode/.test(dict) ? inflateSync(bytes).toString('latin1') : raw;
      } catch {
        stream = null;
      }
    }
    objects.set(Number(id), { dict, stream });
  }
  const cmapOf = (id: number) => {
    const map = new Map<string, string>();
    const text = objects.get(id)?.stream ?? '';
    const hex = (h: string) =>
      String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((u) => Number.parseInt(u, 16)));
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, uni] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        map.set(code.toUpperCase(), hex(uni));
      }
    }
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, lo, hi, uni] of block[1].matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      )) {
        const from = Number.parseInt(lo, 16);
        for (let code = from; code <= Number.parseInt(hi, 16); code++) {
          const value = Number.parseInt(uni, 16) + (code - from);
          map.set(code.toString(16).toUpperCase().padStart(lo.length, '0'), String.fromCodePoint(value));
        }
      }
    }
    return map;
  };
  // font resource names (/F4 12 0 R) → the font's ToUnicode map and code length: two bytes in the
  // Identity-H (Type0) fonts, one byte in the Type3 fonts Chromium makes of bitmap-backed CJK glyphs
  const fonts = new Map<string, { map: Map<string, string>; digits: number }>();
  for (const { dict } of objects.values()) {
    for (const block of dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const [, name, ref] of block[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const fontDict = objects.get(Number(ref))?.dict ?? '';
        const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(fontDict);
        const digits = /\/Subtype\s*\/Type0/.test(fontDict) ? 4 : 2;
        if (toUnicode) fonts.set(name, { map: cmapOf(Number(toUnicode[1])), digits });
      }
    }
  }
  let out = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/\bT[jJ]\b/.test(stream)) continue;
    let font: { map: Map<string, string>; digits: number } | undefined;
    for (const token of stream.matchAll(
      /\/(\w+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9A-Fa-f]*)>\s*Tj|(ET)/g,
    )) {
      if (token[1]) font = fonts.get(token[1]);
      else if (token[4]) out += '\n';
      else if (font) {
        const strings = token[2] ? [...token[2].matchAll(/<([0-9A-Fa-f]*)>/g)].map((m) => m[1]) : [token[3]];
        const codes = new RegExp(`.{${font.digits}}`, 'g');
        for (const hex of strings) {
          for (const code of hex.match(codes) ?? []) out += font.map.get(code.toUpperCase()) ?? '';
        }
      }
    }
  }
  return out;
}
