import { UPLOAD_LIMIT_BYTES } from '@glucocare/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer';

const BENIGN = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: Adobe Illustrator 27.0.0 -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     viewBox="0 0 24 24" width="24" height="24">
  <title>Meal &amp; snack</title>
  <style type="text/css">.st0{fill:#1677FF;}</style>
  <defs>
    <linearGradient id="g1" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1677ff"/><stop offset="1" stop-color="#69b1ff"/>
    </linearGradient>
    <path id="leaf" d="M2 2h4v4z"/>
  </defs>
  <circle class="st0" cx="12" cy="12" r="10" fill="url(#g1)" stroke="#333" stroke-width="1.5"/>
  <use xlink:href="#leaf" transform="translate(8 8)"/>
  <text x="12" y="16" text-anchor="middle" font-size="8">A&lt;B</text>
</svg>`;

function ok(source: string): string {
  const result = sanitizeSvg(source);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.svg;
}

/** What must never come out of the sanitiser, whatever went in. */
function assertInert(svg: string) {
  expect(svg).not.toMatch(/<\s*script/i);
  expect(svg).not.toMatch(/foreignObject/i);
  expect(svg).not.toMatch(/<\s*(iframe|embed|object|a|animate|set|image|feImage|handler|listener)[\s/>]/i);
  expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
  expect(svg).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(svg).not.toMatch(/<!/);
  expect(svg).not.toMatch(/<\?/);
  expect(svg).not.toMatch(/href="(?!#)/);
  expect(svg).not.toMatch(/url\((?!#)/i);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  // the output is itself a clean SVG: sanitising it again changes nothing
  expect(ok(svg)).toBe(svg);
}

describe('sanitizeSvg: benign icons', () => {
  it('keeps a typical exported icon: shapes, gradient, style, title, local <use> and text', () => {
    const svg = ok(BENIGN);
    assertInert(svg);
    expect(svg).toContain('viewBox="0 0 24 24"');
    expect(svg).toContain('<title>Meal &amp; snack</title>');
    expect(svg).toContain('<style>.st0{fill:#1677FF;}</style>');
    expect(svg).toContain('<stop offset="0" stop-color="#1677ff"/>');
    expect(svg).toContain('fill="url(#g1)"');
    expect(svg).toContain('<use xlink:href="#leaf" transform="translate(8 8)"/>');
    expect(svg).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(svg).toContain('>A&lt;B</text>');
  });

  it('keeps a minimal icon as it is', () => {
    const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>';
    expect(ok(icon)).toBe(icon);
  });

  it('adds the SVG namespace when the file has none', () => {
    expect(ok('<svg><rect width="1" height="1"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
  });
});

describe('sanitizeSvg: hostile samples', () => {
  it('removes <script> elements, with CDATA or entity-encoded bodies', () => {
    const svg = ok(`<svg xmlns="http://www.w3.org/2000/svg">
      <script>alert(1)</script>
      <script type="text/javascript"><![CDATA[ fetch('/app-service/v1/users/profile') ]]></script>
      <g><script xlink:href="https://evil.example/x.js"/></g>
      <svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(2)</svg:script>
      <SCRIPT>alert(3)</SCRIPT>
      <circle r="1"/></svg>`);
    assertInert(svg);
    expect(svg).not.toContain('alert');
    expect(svg).not.toContain('fetch');
    expect(svg).toContain('<circle r="1"/>');
  });

  it('removes every on* attribute, whatever its case', () => {
    const svg = ok(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" ONLOAD="alert(2)">
      <rect width="1" height="1" onclick="alert(3)" onMouseOver="alert(4)" onfocusin='x()'/>
      <g onbegin="alert(5)"><circle r="2" onerror="alert(6)"/></g></svg>`);
    assertInert(svg);
    expect(svg).not.toContain('alert');
    expect(svg).toContain('<rect width="1" height="1"/>');
  });

  it('drops javascript: and data: links, encoded or obfuscated, and external references', () => {
    const svg = ok(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <a href="javascript:alert(1)"><text>click</text></a>
      <a xlink:href="&#106;avascript:alert(2)"><rect width="1" height="1"/></a>
      <use href=" java&#x0A;script:alert(3)"/>
      <use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>
      <use xlink:href="https://evil.example/sprite.svg#icon"/>
      <use href="//evil.example/sprite.svg#icon"/>
      <image href="data:image/png;base64,AAAA"/>
      <linearGradient id="x" href="http://evil.example/g.svg#a"/>
      <use href="#ok"/>
      <path id="ok" d="M0 0" fill="url(https://evil.example/track.png)" stroke="url(#x)"/>
    </svg>`);
    assertInert(svg);
    expect(svg).not.toContain('alert');
    expect(svg).not.toContain('evil');
    expect(svg).not.toContain('click'); // the <a> went with its content
    expect(svg).toContain('<use href="#ok"/>');
    expect(svg).toContain('<use/>');
    expect(svg).toContain('<path id="ok" d="M0 0" stroke="url(#x)"/>');
  });

  it('removes <foreignObject> with the HTML inside it, and <iframe>, <embed>, <object>', () => {
    const svg = ok(`<svg xmlns="http://www.w3.org/2000/svg">
      <foreignObject width="100" height="100">
        <div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/><b>hi</b></div>
      </foreignObject>
      <iframe src="https://evil.example"/><embed src="evil.swf"/><object data="evil.pdf"><p>x</p></object>
      <rect width="1" height="1"/></svg>`);
    assertInert(svg);
    expect(svg).not.toMatch(/img|div|hi|evil/);
    expect(svg).toContain('<rect width="1" height="1"/>');
  });

  it('removes animation elements that could rewrite a link at run time', () => {
    const svg = ok(`<svg xmlns="http://www.w3.org/2000/svg"><a id="l"><rect width="9" height="9"/>
      <set attributeName="href" to="javascript:alert(1)"/>
      <animate attributeName="href" values="javascript:alert(2)" begin="0s"/></a>
      <circle r="1"><animate attributeName="r" from="1" to="2" dur="1s"/></circle></svg>`);
    assertInert(svg);
    expect(svg).not.toContain('alert');
    expect(svg).toContain('<circle r="1"/>');
  });

  it('does not expand entities: the DOCTYPE and its <!ENTITY> declarations are dropped (XXE, billion laughs)', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE svg [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!-- a comment with a > and a ] inside -->
  <!ENTITY tricky "]>">
]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&lol3;&xxe;</text><desc title="&xxe;">x</desc></svg>`;
    const svg = ok(laughs);
    assertInert(svg);
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><text>&amp;lol3;&amp;xxe;</text><desc>x</desc></svg>',
    );
    expect(svg).not.toContain('lollol');
    expect(svg).not.toContain('root:');
  });

  it('refuses a DOCTYPE or ENTITY declaration inside the document', () => {
    expect(sanitizeSvg('<svg><!ENTITY x "y"><rect/></svg>')).toEqual({ ok: false, reason: 'malformed' });
    expect(sanitizeSvg('<svg><!DOCTYPE svg><rect/></svg>')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('drops style sheets and style attributes that import, fetch or use script hooks', () => {
    const svg = ok(`<svg xmlns="http://www.w3.org/2000/svg">
      <style>@import url(https://evil.example/x.css);</style>
      <style>rect{background:url(https://evil.example/track)}</style>
      <style>rect{behavior:url(x.htc)} circle{-moz-binding:url(x.xml#y)}</style>
      <style>rect{width:expression(alert(1))}</style>
      <style>rect{background-image:image-set("https://evil.example/a.png" 1x)}</style>
      <style>rect{background:\\75 rl(https://evil.example/escaped)}</style>
      <style><![CDATA[ .ok{fill:red} ]]></style>
      <rect width="1" height="1" style="fill:url(https://evil.example/t)"/>
      <rect width="2" height="2" style="fill:url(#g);stroke:blue"/>
      <rect width="3" height="3" fill="java&#9;script:alert(1)"/></svg>`);
    assertInert(svg);
    expect(svg).not.toMatch(/evil|expression|binding|behavior|alert|\\75/);
    expect(svg).toContain('<style> .ok{fill:red} </style>');
    expect(svg).toContain('<rect width="1" height="1"/>');
    expect(svg).toContain('<rect width="2" height="2" style="fill:url(#g);stroke:blue"/>');
    expect(svg).toContain('<rect width="3" height="3"/>');
  });

  it('re-escapes text so that nothing becomes markup when the icon is inlined in HTML', () => {
    const svg = ok(`<svg xmlns="http://www.w3.org/2000/svg">
      <title>&lt;img src=x onerror=alert(1)&gt;</title>
      <style>&lt;/style&gt;&lt;img src=x&gt;</style>
      <text><![CDATA[</text><script>alert(1)</script>]]></text></svg>`);
    expect(svg).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
    expect(svg).toContain('<text>&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;</text>');
    expect(svg).not.toMatch(/<img|<script/);
    expect(ok(svg)).toBe(svg);
  });

  it('drops unknown elements, namespaced editor data and attributes not on the list', () => {
    const svg =
      ok(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
      inkscape:version="1.2" data-x="1" width="10">
      <sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>
      <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
      <feImage href="https://evil.example/x.png"/><switch><rect/></switch>
      <style type="text/ecmascript" media="all">.a{fill:red}</style>
      <circle r="1" inkscape:label="Layer 1" xml:space="preserve"/></svg>`);
    assertInert(svg);
    expect(svg).not.toMatch(/inkscape|sodipodi|rdf|metadata|data-x|switch|ecmascript|media=/);
    expect(svg).toContain('width="10"');
    expect(svg).toContain('<style>.a{fill:red}</style>');
    expect(svg).toContain('<circle r="1" xml:space="preserve"/>');
  });

  it('keeps a filter operation type but no other type attribute', () => {
    const svg = ok(
      '<svg><filter id="f"><feColorMatrix type="saturate" values="0"/></filter><rect type="x"/></svg>',
    );
    expect(svg).toContain('<feColorMatrix type="saturate" values="0"/>');
    expect(svg).toContain('<rect/>');
  });
});

describe('sanitizeSvg: what is not an SVG document', () => {
  it.each([
    ['plain text', 'hello'],
    ['an empty text', ''],
    ['JSON', '{"svg": true}'],
    ['an HTML page', '<!DOCTYPE html><html><body><svg></svg></body></html>'],
    ['base64 of an SVG', 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='],
    ['a PNG', '\u0089PNG\r\n\u001a\n\u0000\u0000'],
    ['an XML document of another kind', '<?xml version="1.0"?><note><to>x</to></note>'],
  ])('refuses %s', (_label, text) => {
    expect(sanitizeSvg(text)).toEqual({ ok: false, reason: 'notSvg' });
  });

  it.each([
    ['an unclosed root', '<svg><rect/>'],
    ['mismatched tags', '<svg><g></rect></svg>'],
    ['an unquoted attribute', '<svg width=10></svg>'],
    ['a duplicate attribute', '<svg width="1" width="2"></svg>'],
    ['a second root', '<svg></svg><svg></svg>'],
    ['text after the root', '<svg></svg>trailing'],
    ['an unterminated comment', '<svg><!-- x </svg>'],
    ['an unterminated DOCTYPE', '<!DOCTYPE svg [ <!ENTITY a "b"> <svg/>'],
  ])('refuses %s as malformed', (_label, text) => {
    expect(sanitizeSvg(text)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a file larger than 2 MB, and a nesting or node count no icon has', () => {
    const huge = `<svg>${'<rect width="1" height="1"/>'.repeat(Math.ceil(UPLOAD_LIMIT_BYTES / 28) + 1)}</svg>`;
    expect(sanitizeSvg(huge)).toEqual({ ok: false, reason: 'tooLarge' });
    const deep = `<svg>${'<g>'.repeat(10_000)}${'</g>'.repeat(10_000)}</svg>`;
    expect(sanitizeSvg(deep)).toEqual({ ok: false, reason: 'malformed' });
    const many = `<svg>${'<g/>'.repeat(60_000)}</svg>`;
    expect(sanitizeSvg(many)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('accepts an icon just under the limit quickly', () => {
    const body = '<path d="M0 0h1v1z"/>'.repeat(Math.floor((UPLOAD_LIMIT_BYTES - 100) / 22 / 2));
    const started = Date.now();
    expect(ok(`<svg>${body}</svg>`).length).toBeGreaterThan(UPLOAD_LIMIT_BYTES / 3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('sanitizeSvg: any mix of hostile fragments', () => {
  const fragments = [
    '<script>alert(1)</script>',
    '<script><![CDATA[alert(1)]]></script>',
    '<foreignObject><body onload="alert(1)"/></foreignObject>',
    '<a href="javascript:alert(1)"><rect/></a>',
    '<use href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>',
    '<use xlink:href="https://evil.example/x.svg#a"/>',
    '<rect onclick="alert(1)" width="1"/>',
    '<image href="x" onerror="alert(1)"/>',
    '<style>@import "https://evil.example/x.css";</style>',
    '<set attributeName="onmouseover" to="alert(1)"/>',
    '<iframe src="javascript:alert(1)"/>',
    '<circle r="1" fill="url(javascript:alert(1))"/>',
    '<g><!-- <script>alert(1)</script> --></g>',
    '<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>',
    '<path d="M0 0" style="x:expression(alert(1))"/>',
    '<embed src="x"/><object data="x"/>',
    '<?xml-stylesheet href="https://evil.example/x.xsl"?>',
  ];
  it('never lets anything executable through', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 12 }), (parts) => {
        const result = sanitizeSvg(`<svg xmlns:xlink="http://www.w3.org/1999/xlink">${parts.join('')}</svg>`);
        expect(result.ok).toBe(true);
        if (result.ok) {
          assertInert(result.svg);
          // text mentioning a script is fine as escaped text; no live tag or handler is
          expect(result.svg.replace(/&lt;script&gt;alert\(1\)&lt;\/script&gt;/g, '')).not.toContain('alert');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('sanitizeSvg: characters XML does not allow', () => {
  it('drops control characters and lone surrogates from text and attribute values', () => {
    const svg = ok('<svg><title>a\u0001b\uD800c</title><rect id="x\u0008y"/></svg>');
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><title>abc</title><rect id="xy"/></svg>');
  });
});
