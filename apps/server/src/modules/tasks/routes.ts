import {
  PERMISSIONS,
  pumpReminderQuerySchema,
  todayTaskCountQuerySchema,
  todayTaskQuerySchema,
} from '@glucocare/domain';
import { pumpReminderTaskView, todayTaskCountsView, todayTaskView } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok, pageOf } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { MAX_PAGE_SIZE } from '../../lib/query';
import { countTodayTasks, pageTodayPumpReminders, pageTodayTasks } from './service';

const tags = ['tasks'];

/** Today's measuring tasks (api-precedents: GET /v1/tasks/todayTask, /v1/tasks/todayTaskNums). */
export async function taskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/tasks/todayTask',
    {
      config: { permission: PERMISSIONS.tasks.list },
      schema: {
        tags,
        summary:
          "Today's glucose measuring tasks of the caller's wards: patient × planned period with its window and state",
        querystring: todayTaskQuerySchema,
        response: { 200: envelopeOf(pageOf(todayTaskView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pageTodayTasks(
          app.db,
          sessionOf(request),
          { ...request.query, size: Math.min(request.query.size, MAX_PAGE_SIZE) },
          request.lang,
          app.clock(),
        ),
      ),
  );

  r.get(
    '/v1/tasks/todayTaskNums',
    {
      config: { permission: PERMISSIONS.tasks.list },
      schema: {
        tags,
        summary: "How many of today's measuring tasks are overdue, due, upcoming and done",
        querystring: todayTaskCountQuerySchema,
        response: { 200: envelopeOf(todayTaskCountsView) },
      },
    },
    async (request) =>
      ok(
        request,
        await countTodayTasks(app.db, sessionOf(request), request.query, request.lang, app.clock()),
      ),
  );

  r.get(
    '/v1/tasks/pumpReminders',
    {
      config: { permission: PERMISSIONS.tasks.list },
      schema: {
        tags,
        summary:
          "Today's insulin pump reminders of the caller's wards: tube change due or overdue, low battery, low remaining dose",
        querystring: pumpReminderQuerySchema,
        response: { 200: envelopeOf(pageOf(pumpReminderTaskView)) },
      },
    },
    async (request) =>
      ok(
        request,
        await pageTodayPumpReminders(
          app.db,
          sessionOf(request),
          { ...request.query, size: Math.min(request.query.size, MAX_PAGE_SIZE) },
          request.lang,
          app.clock(),
        ),
      ),
  );
}
