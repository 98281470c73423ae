import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExternalLink } from './link';

describe('isExternalLink', () => {
  it('treats http, https, mailto and tel as external', () => {
    expect(isExternalLink('http://example.com')).toBe(true);
    expect(isExternalLink('https://example.com/a?b=c')).toBe(true);
    expect(isExternalLink('mailto:ward@example.com')).toBe(true);
    expect(isExternalLink('tel:+8610123456')).toBe(true);
  });

  it('ignores case and leading whitespace', () => {
    expect(isExternalLink('HTTPS://EXAMPLE.COM')).toBe(true);
    expect(isExternalLink('MailTo:a@b.c')).toBe(true);
    expect(isExternalLink('  https://example.com')).toBe(true);
    expect(isExternalLink('\n\thttp://example.com')).toBe(true);
  });

  it('treats nothing else as external', () => {
    for (const path of [
      '',
      '/index',
      'index',
      '#',
      '//example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com',
      'httpx://example.com',
      'http//example.com',
      'https',
      'telephone:1',
      '/redirect/https://example.com',
      'x https://example.com',
    ]) {
      expect(isExternalLink(path), path).toBe(false);
    }
  });

  it('property: an app path starting with / is never external', () => {
    fc.assert(
      fc.property(fc.string(), (rest) => {
        expect(isExternalLink(`/${rest}`)).toBe(false);
      }),
    );
  });
});
