/**
 * SVG icon sanitiser for glucose event items (spec §3 "Event types and options (SVG icon)").
 *
 * An uploaded icon is parsed as XML by a small, strict parser (no DTD processing, no entity
 * expansion, no external anything) and rebuilt from an allow-list: only plain drawing elements and
 * presentation attributes survive. Whatever can run script or reach outside the document is dropped:
 * `<script>`, `<foreignObject>` (and every other element not on the list, with its whole subtree, so
 * no HTML inside it leaks out), every `on*` attribute, `javascript:`/`data:` URLs, references to
 * anything but a fragment of the icon itself (`href="#id"`, `url(#id)`), animation elements (they can
 * rewrite `href` at run time), the DOCTYPE with its `<!ENTITY>` declarations, comments and processing
 * instructions. Text and attribute values are re-escaped on output, so the result is safe both as an
 * `image/svg+xml` document and inlined in an HTML page.
 */
import { UPLOAD_LIMIT_BYTES, utf8ByteLength } from '@glucocare/domain';

export type SvgSanitizeResult =
  | { ok: true; svg: string }
  | { ok: false; reason: 'notSvg' | 'malformed' | 'tooLarge' };

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** deeper nesting than this is no icon (and would only cost stack) */
const MAX_DEPTH = 64;
/** more nodes than this is no icon either */
const MAX_NODES = 50_000;

/** Elements kept (exact, case-sensitive XML names). Anything else goes, with its subtree. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feFuncR',
  'feFuncG',
  'feFuncB',
  'feFuncA',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
]);

/** Attributes kept on any allowed element (geometry, presentation, text, gradients, filters). */
const ALLOWED_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'transform',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'version',
  'xml:space',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'vector-effect',
  'shape-rendering',
  'paint-order',
  'mix-blend-mode',
  'isolation',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'dx',
  'dy',
  'rotate',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'stdDeviation',
  'radius',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'flood-color',
  'flood-opacity',
  'color-interpolation',
  'color-interpolation-filters',
]);

/** `type` is kept only where it names a filter operation, never on `<style>` or `<script>`. */
const TYPE_ELEMENTS = new Set(['feColorMatrix', 'feFuncR', 'feFuncG', 'feFuncB', 'feFuncA']);
/** Elements whose `href` (a fragment of this icon only) means something. */
const HREF_ELEMENTS = new Set(['use', 'textPath', 'linearGradient', 'radialGradient', 'pattern', 'filter']);
const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;

interface ElementNode {
  kind: 'element';
  name: string;
  attributes: [string, string][];
  children: XmlNode[];
}
interface TextNode {
  kind: 'text';
  text: string;
}
type XmlNode = ElementNode | TextNode;

/** The text is not well-formed XML (or nests too deep, or holds too many nodes). */
class Malformed extends Error {}
/** The text is XML or something else, but its root element is not `<svg>`. */
class NotSvg extends Error {}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const SPACE = /\s*/y;

/** XML's characters: no NULs, no C0 controls but tab and line breaks, no lone surrogates. */
function validCodePoint(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Character references and the five predefined entities are decoded. Any other `&name;` is NOT
 * expanded (the DOCTYPE that could declare it is discarded): it stays literal text.
 */
function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9A-Fa-f]{1,6}|#\d{1,7}|[A-Za-z_][\w.-]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const cp = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return validCodePoint(cp) ? String.fromCodePoint(cp) : '';
    }
    return PREDEFINED[ref] ?? whole;
  });
}

/** Skips `<!DOCTYPE ...>` including an internal subset `[ ... ]` with quoted values and comments. */
function skipDoctype(src: string, start: number): number {
  let i = start + '<!DOCTYPE'.length;
  let inSubset = false;
  while (i < src.length) {
    const c = src[i];
    if (c === '"' || c === "'") {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw new Malformed();
      i = end + 1;
    } else if (inSubset && src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) throw new Malformed();
      i = end + 3;
    } else if (c === '[') {
      inSubset = true;
      i++;
    } else if (c === ']') {
      inSubset = false;
      i++;
    } else if (c === '>' && !inSubset) {
      return i + 1;
    } else i++;
  }
  throw new Malformed();
}

function skipPast(src: string, from: number, terminator: string): number {
  const end = src.indexOf(terminator, from);
  if (end < 0) throw new Malformed();
  return end + terminator.length;
}

function readName(src: string, at: number): string | null {
  NAME.lastIndex = at;
  const match = NAME.exec(src);
  return match ? match[0] : null;
}

function skipSpace(src: string, at: number): number {
  SPACE.lastIndex = at;
  SPACE.exec(src);
  return SPACE.lastIndex;
}

/** Skips what may stand outside the root element: white space, comments, processing instructions. */
function skipMisc(src: string, at: number, allowDoctype: boolean): number {
  let i = at;
  for (;;) {
    i = skipSpace(src, i);
    if (src.startsWith('<?', i)) i = skipPast(src, i + 2, '?>');
    else if (src.startsWith('<!--', i)) i = skipPast(src, i + 4, '-->');
    else if (allowDoctype && src.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') i = skipDoctype(src, i);
    else return i;
  }
}

/** Parses a start tag at `at` (just past `<`); returns the element, whether it closed itself, and the end. */
function readStartTag(src: string, at: number): { element: ElementNode; selfClosing: boolean; end: number } {
  const name = readName(src, at);
  if (!name) throw new Malformed();
  const element: ElementNode = { kind: 'element', name, attributes: [], children: [] };
  const seen = new Set<string>();
  let i = at + name.length;
  for (;;) {
    const afterSpace = skipSpace(src, i);
    if (src.startsWith('/>', afterSpace)) return { element, selfClosing: true, end: afterSpace + 2 };
    if (src[afterSpace] === '>') return { element, selfClosing: false, end: afterSpace + 1 };
    if (afterSpace === i) throw new Malformed(); // attributes are separated by white space
    const attribute = readName(src, afterSpace);
    if (!attribute) throw new Malformed();
    i = skipSpace(src, afterSpace + attribute.length);
    if (src[i] !== '=') throw new Malformed();
    i = skipSpace(src, i + 1);
    const quote = src[i];
    if (quote !== '"' && quote !== "'") throw new Malformed();
    const close = src.indexOf(quote, i + 1);
    if (close < 0) throw new Malformed();
    if (seen.has(attribute)) throw new Malformed();
    seen.add(attribute);
    element.attributes.push([attribute, decodeEntities(src.slice(i + 1, close))]);
    i = close + 1;
  }
}

/** A strict, non-validating XML parse into a tree: one root element, properly nested, no DTD use. */
function parseXml(src: string): ElementNode {
  let i = skipMisc(src, src.charCodeAt(0) === 0xfeff ? 1 : 0, true);
  if (src[i] !== '<' || !readName(src, i + 1)) throw new NotSvg();
  const stack: ElementNode[] = [];
  let root: ElementNode | null = null;
  let nodes = 0;
  const append = (node: XmlNode) => {
    if (++nodes > MAX_NODES) throw new Malformed();
    stack[stack.length - 1].children.push(node);
  };
  while (i < src.length) {
    if (root && stack.length === 0) break;
    const lt = src.indexOf('<', i);
    if (lt < 0) throw new Malformed();
    if (lt > i) {
      if (stack.length === 0) throw new Malformed();
      append({ kind: 'text', text: decodeEntities(src.slice(i, lt)) });
    }
    i = lt;
    if (src.startsWith('<!--', i)) i = skipPast(src, i + 4, '-->');
    else if (src.startsWith('<![CDATA[', i)) {
      const end = src.indexOf(']]>', i + 9);
      if (end < 0 || stack.length === 0) throw new Malformed();
      append({ kind: 'text', text: src.slice(i + 9, end) });
      i = end + 3;
    } else if (src.startsWith('<?', i)) i = skipPast(src, i + 2, '?>');
    else if (src.startsWith('<!', i))
      throw new Malformed(); // a DOCTYPE or ENTITY inside the document
    else if (src.startsWith('</', i)) {
      const name = readName(src, i + 2);
      const open = stack.pop();
      if (!name || !open || open.name !== name) throw new Malformed();
      i = skipSpace(src, i + 2 + name.length);
      if (src[i] !== '>') throw new Malformed();
      i++;
    } else {
      const { element, selfClosing, end } = readStartTag(src, i + 1);
      if (stack.length === 0) {
        if (root) throw new Malformed();
        root = element;
        nodes++;
      } else append(element);
      if (!selfClosing) {
        stack.push(element);
        if (stack.length > MAX_DEPTH) throw new Malformed();
      }
      i = end;
    }
  }
  if (!root || stack.length > 0) throw new Malformed();
  if (skipMisc(src, i, false) !== src.length) throw new Malformed();
  return root;
}

/** Lower-cased, with white space, controls and CSS comments removed: what a browser would act on. */
function squeeze(value: string): string {
  return value
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/[\s\p{Cc}]+/gu, '')
    .toLowerCase();
}

/** Script URLs, `data:` URLs, CSS escapes, old script hooks and the CSS ways of fetching a resource. */
const UNSAFE =
  /javascript:|vbscript:|livescript:|data:|\/\/|expression\(|-moz-binding|behavior:|@import|image-set\(|image\(|cross-fade\(|element\(|src\(|\\/;

/**
 * Whether a value (attribute or CSS) could run script or fetch something: {@link UNSAFE}, and any
 * `url(...)` that is not a fragment of the icon itself.
 */
function unsafeValue(value: string): boolean {
  const text = squeeze(value);
  if (UNSAFE.test(text)) return true;
  const urls = text.split('url(').slice(1);
  return urls.some((rest) => !/^['"]?#/.test(rest));
}

interface SanitizeState {
  usesXlink: boolean;
}

function cleanAttributes(element: ElementNode, state: SanitizeState): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, value] of element.attributes) {
    const lower = name.toLowerCase();
    if (lower.startsWith('on')) continue; // every event handler, whatever its case
    if (lower === 'xmlns' || lower.startsWith('xmlns:')) continue; // written fresh on the root
    if (name === 'href' || name === 'xlink:href') {
      if (HREF_ELEMENTS.has(element.name) && FRAGMENT.test(value.trim())) {
        kept.push([name, value.trim()]);
        if (name === 'xlink:href') state.usesXlink = true;
      }
      continue;
    }
    if (name === 'type' && !TYPE_ELEMENTS.has(element.name)) continue;
    if (name !== 'type' && !ALLOWED_ATTRIBUTES.has(name)) continue;
    if (unsafeValue(value)) continue;
    kept.push([name, value]);
  }
  return kept;
}

/** The allowed part of an element's subtree; null when the element itself is not allowed. */
function cleanElement(element: ElementNode, state: SanitizeState): ElementNode | null {
  if (!ALLOWED_ELEMENTS.has(element.name)) return null;
  const attributes = cleanAttributes(element, state);
  if (element.name === 'style') {
    const css = element.children
      .filter((child): child is TextNode => child.kind === 'text')
      .map((child) => child.text)
      .join('');
    if (unsafeValue(css)) return null;
    return { kind: 'element', name: 'style', attributes, children: [{ kind: 'text', text: css }] };
  }
  const children: XmlNode[] = [];
  for (const child of element.children) {
    if (child.kind === 'text') children.push(child);
    else {
      const clean = cleanElement(child, state);
      if (clean) children.push(clean);
    }
  }
  return { kind: 'element', name: element.name, attributes, children };
}

/** Characters XML 1.0 does not allow (C0 controls but tab and line breaks, lone surrogates, U+FFFE/F). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const escapeText = (text: string) =>
  text.replace(NOT_XML_CHAR, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

function serialize(node: XmlNode, out: string[]): void {
  if (node.kind === 'text') {
    out.push(escapeText(node.text));
    return;
  }
  out.push('<', node.name);
  for (const [name, value] of node.attributes) out.push(' ', name, '="', escapeAttribute(value), '"');
  if (node.children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of node.children) serialize(child, out);
  out.push('</', node.name, '>');
}

/**
 * Checks that `source` is an SVG document (root element `<svg>`, well-formed XML, at most 2 MB) and
 * returns it rebuilt from the allow-list.
 */
export function sanitizeSvg(source: string): SvgSanitizeResult {
  if (utf8ByteLength(source) > UPLOAD_LIMIT_BYTES) return { ok: false, reason: 'tooLarge' };
  let root: ElementNode;
  try {
    root = parseXml(source);
  } catch (error) {
    if (error instanceof NotSvg) return { ok: false, reason: 'notSvg' };
    if (error instanceof Malformed) return { ok: false, reason: 'malformed' };
    throw error;
  }
  if (root.name !== 'svg') return { ok: false, reason: 'notSvg' };
  const state: SanitizeState = { usesXlink: false };
  const clean = cleanElement(root, state)!;
  const namespaces: [string, string][] = [['xmlns', SVG_NS]];
  if (state.usesXlink) namespaces.push(['xmlns:xlink', XLINK_NS]);
  clean.attributes = [...namespaces, ...clean.attributes];
  const out: string[] = [];
  serialize(clean, out);
  return { ok: true, svg: out.join('') };
}
