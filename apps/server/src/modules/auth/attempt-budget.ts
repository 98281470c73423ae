import { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';

const WINDOW_SECONDS = 60;

/**
 * One budget of password attempts per client address — login, HIS login and password change together,
 * `LOGIN_RATE_LIMIT` a minute — kept in PostgreSQL (`password_attempt_windows`), so that it holds
 * whichever server process behind the load balancer the attempts reach; a counter in each process's
 * memory would give an address N budgets with N processes. One upsert per attempt, small beside the
 * argon2 verification the attempt costs anyway. The address is request.ip (with TRUST_PROXY, what the
 * trusted proxy reports), IPv6 taken as its /64 as @fastify/rate-limit does.
 */
export function passwordAttemptBudget(app: FastifyInstance) {
  const max = app.config.loginRateLimit;
  return async function countPasswordAttempt(request: FastifyRequest, reply: FastifyReply) {
    const address = normalizeIP(request.ip, 64);
    const now = app.clock();
    const { rows } = await app.db.execute<{ attempts: number; resetSeconds: number }>(sql`
      insert into password_attempt_windows as w (address, window_start, attempts)
      values (${address}, ${now}, 1)
      on conflict (address) do update set
        attempts = case when w.window_start <= ${now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS})
                        then 1 else w.attempts + 1 end,
        window_start = case when w.window_start <= ${now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS})
                            then ${now} else w.window_start end
      returning w.attempts,
        ceil(extract(epoch from w.window_start + make_interval(secs => ${WINDOW_SECONDS}) - ${now}::timestamptz))::int as "resetSeconds"`);
    const { attempts, resetSeconds } = rows[0];
    // now and then, windows long over are cleared so the table stays the size of the last minute's addresses
    if (attempts === 1 && Math.random() < 0.01) {
      await app.db.execute(
        sql`delete from password_attempt_windows where window_start < ${now}::timestamptz - interval '1 hour'`,
      );
    }
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - attempts));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (attempts > max) {
      reply.header('retry-after', resetSeconds);
      throw new AppError(429, 'error.rateLimited');
    }
  };
}
