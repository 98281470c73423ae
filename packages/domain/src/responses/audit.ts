import { z } from 'zod';

/** One audit row: who did what to which record, with the values before and after. */
export const auditRecordView = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  patientId: z.number().nullable(),
  entityName: z.string().describe("the kind's name in the request language"),
  label: z.string().nullable().describe('the name of the record, when something names it'),
  // the record's own JSON as stored: its shape is the audited entity's
  before: z
    .unknown()
    .describe('as stored; role permission changes as { permissions: { "Page › Button": code } }'),
  after: z.unknown(),
  reason: z.string().nullable(),
  reasonText: z.string().nullable().describe('the reason in the request language'),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordView>;
