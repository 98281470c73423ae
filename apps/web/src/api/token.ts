import { TOKEN_COOKIE } from '@glucocare/domain/constants';

/** The session token lives in the cookie `acon_credentials_key` (path /, SameSite=Lax). */
export function getToken(): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${TOKEN_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const value = decodeURIComponent(item.slice(prefix.length));
      return value || null;
    }
  }
  return null;
}

export function setToken(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API needs a secure context; intranet origins are plain HTTP
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax${secure}`;
}

export function removeToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as in setToken
  document.cookie = `${TOKEN_COOKIE}=; path=/; SameSite=Lax; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0`;
}

export function hasToken(): boolean {
  return getToken() !== null;
}
