/**
 * Every permission code of the product, by the screen it guards. A code is what a route requires
 * (`config: { permission }`), what a shipped menu or button carries (`db/seed/menus.ts`, granted to
 * roles), what the web checks to show an action, and what `docs/api.md` names; all four take it from
 * here, and a server test (`http/permission-codes.test.ts`) fails when they disagree.
 *
 * The string values are stored in every tenant's `menus.permission` and known to clients: never
 * respell one. Within an area the key is the code's last segment (`list` reads the page, `edit`
 * adds and changes, `delete`...), because the menu seed names a page's buttons by it.
 */
export const PERMISSIONS = {
  /** the home page: the inpatient list and what ward staff do to a patient */
  inpatients: {
    list: 'patient:inpatient:list',
    /** admit, edit and delete patients */
    admit: 'patient:inpatient:admit',
    transfer: 'patient:inpatient:transfer',
    /** discharge and readmit */
    discharge: 'patient:inpatient:discharge',
  },
  /** glucose events (meals, insulin, exercise...) recorded on a patient */
  patientEvents: { edit: 'patient:event:edit' },
  /** recording glucose, ketone and uric-acid readings at the bedside */
  measurementEntry: { edit: 'measurement:record:edit' },
  /** insulin records of a patient (issue 16): enter, correct, delete; confirm a dose as given */
  insulinRecords: { edit: 'insulin:record:edit', confirm: 'insulin:record:confirm' },
  tasks: { list: 'patient:task:list' },
  criticalValues: { list: 'patient:critical:list', handle: 'patient:critical:handle' },
  dischargedPatients: { list: 'patient:discharged:list' },
  approval: { list: 'measurement:approval:list', approve: 'measurement:approval:approve' },
  measurementData: {
    list: 'measurement:data:list',
    /** correct and delete readings */
    edit: 'measurement:data:edit',
    export: 'measurement:data:export',
  },
  /** readings uploaded by glucose meters and the HIS */
  meterUpload: { create: 'measurement:upload:create' },
  departmentStatistics: { list: 'statistics:department:list' },
  yearStatistics: { list: 'statistics:year:list' },
  /**
   * medical orders of a patient (issue 17, the patient tab "Orders"): order, stop, delete in error;
   * reading them goes with the patient
   */
  patientOrders: { edit: 'patient:order:edit' },
  /** medication orders (issue 17): the ward's list (page) and ordering, stopping, deleting in error */
  medicationOrders: { list: 'patient:medication:list', edit: 'patient:medication:edit' },
  /** consultations (issue 17): the consulting department's inbox and its replies, completion and closing */
  consultationInbox: { list: 'consultation:inbox:list', reply: 'consultation:inbox:reply' },
  /** consultations (issue 17): the requests of one's own departments, and requesting one */
  consultationRequests: { list: 'consultation:request:list', create: 'consultation:request:create' },
  /** the "Virtual ward" menu group (issue 18, 虚拟病房) */
  virtualWard: {
    /** current virtual-ward patients (the page); join, exit, batch end, labels, mark and suggestion */
    current: { list: 'virtualward:current:list', edit: 'virtualward:current:edit' },
    /** past stays (the page) */
    history: { list: 'virtualward:history:list' },
    /** the daily review worklist (the page) and writing a review (follow-up record) */
    worklist: { list: 'virtualward:worklist:list', review: 'virtualward:worklist:review' },
    /** follow-up records of every patient and specialist (the page) */
    followups: { list: 'virtualward:followup:list' },
    /** workload of the specialists (the page) */
    workload: { list: 'virtualward:workload:list' },
    /** test-time statistics (the page) */
    testTime: { list: 'virtualward:testtime:list' },
    /** chart statistics (the page) */
    charts: { list: 'virtualward:chart:list' },
    /** outcomes as patient-days, before and after joining (the page) */
    outcomes: { list: 'virtualward:outcome:list' },
  },
  /** outpatients of the out-of-hospital mode (issue 18): the page, and registering and moving them */
  outpatients: { list: 'patient:outpatient:list', register: 'patient:outpatient:register' },
  /** laboratory results of a patient (issue 18: HbA1c), entered by hand until the HL7 feed (issue 21) */
  labResults: { edit: 'patient:lab:edit' },
  /** the "Quality control" menu group (issue 19, 质控管理) */
  quality: {
    /** QC records (the page); entering, editing and deleting a control run */
    records: { list: 'quality:record:list', edit: 'quality:record:edit' },
    /** monthly reports (the page); submitting one; verifying (archiving) or rejecting one */
    reports: {
      list: 'quality:report:list',
      submit: 'quality:report:submit',
      verify: 'quality:report:verify',
    },
    /** the Levey-Jennings curve (the page) */
    curve: { list: 'quality:curve:list' },
    /** QC statistics per analyzer, department and month (the page) */
    statistics: { list: 'quality:statistics:list' },
    /** meter accuracy against the laboratory, ISO 15197:2013 (the page) */
    accuracy: { list: 'quality:accuracy:list' },
    /** analyzers (the page); add, edit, enable and stop, delete */
    analyzers: { list: 'quality:analyzer:list', edit: 'quality:analyzer:edit' },
    /** a coordinator's override of a schedule or lot lockout, and releasing readings held by a lockout */
    lockout: { override: 'quality:lock:override', release: 'quality:lock:release' },
    /** spare analyzers and their lending (the page); lending and taking back */
    spares: { list: 'quality:spare:list', lend: 'quality:spare:lend' },
    /** control solutions (the page); add, edit, open, change status, delete */
    controls: { list: 'quality:control:list', edit: 'quality:control:edit' },
    /** test strip lots (the page); add, edit, delete */
    strips: { list: 'quality:strip:list', edit: 'quality:strip:edit' },
    /** the QC strategy: Westgard rules, schedule, lockout (the page) and changing it */
    strategy: { list: 'quality:strategy:list', edit: 'quality:strategy:edit' },
  },
  /** wall screens and the ward dashboard (issue 20) */
  monitor: {
    /** the ward-wide dashboard of the wards in the user's scope (the page) */
    wardDashboard: { list: 'monitor:ward:list' },
    /** wall-screen links (the page); creating and revoking one */
    screenLinks: { list: 'monitor:link:list', edit: 'monitor:link:edit' },
  },
  /** interoperability with the hospital's HIS, LIS and EMR (issue 21) */
  interop: {
    /** the interface screen: HL7 messages in and out, their parsed view and raw text, the connection */
    messages: { list: 'interop:message:list', resend: 'interop:message:resend' },
    /** the read-only FHIR R4 API (Patient, Encounter, Observation, Device, Practitioner) */
    fhir: { read: 'interop:fhir:read' },
    /** the device test page: wristband scan, a meter's last messages, a test HL7 message */
    device: { test: 'interop:device:test' },
  },
  /** the "Insulin pump management" menu group (issue 16) */
  pumps: {
    /** the pump register: read, add and edit, enable and stop, delete */
    register: { list: 'pump:register:list', edit: 'pump:register:edit', delete: 'pump:register:delete' },
    /** remaining battery and dose reported by a pump gateway or read off the pump */
    report: { create: 'pump:report:create' },
    /** who wears which pump now (the page); up-pump, down-pump, tube changes and basal profiles */
    patients: { list: 'pump:patient:list' },
    binding: { edit: 'pump:binding:edit' },
    /** every binding, tube change and setting change of the pumps (the page) */
    history: { list: 'pump:history:list' },
    manufacturers: {
      list: 'pump:manufacturer:list',
      edit: 'pump:manufacturer:edit',
      delete: 'pump:manufacturer:delete',
    },
  },
  /** the "System administration" menu group */
  system: {
    departments: {
      list: 'system:department:list',
      edit: 'system:department:edit',
      delete: 'system:department:delete',
    },
    staff: {
      list: 'system:user:list',
      edit: 'system:user:edit',
      delete: 'system:user:delete',
      resetPassword: 'system:user:resetPassword',
    },
    /** roles and what they are granted */
    roles: { list: 'system:role:list', edit: 'system:role:edit', delete: 'system:role:delete' },
    menus: { list: 'system:menu:list', edit: 'system:menu:edit', delete: 'system:menu:delete' },
    drugs: { list: 'system:drug:list', edit: 'system:drug:edit', delete: 'system:drug:delete' },
    orderTemplates: {
      list: 'system:template:list',
      edit: 'system:template:edit',
      delete: 'system:template:delete',
    },
    glucoseEvents: { list: 'system:event:list', edit: 'system:event:edit', delete: 'system:event:delete' },
    /** virtual-ward management suggestions */
    suggestions: {
      list: 'system:suggestion:list',
      edit: 'system:suggestion:edit',
      delete: 'system:suggestion:delete',
    },
    dictionaries: {
      list: 'system:dictionary:list',
      edit: 'system:dictionary:edit',
      delete: 'system:dictionary:delete',
    },
    auditLog: { list: 'system:audit:list' },
    hospitalName: { edit: 'system:tenant:edit' },
  },
  /** the "Hospital settings" menu group: `list` reads a page's admin view, `edit` is every change */
  settings: {
    /** hospital information and communication (time zone among them) */
    hospital: { list: 'settings:hospital:list', edit: 'settings:hospital:edit' },
    /** glucose and insulin periods */
    periods: { list: 'settings:period:list', edit: 'settings:period:edit' },
    criticalValues: { list: 'settings:crisis:list', edit: 'settings:crisis:edit' },
    qcTargets: { list: 'settings:target:list', edit: 'settings:target:edit' },
    /** units, patient tags, order frequencies and reasons */
    catalogues: { list: 'settings:catalogue:list', edit: 'settings:catalogue:edit' },
    /** symptoms and plans */
    symptoms: { list: 'settings:symptom:list', edit: 'settings:symptom:edit' },
    /** inspection (lab) packages, items and their mapping */
    labItems: { list: 'settings:inspection:list', edit: 'settings:inspection:edit' },
    /** consultation, monitoring, wall-screen, TIR and virtual-ward strategies */
    strategies: { list: 'settings:strategy:list', edit: 'settings:strategy:edit' },
    system: { list: 'settings:system:list', edit: 'settings:system:edit' },
    passwordPolicy: { list: 'settings:password:list', edit: 'settings:password:edit' },
  },
} as const;

type CodesOf<T> = T extends string ? T : { [K in keyof T]: CodesOf<T[K]> }[keyof T];

/** A permission code of the map: route configs and the web's checks accept nothing else. */
export type PermissionCode = CodesOf<typeof PERMISSIONS>;

/** The codes of an area whose keys are the codes' last segments (`{ list, edit, delete }`). */
export type PermissionArea = Readonly<Record<string, PermissionCode>>;

function codesOf(node: unknown): PermissionCode[] {
  if (typeof node === 'string') return [node as PermissionCode];
  return Object.values(node as Record<string, unknown>).flatMap(codesOf);
}

/** Every code of the map, in its order. */
export const PERMISSION_CODES: readonly PermissionCode[] = codesOf(PERMISSIONS);

const KNOWN_CODES: ReadonlySet<string> = new Set(PERMISSION_CODES);

/** Whether `code` is a code of the map (menus edited by an administrator may carry any text). */
export function isPermissionCode(code: string): code is PermissionCode {
  return KNOWN_CODES.has(code);
}
