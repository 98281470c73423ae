const EXTERNAL_SCHEME = /^\s*(?:https?|mailto|tel):/i;

/**
 * §5 Other "Link helper": http, https, mailto and tel links are external (opened by the browser, not
 * the router). The scheme is matched case-insensitively and leading whitespace is ignored; nothing else
 * is external — not `javascript:`, `data:`, protocol-relative `//host` nor app paths like `/index`.
 */
export function isExternalLink(path: string): boolean {
  return typeof path === 'string' && EXTERNAL_SCHEME.test(path);
}
