import {
  hl7MessageQuerySchema,
  hl7TestMessageSchema,
  meterTestQuerySchema,
  PERMISSIONS,
  wristbandTestQuerySchema,
} from '@glucocare/domain';
import {
  hl7ConnectionView,
  hl7MessageDetailView,
  hl7MessagePageView,
  hl7MessageView,
  hl7TestResultView,
  meterTestView,
  wristbandTestView,
} from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http/envelope';
import { sessionOf } from '../../http/session';
import { idParam } from '../../lib/query';
import { requestMeta } from '../audit/service';
import {
  connectionOf,
  messageDetail,
  meterTest,
  pageMessages,
  resendMessage,
  sendTestMessage,
  wristbandTest,
} from './service';

const tags = ['interop'];

/** The HL7 interface screen and the device test page (issue 21, docs/interop.md). */
export async function interopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { messages, device } = PERMISSIONS.interop;

  r.get(
    '/v1/interop/messages',
    {
      config: { permission: messages.list },
      schema: {
        tags,
        summary: 'HL7 messages in and out, newest first: by direction, status, type, keyword, meter, days',
        querystring: hl7MessageQuerySchema,
        response: { 200: envelopeOf(hl7MessagePageView) },
      },
    },
    async (request) =>
      ok(request, await pageMessages(app.db, sessionOf(request), request.query, request.lang)),
  );
  r.get(
    '/v1/interop/messages/:id',
    {
      config: { permission: messages.list },
      schema: {
        tags,
        summary:
          'One HL7 message: raw text, parsed segments, its ACK and what it stored (the viewing is audited)',
        params: idParam,
        response: { 200: envelopeOf(hl7MessageDetailView) },
      },
    },
    async (request) =>
      ok(
        request,
        await messageDetail(
          app.db,
          sessionOf(request),
          request.params.id,
          request.lang,
          requestMeta(request),
        ),
      ),
  );
  r.post(
    '/v1/interop/messages/:id/resend',
    {
      config: { permission: messages.resend },
      schema: {
        tags,
        summary:
          'Queues a failed (or sent) outbound message again, composed afresh with a new control id (audited)',
        params: idParam,
        response: { 200: envelopeOf(hl7MessageView) },
      },
    },
    async (request) => {
      const view = await resendMessage(
        app.db,
        sessionOf(request),
        request.params.id,
        request.lang,
        requestMeta(request),
      );
      void app.hl7Outbox.drain();
      return ok(request, view);
    },
  );
  r.get(
    '/v1/interop/connection',
    {
      config: { permission: messages.list },
      schema: {
        tags,
        summary: "The hospital's HL7 listener and outbound link, and the last day's traffic",
        response: { 200: envelopeOf(hl7ConnectionView) },
      },
    },
    async (request) =>
      ok(
        request,
        await connectionOf(
          app.db,
          sessionOf(request),
          { listeners: app.hl7, outbox: app.hl7Outbox },
          app.clock(),
          request.lang,
        ),
      ),
  );
  r.get(
    '/v1/interop/test/wristband',
    {
      config: { permission: device.test },
      schema: {
        tags,
        summary: 'What a wristband scanner typed (as code points) and the patient it finds',
        querystring: wristbandTestQuerySchema,
        response: { 200: envelopeOf(wristbandTestView) },
      },
    },
    async (request) =>
      ok(request, await wristbandTest(app.db, sessionOf(request), request.query.code, request.lang)),
  );
  r.get(
    '/v1/interop/test/meter',
    {
      config: { permission: device.test },
      schema: {
        tags,
        summary: 'Whether a meter serial is known, enabled and not QC-locked; its last readings and messages',
        querystring: meterTestQuerySchema,
        response: { 200: envelopeOf(meterTestView) },
      },
    },
    async (request) =>
      ok(
        request,
        await meterTest(app.db, sessionOf(request), request.query.serial, request.lang, app.clock()),
      ),
  );
  r.post(
    '/v1/interop/test/hl7',
    {
      config: { permission: device.test },
      schema: {
        tags,
        summary: "Sends an HL7 message to the hospital's own listener over MLLP and answers its ACK",
        body: hl7TestMessageSchema,
        response: { 200: envelopeOf(hl7TestResultView) },
      },
    },
    async (request) =>
      ok(request, await sendTestMessage(app.db, sessionOf(request), app.hl7, request.body.text)),
  );
}
