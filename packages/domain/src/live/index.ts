export * from './sse';

import { z } from 'zod';

/**
 * The push channel's events (issue 15: one channel for bed cards, tasks, critical values, and later
 * consultations and wall screens). An event says WHAT changed and WHERE (tenant, departments, patients,
 * users), never the clinical content: a browser that hears of a change reads it again through the
 * ordinary API, which applies the user's scope and language once more. That keeps the payload far
 * under PostgreSQL's 8,000-byte NOTIFY limit and keeps patient data out of the channel.
 */
export const LIVE_TOPICS = [
  /** readings written, corrected, deleted or restored */
  'readings',
  /** a critical value opened, voided, acknowledged, handled, escalated or rechecked */
  'critical',
  /** admissions, transfers, discharges and changes of a patient */
  'patients',
  /** medical and medication orders given, stopped or deleted (issue 17: monitoring orders change the tasks) */
  'orders',
  /** consultations requested (by hand or automatically), replied to, completed or closed (issue 17) */
  'consultations',
  /** virtual-ward joins and exits, follow-up records (issue 18) */
  'virtualWard',
  /** control runs, analyzer lock changes, lots, loans and monthly reports (issue 19) */
  'quality',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export const liveEventSchema = z.object({
  topic: z.enum(LIVE_TOPICS),
  tenantId: z.string(),
  /** the departments the change belongs to: users whose scope holds one of them hear it */
  departments: z.array(z.string()),
  patientIds: z.array(z.number().int()),
  /** users told whatever their scope (e.g. the patient's doctor) */
  userIds: z.array(z.number().int()).default([]),
  /** critical events concerned (topic `critical`, and `readings` that opened one) */
  criticalIds: z.array(z.number().int()).default([]),
  /** the server time of the write, ms since the epoch (clients and the bench measure latency from it) */
  at: z.number(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** What a browser receives: the event without the tenant (implied by the session). */
export type LiveMessage = Omit<LiveEvent, 'tenantId'>;

/** Server-Sent Events names on the stream besides the topics. */
export const LIVE_STREAM_EVENTS = {
  /** the stream is open and subscribed (data: { at }) */
  ready: 'ready',
  /** the session ended (signed out, revoked, expired): the client stops and does not retry */
  sessionEnded: 'session-ended',
} as const;

/** How often the server sends a comment line so that proxies and idle timers keep the stream open. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** How often the server checks that the stream's session is still valid (and re-reads its scope). */
export const LIVE_SESSION_CHECK_MS = 30_000;
