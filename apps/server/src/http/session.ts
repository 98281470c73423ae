import type { PermissionCode } from '@glucocare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSession, type SessionUser } from '../modules/auth/sessions';
import { forbidden, SessionError } from './errors';

/**
 * What a route needs (ARCHITECTURE §3): `public` (no session; a valid bearer is still read),
 * `session` (any signed-in user) or a permission code of the domain's `PERMISSIONS` map, granted
 * through role → menu authority. A code outside the map does not compile, except the `demo` area:
 * tests that register a guarded route of their own use it, and the permission-codes test refuses
 * it on every route the app ships.
 */
export type Permission = 'public' | 'session' | PermissionCode | `demo:${string}:${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
  interface FastifyRequest {
    session: SessionUser | null;
  }
}

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Checks the session and the route's permission on every API request, before the body is read. */
export function registerSessionGuard(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/app-service/')) return;
    if (request.is404) return;
    // A route that forgot to declare a permission is treated as needing a session (fail closed).
    const permission: Permission = request.routeOptions.config.permission ?? 'session';
    const token = bearerToken(request);
    if (permission === 'public') {
      if (token) request.session = (await loadSession(app, token))?.user ?? null;
      return;
    }
    if (!token) throw new SessionError();
    const lookup = await loadSession(app, token, permission === 'session' ? undefined : permission);
    if (!lookup) throw new SessionError();
    const session = lookup.user;
    request.session = session;
    if (permission === 'session') return;
    if (!lookup.permitted) throw forbidden();
    // Data permission "read only": permission-coded changes are refused whatever the role grants.
    if (session.readOnly && request.method !== 'GET') throw forbidden();
  });
}

/** The signed-in user of a route that requires one. */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new SessionError();
  return request.session;
}
