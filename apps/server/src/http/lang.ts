import { type Lang, resolveLang } from '@glucocare/domain';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** Every request knows its language (Accept-Language → en-US or zh-CN) before anything can fail. */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en-US');
  app.addHook('onRequest', async (request) => {
    request.lang = resolveLang(request.headers['accept-language']);
  });
}
