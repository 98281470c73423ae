import { z } from 'zod';
import {
  CONSULTATION_SOURCES,
  CONSULTATION_STATUSES,
  CONSULTATION_URGENCIES,
} from '../consultations/consultation';
import { readingView } from './measurements';

/** One consultation (issue 17) as the lists and the detail answer it; names in the request language. */
export const consultationView = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  patientDepartmentCode: z.string(),
  requestDepartmentCode: z.string(),
  requestDepartmentName: z.string(),
  requestDoctorId: z.number().nullable(),
  requestDoctorName: z.string().nullable(),
  consultDepartmentCode: z.string(),
  consultDepartmentName: z.string(),
  consultDoctorId: z.number().nullable(),
  consultDoctorName: z.string().nullable(),
  requestedAt: z.string(),
  /** as entered; for an auto consultation built in the request language from its trigger and reading */
  description: z.string(),
  urgency: z.enum(CONSULTATION_URGENCIES),
  urgencyName: z.string(),
  status: z.enum(CONSULTATION_STATUSES),
  statusName: z.string(),
  source: z.enum(CONSULTATION_SOURCES),
  sourceName: z.string(),
  triggerItem: z.string().nullable(),
  triggerDate: z.string().nullable(),
  triggerMeasurementId: z.number().nullable(),
  record: z.string().nullable(),
  lastActivityAt: z.string(),
  finishedAt: z.string().nullable(),
  finishedByName: z.string().nullable(),
  closeReason: z.string().nullable(),
  replyCount: z.number(),
  /** something newer than the caller last opened it (never opened: unread) */
  unread: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
});
export type ConsultationView = z.infer<typeof consultationView>;

/** One reply of the thread. */
export const consultationReplyView = z.object({
  id: z.number(),
  authorId: z.number(),
  authorName: z.string(),
  authorDepartmentCode: z.string().nullable(),
  authorDepartmentName: z.string().nullable(),
  text: z.string().nullable(),
  /** the suggestions as they were named when replied */
  suggestions: z.array(z.object({ id: z.number(), name: z.string() })),
  createdAt: z.string(),
});
export type ConsultationReplyView = z.infer<typeof consultationReplyView>;

/** `GET /v1/consultations/logs`: the consultation, the patient in brief, recent readings and the thread. */
export const consultationDetailView = z.object({
  consultation: consultationView,
  patient: z.object({
    id: z.number(),
    name: z.string(),
    gender: z.string(),
    age: z.number().nullable(),
    bed: z.string().nullable(),
    inpatientNumber: z.string().nullable(),
    departmentCode: z.string(),
    departmentName: z.string(),
    status: z.string(),
    /** no diagnosis is kept with the patient yet: null */
    diagnosis: z.string().nullable(),
  }),
  /** the patient's glucose readings of the last 3 days (hospital calendar), latest first */
  readings: z.array(readingView),
  timeZone: z.string(),
  replies: z.array(consultationReplyView),
  /** what the caller may do: reply (in progress, inbox permission or a side's doctor), finish */
  canReply: z.boolean(),
  canFinish: z.boolean(),
  /** the enabled management suggestions the reply box picks from (empty when the caller cannot reply) */
  suggestions: z.array(
    z.object({ id: z.number(), title: z.string(), content: z.string(), category: z.string() }),
  ),
});
export type ConsultationDetailView = z.infer<typeof consultationDetailView>;

/** `GET /v1/consultations/unread`: the menu badges. */
export const consultationUnreadView = z.object({
  /** inbox consultations (consulting department in scope) with news the caller has not opened */
  inbox: z.number(),
  /** own requests (requesting department in scope) with replies or changes not opened */
  requests: z.number(),
});
export type ConsultationUnreadView = z.infer<typeof consultationUnreadView>;

/** What the request dialog offers: the patient's department and its doctors, departments and their staff. */
export const consultationOptionsView = z.object({
  requestDepartment: z.object({ code: z.string(), name: z.string() }),
  requestDoctors: z.array(z.object({ id: z.number(), name: z.string() })),
  departments: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      staff: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
});
export type ConsultationOptionsView = z.infer<typeof consultationOptionsView>;
