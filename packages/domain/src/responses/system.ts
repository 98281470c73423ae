import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/** GET /app-service/health: answered only while the database is reachable (503 otherwise). */
export const healthView = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  /** only with DATABASE_REPLICA_URL: down or lagging → its reads go to the primary (still 200) */
  replica: z
    .object({ state: z.enum(['up', 'lagging', 'down']), lagSeconds: z.number().nullable() })
    .optional(),
});
export type Health = z.infer<typeof healthView>;

/** GET /project.config.json: the web app's runtime configuration (read before anything else). */
export const projectConfigView = z.object({
  title: z.string(),
  titles: z.object({ 'en-US': z.string(), 'zh-CN': z.string() }),
  baseUrl: z.string(),
  defaultLanguage: z.enum(LANGUAGES),
  methodOverride: z.boolean(),
  publicKey: z.string().describe('PEM; the login and password calls encrypt with it'),
});
export type ProjectConfig = z.infer<typeof projectConfigView>;
