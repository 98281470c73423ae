/**
 * The bench hospital: a PostgreSQL database `gc_bench_hospital` migrated by the app's own migrator and
 * filled with one 2,000-bed hospital (tenant 900): 40 wards of 50 beds, doctors, nurses and a reviewer
 * per ward, 2,000 in-hospital patients and the patients discharged over the year, a year of 7-point
 * glucose for every stay plus ketone and uric acid, critical-value events, ~80 % approved.
 *
 * BENCH_YEARS=N (1-10, default 1; issue 22) spans N years instead, in its own database
 * `gc_bench_hospital_Ny`: the last year is the one-year hospital's (the same stays, patients and ids,
 * drawn from the same seed; only the readings' random scatter differs), and each bed's years before it
 * are further stays (other patients, ids after the last year's), so the N-year hospital differs from
 * the one-year one only by older history.
 *
 * Set-based: patients go in as one INSERT ... SELECT FROM unnest(arrays); readings are made by
 * PostgreSQL itself (INSERT ... SELECT over generate_series of each stay's days × the periods), with
 * the measurement indexes dropped during the load and rebuilt afterwards, then VACUUM ANALYZE.
 *
 * Classification: the app's own write-time classifier (`loadClassifier`, i.e. the domain's
 * `classifyMeasurement` with the tenant's seeded settings) is run in Node on every distinct
 * (item, period, ward, age, value) a reading can have — values are meter resolution (0.1 mmol/L,
 * 1 µmol/L) — and the readings join that table in SQL. So every stored classification, grade and
 * colour is exactly what the app would have written.
 *
 * The database is reused while its `bench_meta` row carries this generator's version;
 * BENCH_REGENERATE=1 forces a new one.
 */
import { performance } from 'node:perf_hooks';
import type { MeasurementItem } from '@glucocare/domain';
import pg from 'pg';
import { createDb } from '../../../apps/server/src/db/client';
import { runMigrations } from '../../../apps/server/src/db/migrate';
import { departments, roles, settings, tenants, units } from '../../../apps/server/src/db/schema';
import { seedCatalogues } from '../../../apps/server/src/db/seed/catalogues';
import { seedHospitalSettings } from '../../../apps/server/src/db/seed/hospital-settings';
import { ensureShippedMenus } from '../../../apps/server/src/db/seed/menus';
import { hashPassword } from '../../../apps/server/src/modules/auth/service';
import { loadClassificationSettings } from '../../../apps/server/src/modules/crisis/classification-settings';
import { loadClassifier } from '../../../apps/server/src/modules/measurements/classify-at-write';
import { hospitalTimeZone } from '../../../apps/server/src/modules/settings/time-zone';
import { BEDS_PER_WARD, GIVEN_FEMALE, GIVEN_MALE, SURNAMES, WARDS, type Ward } from './catalogue';
import { generateInsulin } from './insulin';

/** Bump when the generated data change shape: an older database is then generated anew. */
// 3: the derived rows (day counts, issue 20's latest readings and open critical values) built after the load
export const GENERATOR_VERSION = 3;
/** BENCH_DATABASE: another name, so that several working trees on one PostgreSQL keep a bench hospital each. */
export const DATABASE_NAME = process.env.BENCH_DATABASE || 'gc_bench_hospital';

/** BENCH_YEARS: how many years of stays and readings the hospital spans (1-10, default 1). */
export function benchYears(): number {
  const raw = process.env.BENCH_YEARS?.trim();
  if (!raw) return 1;
  const years = Number(raw);
  if (!Number.isInteger(years) || years < 1 || years > 10) {
    throw new Error(`BENCH_YEARS=${raw}: an integer from 1 to 10`);
  }
  return years;
}

/** The database of a hospital of `years` years: DATABASE_NAME for one, `${DATABASE_NAME}_${years}y` beyond. */
export function databaseNameFor(years: number): string {
  return years === 1 ? DATABASE_NAME : `${DATABASE_NAME}_${years}y`;
}
export const BENCH_TENANT = '900';
export const BENCH_PASSWORD = 'Bench@2026';
/** The password of the ward staff (`d_endo_1`, `n_endo_1`, `r_endo`, …). */
export const STAFF_PASSWORD = 'Staff@2026';
/** The ward of the dashboard, patient-tab, data-management and upload scenarios. */
export const BENCH_WARD = 'ENDO';
/** Bench accounts: 20 nurses of the bench ward, 20 administrators (all wards). */
export const BENCH_USERS = 20;
export const benchNurse = (n: number) => `bench_n${String(n).padStart(2, '0')}`;
export const benchAdmin = (n: number) => `bench_a${String(n).padStart(2, '0')}`;

const DOCTORS_PER_WARD = 4;
const NURSES_PER_WARD = 8;
const DAY = 86_400_000;

export interface HospitalCounts {
  wards: number;
  beds: number;
  staff: number;
  patients: number;
  inHospital: number;
  discharged: number;
  glucose: number;
  ketone: number;
  uricAcid: number;
  measurements: number;
  untested: number;
  approved: number;
  critical: number;
  criticalEvents: number;
  criticalOpen: number;
  databaseSize: string;
}

export interface HospitalInfo {
  url: string;
  version: number;
  /** years of stays and readings (absent in databases generated before issue 22: one) */
  years?: number;
  generatedAt: string;
  /** readings run up to this instant (the generation time); the scenarios' date windows end here */
  dataEnd: string;
  timeZone: string;
  generationSeconds: number;
  /** a long-stay patient of the bench ward with a year of 7-point glucose */
  yearPatientId: number;
  counts: HospitalCounts;
  /** insulin and pumps (generator v2, issue 16) */
  insulin?: { insulinRecords: number; pumps: number; bindings: number; basalProfiles: number };
  /** true when an existing database of this version was reused */
  reused: boolean;
  /** reused: seconds the pending migrations took (e.g. issue 22's conversion to partitions) */
  migrationSeconds?: number;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** mulberry32: a small seeded PRNG, so the stays and patients are the same at every generation. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function log(message: string) {
  process.stdout.write(`[hospital] ${message}\n`);
}

export interface EnsureOptions {
  /** years of history (default: BENCH_YEARS, else 1) */
  years?: number;
  /**
   * when the tree's migrations do not apply to a reusable database: generate it anew (the default), or
   * throw and leave it as it is (a big hospital is not dropped for a broken migration)
   */
  onMigrationFailure?: 'regenerate' | 'throw';
}

/** The bench hospital database, reused when its generator version matches, else generated. */
export async function ensureHospital(baseUrl: string, options: EnsureOptions = {}): Promise<HospitalInfo> {
  const years = options.years ?? benchYears();
  const name = databaseNameFor(years);
  const url = withDatabase(baseUrl, name);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (exists && process.env.BENCH_REGENERATE !== '1') {
    const stored = await readMeta(url);
    if (stored?.version === GENERATOR_VERSION && (stored.years ?? 1) === years) {
      // pending migrations (e.g. a new index) apply to the reused data as at any app start
      const handle = createDb(url, console);
      try {
        const started = performance.now();
        await runMigrations(handle.db);
        await admin.end();
        await analyzeIfRebuilt(url, name);
        const seconds = (performance.now() - started) / 1000;
        log(
          `reusing ${name} (generator v${GENERATOR_VERSION}, ${years} year${years > 1 ? 's' : ''}, generated ${stored.generatedAt}; migrations ${seconds.toFixed(1)} s)`,
        );
        return { ...stored, years, url, reused: true, migrationSeconds: Math.round(seconds * 10) / 10 };
      } catch (error) {
        if (options.onMigrationFailure === 'throw') {
          await admin.end().catch(() => {});
          throw new Error(
            `the tree's migrations do not apply to ${name}: ${(error as Error).cause ?? error}`,
          );
        }
        // a migration rewritten since the data were generated: the schema cannot be brought up to date
        log(
          `the tree's migrations do not apply to ${name} (${(error as Error).cause ?? error}): generating anew`,
        );
      } finally {
        await handle.close();
      }
    } else {
      log(
        `${name} is of another generator version or span (${stored?.version ?? 'none'}, ${stored?.years ?? 1} y): generating anew`,
      );
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const info = await generate(url, years);
  return { ...info, url, reused: false };
}

/**
 * A migration that rebuilt `measurements` (0027, the monthly partitions) leaves it without statistics:
 * the generator's VACUUM ANALYZE was of the old table, autovacuum never analyzes a partitioned table's
 * parent (and may be off, as on the CI PostgreSQL). Planned without them the patient tab, the data
 * page and the report ran 2-20 × slower (docs/bench.md, issue 22): analyzed here as after a generation.
 */
async function analyzeIfRebuilt(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'measurements'`,
    );
    if (rows[0]?.n) return;
    const started = performance.now();
    await client.query('vacuum (analyze) measurements');
    log(
      `${name}: measurements had no statistics (rebuilt by a migration): analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

async function readMeta(
  url: string,
): Promise<Omit<HospitalInfo, 'url' | 'reused' | 'migrationSeconds'> | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: Omit<HospitalInfo, 'url' | 'reused'> }>(
      `select value from bench_meta where key = 'hospital'`,
    );
    return rows[0]?.value ?? null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

const ROLES = [
  { code: 'tenant_admin', name: '机构管理员', nameEn: 'Administrator' },
  { code: 'doctor', name: '医生', nameEn: 'Doctor' },
  { code: 'nurse', name: '护士', nameEn: 'Nurse' },
  { code: 'reviewer', name: '审核员', nameEn: 'Reviewer' },
];

interface Staff {
  userName: string;
  nickName: string;
  role: string;
  department: string | null;
  scope: 'all' | 'departments';
  password: 'staff' | 'bench';
}

function chineseName(random: () => number, female: boolean): string {
  const surname = SURNAMES[Math.floor(random() * SURNAMES.length)];
  const given = female ? GIVEN_FEMALE : GIVEN_MALE;
  const first = given[Math.floor(random() * given.length)];
  return random() < 0.55 ? surname + first + given[Math.floor(random() * given.length)] : surname + first;
}

function staffList(random: () => number): Staff[] {
  const list: Staff[] = [];
  for (const ward of WARDS) {
    const code = ward.code.toLowerCase();
    for (let i = 1; i <= DOCTORS_PER_WARD; i++) {
      const female = random() < 0.45;
      list.push({
        userName: `d_${code}_${i}`,
        nickName: `${chineseName(random, female)}`,
        role: 'doctor',
        department: ward.code,
        scope: 'departments',
        password: 'staff',
      });
    }
    for (let i = 1; i <= NURSES_PER_WARD; i++) {
      list.push({
        userName: `n_${code}_${i}`,
        nickName: chineseName(random, random() < 0.92),
        role: 'nurse',
        department: ward.code,
        scope: 'departments',
        password: 'staff',
      });
    }
    list.push({
      userName: `r_${code}`,
      nickName: chineseName(random, random() < 0.6),
      role: 'reviewer',
      department: ward.code,
      scope: 'departments',
      password: 'staff',
    });
  }
  for (let i = 1; i <= BENCH_USERS; i++) {
    list.push({
      userName: benchNurse(i),
      nickName: `Bench nurse ${i}`,
      role: 'nurse',
      department: BENCH_WARD,
      scope: 'departments',
      password: 'bench',
    });
    list.push({
      userName: benchAdmin(i),
      nickName: `Bench administrator ${i}`,
      role: 'tenant_admin',
      department: null,
      scope: 'all',
      password: 'bench',
    });
  }
  return list;
}

interface Stay {
  id: number;
  ward: Ward;
  bed: number;
  admittedAt: number;
  dischargedAt: number | null;
  female: boolean;
  name: string;
  dateOfBirth: string;
  age: number;
  base: number;
  uaMean: number;
  ket: boolean;
  ua: boolean;
  doctor: number;
  heightCm: number;
  weightKg: number;
  tags: string[];
}

/**
 * Every bed's stays over the year, walking back from now: the current stay (2,000 in hospital), then
 * alternately a gap (the bed holds a patient who needs no glucose monitoring) and an earlier stay of a
 * monitored patient. Stays of 3-18 days and gaps of 3-16 days put monitored patients in about half of
 * the bed-days: 2,000 × 365 × ~0.51 × 7 ≈ 2.6 M glucose. Bed 1 of each ward is a long-stay patient
 * admitted a year ago (the "patient with a year of data").
 *
 * More than one year: the last year exactly as above (the same draws of `random`, so the same stays,
 * patients and ids), then each bed's years before it, walking back from the earliest of its last-year
 * admission and one year ago, with draws of their own: those stays get the ids after the last year's.
 * The long-stay patients stay a year long; their beds had other patients before.
 */
function planStays(now: number, random: () => number, years = 1): Stay[] {
  const yearStart = now - 365 * DAY;
  const horizon = now - years * 365 * DAY;
  const older = prng(20260505 + years);
  const stays: Stay[] = [];
  const olderStays: { ward: Ward; bed: number; admittedAt: number; dischargedAt: number }[] = [];
  const walkBack = (ward: Ward, bed: number, from: number) => {
    let cursor = from;
    for (;;) {
      const dischargedAt = cursor - (3 + older() * 13) * DAY;
      const admittedAt = dischargedAt - (3 + older() * 15) * DAY;
      if (admittedAt < horizon) break;
      olderStays.push({ ward, bed, admittedAt, dischargedAt });
      cursor = admittedAt;
    }
  };
  const person = (
    ward: Ward,
    bed: number,
    admittedAt: number,
    dischargedAt: number | null,
    random: () => number,
  ): Stay => {
    const female = ward.women ? true : random() < 0.47;
    const age = ward.minAge + Math.floor(random() * (ward.maxAge - ward.minAge + 1));
    const birth = new Date(admittedAt - age * 365.25 * DAY - random() * 360 * DAY);
    const diabetic = random() < (ward.glucose[1] > 10 ? 0.85 : 0.45);
    const [low, high] = ward.glucose;
    const base = diabetic
      ? low + (high - low) * (0.35 + 0.65 * random())
      : low + (high - low) * 0.4 * random();
    const endocrine = ward.code.startsWith('ENDO');
    const ket = random() < (endocrine ? 0.6 : ward.glucose === WARDS[1].glucose ? 0.35 : 0.2);
    const ua = random() < (ward.code === 'NEPH' || ward.code === 'RHEU' ? 0.7 : endocrine ? 0.5 : 0.18);
    const child = age < 14;
    const heightCm = child
      ? 75 + age * 6 + random() * 10
      : female
        ? 150 + random() * 20
        : 160 + random() * 22;
    const bmi = child ? 15 + random() * 4 : 19 + random() * 11;
    const tags: string[] = [];
    if (dischargedAt === null && now - admittedAt < DAY) tags.push('新入院');
    if (ward.code === 'OBST') tags.push('妊娠');
    if (diabetic && random() < 0.12) tags.push('低血糖风险');
    if (endocrine && diabetic && random() < 0.06) tags.push('胰岛素泵');
    if (/SURG|ORTH|URO|HPB|ENT|OPHT/.test(ward.code) && random() < 0.5) tags.push('围手术期');
    return {
      id: stays.length + 1,
      ward,
      bed,
      admittedAt,
      dischargedAt,
      female,
      name: chineseName(random, female),
      dateOfBirth: birth.toISOString().slice(0, 10),
      age,
      base: Math.round(base * 100) / 100,
      uaMean: Math.round(female ? 230 + random() * 250 : 280 + random() * 280),
      ket,
      ua,
      doctor: 1 + Math.floor(random() * DOCTORS_PER_WARD),
      heightCm: Math.round(heightCm),
      weightKg: Math.round(((bmi * heightCm * heightCm) / 10_000) * 10) / 10,
      tags,
    };
  };
  for (const ward of WARDS) {
    for (let bed = 1; bed <= BEDS_PER_WARD; bed++) {
      if (bed === 1) {
        const admittedAt = yearStart - DAY * (1 + random());
        stays.push(person(ward, bed, admittedAt, null, random));
        if (years > 1) walkBack(ward, bed, admittedAt);
        continue;
      }
      const length = 3 + random() * 15;
      let admittedAt = now - Math.max(0.05, random() * length) * DAY;
      stays.push(person(ward, bed, admittedAt, null, random));
      for (;;) {
        const dischargedAt = admittedAt - (3 + random() * 13) * DAY;
        const earlier = dischargedAt - (3 + random() * 15) * DAY;
        if (earlier < yearStart) break;
        stays.push(person(ward, bed, earlier, dischargedAt, random));
        admittedAt = earlier;
      }
      if (years > 1) walkBack(ward, bed, Math.min(admittedAt, yearStart));
    }
  }
  for (const stay of olderStays) {
    stays.push(person(stay.ward, stay.bed, stay.admittedAt, stay.dischargedAt, older));
  }
  return stays;
}

/** Minutes from midnight of an "HH:mm" period bound ("24:00" is the end of the day). */
function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

async function generate(url: string, years: number): Promise<Omit<HospitalInfo, 'url' | 'reused'>> {
  const started = performance.now();
  let stepStarted = started;
  const step = (what: string) => {
    const now = performance.now();
    log(`${what} (${((now - stepStarted) / 1000).toFixed(1)} s)`);
    stepStarted = now;
  };
  const handle = createDb(url, console);
  await runMigrations(handle.db);
  step('migrated');
  const nowMs = Math.floor(Date.now() / 60_000) * 60_000;
  const random = prng(20260505);

  // 1. the tenant: wards, roles, units, settings, catalogues, menus
  await handle.db.transaction(async (tx) => {
    await tx.insert(tenants).values({
      id: BENCH_TENANT,
      nameEn: 'GlucoCare Bench Hospital (2,000 beds)',
      nameZh: '糖护基准医院（2000 床）',
      organizationCode: BENCH_TENANT,
    });
    await tx.insert(departments).values(
      WARDS.map((ward, sort) => ({
        tenantId: BENCH_TENANT,
        code: ward.code,
        name: ward.nameZh,
        nameEn: ward.nameEn,
        sort,
      })),
    );
    await tx.insert(roles).values(ROLES.map((role) => ({ tenantId: BENCH_TENANT, ...role })));
    await tx.insert(units).values([
      { tenantId: BENCH_TENANT, category: 'GLU', code: 'mmolL', name: 'mmol/L' },
      { tenantId: BENCH_TENANT, category: 'KET', code: 'mmolL', name: 'mmol/L' },
      { tenantId: BENCH_TENANT, category: 'UA', code: 'umolL', name: 'μmol/L' },
    ]);
    await tx.insert(settings).values([
      {
        tenantId: BENCH_TENANT,
        key: 'password.policy',
        value: { minLength: 6, maxLength: 12, strong: true, expiryMonths: 0 },
      },
      { tenantId: BENCH_TENANT, key: 'his.sso', value: { enabled: false, secret: null } },
      { tenantId: BENCH_TENANT, key: 'workMode.isOutside', value: false },
    ]);
    await seedCatalogues(tx, BENCH_TENANT);
    await seedHospitalSettings(tx, BENCH_TENANT);
    await ensureShippedMenus(tx, BENCH_TENANT);
  });
  const timeZone = await hospitalTimeZone(handle.db, BENCH_TENANT);
  step('tenant, 40 wards, settings and menus');

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // bulk load: no FK triggers (the data are consistent by construction), no fsync wait per commit
    await client.query(`set session_replication_role = replica`);
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '64MB'`);

    // 2. staff: one password hash for all (argon2 is slow by design)
    const staff = staffList(random);
    const staffHash = await hashPassword(STAFF_PASSWORD);
    const benchHash = await hashPassword(BENCH_PASSWORD);
    await client.query(
      `insert into users (tenant_id, user_name, nick_name, password_hash, department_code, permission_scope,
                          must_change_password)
       select $1, u, n, case when p = 'bench' then $7 else $8 end, d, s, false
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as t(u, n, d, s, p)`,
      [
        BENCH_TENANT,
        staff.map((s) => s.userName),
        staff.map((s) => s.nickName),
        staff.map((s) => s.department),
        staff.map((s) => s.scope),
        staff.map((s) => s.password),
        benchHash,
        staffHash,
      ],
    );
    await client.query(
      `insert into user_roles (tenant_id, user_id, role_id)
       select u.tenant_id, u.id, r.id
         from unnest($2::text[], $3::text[]) as t(u, role)
         join users u on u.tenant_id = $1 and u.user_name = t.u
         join roles r on r.tenant_id = $1 and r.code = t.role`,
      [BENCH_TENANT, staff.map((s) => s.userName), staff.map((s) => s.role)],
    );
    step(`${staff.length} staff`);

    // 3. patients and their stays
    const stays = planStays(nowMs, random, years);
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    await client.query(
      `insert into patients (tenant_id, id, name, gender, date_of_birth, age, mobile_phone, height_cm, weight_kg,
                             tags, status, inpatient_number, wristband_code, department_code, bed, doctor_code,
                             admitted_at, discharged_at, admission_id, created_at, updated_at)
       overriding system value
       select $1, id, name, gender, dob::date, age, '1' || lpad((id * 7919 % 1000000000)::text, 10, '3'), h, w,
              case when tags = '' then '{}'::text[] else string_to_array(tags, '|') end,
              case when dis is null then 'inHospital' else 'discharged' end,
              'ZY' || lpad(id::text, 8, '0'), 'WB' || lpad(id::text, 8, '0'), dept, bed, doc,
              adm, dis, id, adm, coalesce(dis, adm)
         from unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::int[], $7::float8[], $8::float8[],
                     $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::timestamptz[])
           as t(id, name, gender, dob, age, h, w, tags, dept, bed, doc, adm, dis)`,
      [
        BENCH_TENANT,
        stays.map((s) => s.id),
        stays.map((s) => s.name),
        stays.map((s) => (s.female ? 'female' : 'male')),
        stays.map((s) => s.dateOfBirth),
        stays.map((s) => s.age),
        stays.map((s) => s.heightCm),
        stays.map((s) => s.weightKg),
        stays.map((s) => s.tags.join('|')),
        stays.map((s) => s.ward.code),
        stays.map((s) => String(s.bed)),
        stays.map((s) => `d_${s.ward.code.toLowerCase()}_${s.doctor}`),
        stays.map((s) => iso(s.admittedAt)),
        stays.map((s) => iso(s.dischargedAt)),
      ],
    );
    await client.query(
      `insert into patient_admissions (tenant_id, id, patient_id, inpatient_number, wristband_code, department_code,
                                       bed, doctor_code, admitted_at, discharged_at, created_at)
       overriding system value
       select tenant_id, id, id, inpatient_number, wristband_code, department_code, bed, doctor_code,
              admitted_at, discharged_at, admitted_at
         from patients where tenant_id = $1`,
      [BENCH_TENANT],
    );
    for (const table of ['patients', 'patient_admissions']) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // the stays as the reading generator reads them (dropped at the end)
    await client.query(`create unlogged table bench_stays (
      patient_id bigint primary key, dept text, bed int, admitted_at timestamptz, end_at timestamptz,
      first_day timestamp, last_day timestamp, dob date, base float8, ua_mean float8, ket boolean, ua boolean,
      nurse_ids bigint[], nurse_names text[], reviewer_id bigint, reviewer_name text, doctor_name text)`);
    await client.query(
      `insert into bench_stays
       select p.id, p.department_code, p.bed::int, p.admitted_at, coalesce(p.discharged_at, $2::timestamptz),
              date_trunc('day', p.admitted_at at time zone $3), date_trunc('day', coalesce(p.discharged_at, $2) at time zone $3),
              p.date_of_birth, t.base, t.ua_mean, t.ket, t.ua, n.ids, n.names, r.id, r.nick_name, d.nick_name
         from unnest($4::bigint[], $5::float8[], $6::float8[], $7::boolean[], $8::boolean[]) as t(id, base, ua_mean, ket, ua)
         join patients p on p.tenant_id = $1 and p.id = t.id
         join (select u.department_code, array_agg(u.id order by u.id) ids, array_agg(u.nick_name order by u.id) names
                 from users u where u.tenant_id = $1 and u.user_name like 'n\\_%'
                group by u.department_code) n on n.department_code = p.department_code
         join users r on r.tenant_id = $1 and r.user_name = 'r_' || lower(p.department_code)
         join users d on d.tenant_id = $1 and d.user_name = p.doctor_code`,
      [
        BENCH_TENANT,
        iso(nowMs),
        timeZone,
        stays.map((s) => s.id),
        stays.map((s) => s.base),
        stays.map((s) => s.uaMean),
        stays.map((s) => s.ket),
        stays.map((s) => s.ua),
      ],
    );
    step(`${stays.length} patients and stays`);

    // 4. the classification of every reading a stay can have, by the app's write-time classifier
    const classifier = await loadClassifier(handle.db, BENCH_TENANT);
    const classification = await loadClassificationSettings(handle.db, BENCH_TENANT);
    const periods = (
      await client.query<{ code: string; start_time: string; end_time: string }>(
        `select code, start_time, end_time from glucose_periods where tenant_id = $1 and is_active order by sort`,
        [BENCH_TENANT],
      )
    ).rows;
    const sevenPoint = periods.filter((p) => p.code !== 'earlyMorning');
    const ageWards = new Set(
      classification.departmentAges.map((rule) => `${rule.item}|${rule.departmentCode}`),
    );
    const lookup = {
      item: [] as string[],
      dept: [] as string[],
      period: [] as string[],
      age: [] as number[],
    };
    const result = {
      v10: [] as number[],
      classification: [] as (string | null)[],
      grade: [] as (string | null)[],
      color: [] as (string | null)[],
    };
    const values: Record<MeasurementItem, number[]> = {
      GLU: range(11, 333),
      KET: range(0, 80),
      UA: range(1190, 11900, 10),
    };
    const testTime = new Date(nowMs);
    for (const item of ['GLU', 'KET', 'UA'] as const) {
      const itemPeriods = item === 'GLU' ? sevenPoint.map((p) => p.code) : [''];
      for (const ward of WARDS) {
        const ages = ageWards.has(`${item}|${ward.code}`) ? range(0, 120) : [-1];
        for (const period of itemPeriods) {
          for (const age of ages) {
            for (const v10 of values[item]) {
              const written = classifier(
                { item, value: v10 / 10, periodCode: period || null, testTime },
                { departmentCode: ward.code, dateOfBirth: null, age: age < 0 ? null : age },
              );
              lookup.item.push(item);
              lookup.dept.push(ward.code);
              lookup.period.push(period);
              lookup.age.push(age);
              result.v10.push(v10);
              result.classification.push(written.classification);
              result.grade.push(written.grade);
              result.color.push(written.color);
            }
          }
        }
      }
    }
    await client.query(`create unlogged table bench_class (
      item text, dept text, period text, age int, v10 int, classification text, grade text, color text,
      primary key (item, dept, period, age, v10))`);
    await client.query(
      `insert into bench_class
       select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[])`,
      [
        lookup.item,
        lookup.dept,
        lookup.period,
        lookup.age,
        result.v10,
        result.classification,
        result.grade,
        result.color,
      ],
    );
    await client.query('analyze bench_class');
    step(`classification table: ${lookup.item.length} (item, period, ward, age, value) combinations`);

    // 5. the points of a day: 7-point glucose in the glucose periods; ketone twice, uric acid once a day
    await client.query(`create unlogged table bench_points (
      item text, period text, who text, start_min int, span_min int, rise float8, unit text)`);
    const rise: Record<string, number> = {
      fasting: 0,
      afterBreakfast: 2.6,
      beforeLunch: 0.5,
      afterLunch: 2.3,
      beforeDinner: 0.6,
      afterDinner: 2.4,
      beforeSleep: 1.4,
    };
    const points = [
      ...sevenPoint.map((p) => {
        const start = minutesOf(p.start_time);
        const span = minutesOf(p.end_time) - start;
        // nurses measure early in a period: 10 minutes in, within the first hour
        return [
          'GLU',
          p.code,
          'all',
          start + 10,
          Math.max(10, Math.min(span - 20, 60)),
          rise[p.code] ?? 1,
          'mmol/L',
        ];
      }),
      ['KET', '', 'ket', 6 * 60, 90, 0, 'mmol/L'],
      ['KET', '', 'ket', 16 * 60 + 30, 90, 0, 'mmol/L'],
      ['UA', '', 'ua', 6 * 60, 90, 0, 'μmol/L'],
    ];
    for (const point of points) {
      await client.query('insert into bench_points values ($1, $2, $3, $4, $5, $6, $7)', point);
    }

    // 6. the readings, with the indexes of the table dropped during the load. Partitioned by month
    // (issue 22, migration 0027): the months of the whole span are created first, so that no reading
    // lands in the default partition.
    const partitioning = await client.query<{ present: boolean }>(
      `select to_regprocedure('measurement_partitions_ensure(timestamptz,timestamptz)') is not null as present`,
    );
    if (partitioning.rows[0]?.present) {
      const created = await client.query<{ created: number }>(
        `select measurement_partitions_ensure(min(admitted_at), $1::timestamptz + interval '1 month') as created
           from bench_stays`,
        [iso(nowMs)],
      );
      step(`${created.rows[0]?.created ?? 0} monthly partitions of measurements created`);
    }
    // the parent's own indexes only: on a partitioned table dropping one drops its partitions' too, and
    // its definition reads `ON ONLY measurements` (which would build no partition's): made `ON` again
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        `select i.indexname, replace(i.indexdef, ' ON ONLY ', ' ON ') as indexdef from pg_indexes i
          where i.tablename = 'measurements' and i.schemaname = current_schema()
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
    ).rows;
    for (const index of indexes) await client.query(`drop index ${client.escapeIdentifier(index.indexname)}`);
    // a year at a time (local days, oldest first): one year's sort and temporary files, whatever the span
    const bounds: (string | null)[] = [null];
    for (let k = years - 1; k >= 1; k--) bounds.push(localDay(nowMs - k * 365 * DAY, timeZone));
    bounds.push(null);
    let readingCount = 0;
    for (let chunk = 0; chunk + 1 < bounds.length; chunk++) {
      const [fromDay, toDay] = [bounds[chunk], bounds[chunk + 1]];
      const readings = await client.query(
        `insert into measurements (tenant_id, patient_id, admission_id, department_code, item, period_code, test_time,
         value, entered_value, entered_unit, untested_reason, untested_reason_text, tester_id, tester_name, source,
         device_serial, device_record_no, classification, grade, color, status, approved_by, approved_by_name,
         approved_at, version, created_by, created_at, updated_at)
       select $1, r.patient_id, r.patient_id, r.dept, r.item, nullif(r.period, ''), r.test_time,
              r.value, r.value, case when r.value is null then null else r.unit end,
              r.untested, case when r.untested = 'other' then '外出检查' end,
              r.tester_id, r.tester_name, r.source,
              case when r.source = 'meter' then r.item || '-' || r.dept || '-' || (r.bed % 3 + 1) end,
              case when r.source = 'meter' then r.patient_id || '-' || (extract(epoch from r.test_time))::bigint end,
              c.classification, c.grade, c.color,
              case when r.approved then 'approved' else 'pending' end,
              case when r.approved then r.reviewer_id end, case when r.approved then r.reviewer_name end,
              case when r.approved then r.approved_at end,
              1, r.tester_id, r.created_at, coalesce(case when r.approved then r.approved_at end, r.created_at)
         from (
           select g.*,
                  case when g.untested is not null then null
                       when g.item = 'UA' then round(least(1190, greatest(119, g.raw)))
                       when g.item = 'KET' then round(least(8, greatest(0, g.raw))::numeric, 1)::float8
                       else round(least(33.3, greatest(1.1, g.raw))::numeric, 1)::float8 end as value,
                  case when g.item = 'GLU' and g.age_item_glu or g.item = 'KET' and g.age_item_ket
                         or g.item = 'UA' and g.age_item_ua
                       then date_part('year', age((g.test_time at time zone $2)::date, g.dob))::int else -1 end as age_key,
                  g.nurse_ids[g.nurse] as tester_id, g.nurse_names[g.nurse] as tester_name,
                  case when g.r6 < 0.75 then 'meter' else 'manual' end as source,
                  g.r7 < 0.805 and g.test_time < $3::timestamptz - interval '6 hours' as approved,
                  least($3::timestamptz, g.test_time + (1 + g.r8 * 30) * interval '1 hour') as approved_at,
                  g.test_time + case when g.r6 < 0.75 then interval '3 minutes' else (5 + g.r8 * 25) * interval '1 minute' end
                    as created_at
             from (
               select x.*,
                      case when x.r5 < 0.005 then (array['refused', 'refused', 'refused', 'other', 'other', 'outOfRange'])[1 + floor(x.r4 * 6)::int] end
                        as untested,
                      case
                        when x.item = 'GLU' and x.r3 < 0.0028 then 1.4 + x.r4 * 1.4
                        when x.item = 'GLU' and x.r3 > 0.9978 then 22.3 + x.r4 * 7
                        when x.item = 'GLU' then (x.base + x.rise) * (1 + 0.13 * x.z)
                        when x.item = 'KET' and x.r3 < 0.003 then 3.0 + x.r4 * 2.5
                        when x.item = 'KET' then exp(ln(0.22) + 0.5 * x.z)
                        when x.r3 < 0.003 then 720 + x.r4 * 200
                        else x.ua_mean * (1 + 0.12 * x.z) end as raw
                 from (
                   select s.patient_id, s.dept, s.bed, s.dob, s.base, s.ua_mean, s.nurse_ids, s.nurse_names,
                          s.reviewer_id, s.reviewer_name, p.item, p.period, p.rise, p.unit,
                          (d.day + make_interval(mins => p.start_min + floor(random() * p.span_min)::int)) at time zone $2
                            as test_time,
                          s.admitted_at, s.end_at,
                          sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) as z,
                          random() as r3, random() as r4, random() as r5, random() as r6, random() as r7,
                          random() as r8, 1 + floor(random() * array_length(s.nurse_ids, 1))::int as nurse,
                          ('GLU|' || s.dept) = any($4::text[]) as age_item_glu,
                          ('KET|' || s.dept) = any($4::text[]) as age_item_ket,
                          ('UA|' || s.dept) = any($4::text[]) as age_item_ua
                     from bench_stays s
                     join bench_points p on p.who = 'all' or p.who = 'ket' and s.ket or p.who = 'ua' and s.ua
                     cross join lateral generate_series(greatest(s.first_day, $5::timestamp),
                                                        least(s.last_day, $6::timestamp - interval '1 day'),
                                                        interval '1 day') as d(day)
                    where ($5::timestamp is null or s.last_day >= $5::timestamp)
                      and ($6::timestamp is null or s.first_day < $6::timestamp)
                 ) x
                where x.test_time >= x.admitted_at and x.test_time < x.end_at
             ) g
         ) r
         left join bench_class c on c.item = r.item and c.dept = r.dept and c.period = r.period
                                 and c.age = r.age_key and c.v10 = round(r.value * 10)::int
        -- in time order, as readings arrive: a ward's month is spread over the table as in production
        order by r.test_time`,
        [BENCH_TENANT, timeZone, iso(nowMs), [...ageWards], fromDay, toDay],
      );
      readingCount += readings.rowCount ?? 0;
      if (years > 1)
        step(`${readings.rowCount} readings from ${fromDay ?? 'the start'} to ${toDay ?? 'now'}`);
    }
    step(`${readingCount} readings`);
    for (const index of indexes) await client.query(index.indexdef);
    step(`${indexes.length} measurement indexes rebuilt`);

    // 7. critical-value events for the critical readings: handled, except some of the last 8 hours
    const events = await client.query(
      `insert into critical_events (tenant_id, measurement_id, patient_id, department_code, item, value, classification,
         grade, measured_at, status, notified_person, action, handled_by, handled_by_name, handled_at, version,
         created_at, updated_at)
       select m.tenant_id, m.id, m.patient_id, m.department_code, m.item, m.value, m.classification, m.grade,
              m.test_time, h.status, case when m.handled then s.doctor_name end,
              case when not m.handled then null
                   when m.classification = 'criticalLow' then '已通知医生，遵医嘱口服葡萄糖 15 g，15 分钟后复测'
                   when m.item = 'GLU' then '已通知医生，遵医嘱皮下注射速效胰岛素，1 小时后复测'
                   when m.item = 'KET' then '已通知医生，急查血气分析，遵医嘱补液并静脉泵入胰岛素'
                   else '已通知医生，嘱多饮水，遵医嘱予降尿酸治疗' end,
              case when m.handled then m.tester_id end, case when m.handled then m.tester_name end,
              case when m.handled then m.handled_at end, case when m.handled then 2 else 1 end,
              m.created_at, coalesce(case when m.handled then m.handled_at end, m.created_at)
         from (select m.*, m.test_time < $2::timestamptz - interval '8 hours' or random() < 0.4 as handled,
                      least($2::timestamptz, m.test_time + (4 + random() * 40) * interval '1 minute') as handled_at
                 from measurements m
                where m.tenant_id = $1 and m.deleted_at is null and m.classification in ('criticalLow', 'criticalHigh')) m
         join bench_stays s on s.patient_id = m.patient_id
         cross join lateral (select case when m.handled then 'handled' else 'open' end as status) h`,
      [BENCH_TENANT, iso(nowMs)],
    );
    step(`${events.rowCount} critical-value events`);

    // 8. insulin for a third of the patients and the year-long one, pumps for a few per ward (issue 16)
    const yearPatient = await client.query<{ id: string }>(
      `select id from patients where tenant_id = $1 and department_code = $2 and bed = '1' and status = 'inHospital'`,
      [BENCH_TENANT, BENCH_WARD],
    );
    const insulin = await generateInsulin(client, {
      tenantId: BENCH_TENANT,
      timeZone,
      nowIso: iso(nowMs) as string,
      yearPatientId: Number(yearPatient.rows[0].id),
      ward: BENCH_WARD,
    });
    step(
      `${insulin.insulinRecords} insulin records, ${insulin.pumps} pumps, ${insulin.bindings} bindings, ${insulin.basalProfiles} basal profiles`,
    );

    await client.query('drop table bench_stays, bench_class, bench_points');
    await client.query('set session_replication_role = default');
    // the replica role kept the triggers of the derived rows quiet during the load: the day counts
    // (migration 0007) and each patient's now (issue 20, migration 0022) are built once from the data
    await client.query('select glucose_day_counts_rebuild($1), patient_now_rebuild($1)', [BENCH_TENANT]);
    step('derived rows rebuilt (day counts, latest readings, readings per day, open critical values)');
    for (const table of [
      'measurements',
      'critical_events',
      'patients',
      'patient_admissions',
      'users',
      'glucose_day_counts',
      'patient_latest_readings',
      'patient_day_readings',
      'patient_now',
    ]) {
      await client.query(`vacuum (analyze) ${table}`);
    }
    step('vacuum analyze');

    const counts = await countRows(client);
    const info: Omit<HospitalInfo, 'url' | 'reused'> = {
      version: GENERATOR_VERSION,
      years,
      generatedAt: new Date().toISOString(),
      dataEnd: new Date(nowMs).toISOString(),
      timeZone,
      generationSeconds: Math.round((performance.now() - started) / 100) / 10,
      yearPatientId: Number(yearPatient.rows[0].id),
      counts,
      insulin,
    };
    await client.query('create table bench_meta (key text primary key, value jsonb not null)');
    await client.query(`insert into bench_meta values ('hospital', $1)`, [JSON.stringify(info)]);
    log(`generated in ${info.generationSeconds} s`);
    return info;
  } finally {
    await client.end();
    await handle.close();
  }
}

/** "YYYY-MM-DD" of an instant in the hospital's time zone. */
function localDay(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

function range(from: number, to: number, step = 1): number[] {
  const list: number[] = [];
  for (let v = from; v <= to; v += step) list.push(v);
  return list;
}

async function countRows(client: pg.Client): Promise<HospitalCounts> {
  const { rows } = await client.query(
    `select
       (select count(*) from departments where tenant_id = $1)::int as wards,
       (select count(*) from users where tenant_id = $1)::int as staff,
       (select count(*) from patients where tenant_id = $1)::int as patients,
       (select count(*) from patients where tenant_id = $1 and status = 'inHospital')::int as "inHospital",
       (select count(*) from patients where tenant_id = $1 and status = 'discharged')::int as discharged,
       m.glucose, m.ketone, m."uricAcid", m.measurements, m.untested, m.approved, m.critical,
       (select count(*) from critical_events where tenant_id = $1)::int as "criticalEvents",
       (select count(*) from critical_events where tenant_id = $1 and status = 'open')::int as "criticalOpen",
       pg_size_pretty(pg_database_size(current_database())) as "databaseSize"
     from (select count(*) filter (where item = 'GLU')::int as glucose,
                  count(*) filter (where item = 'KET')::int as ketone,
                  count(*) filter (where item = 'UA')::int as "uricAcid",
                  count(*)::int as measurements,
                  count(*) filter (where value is null)::int as untested,
                  count(*) filter (where status = 'approved')::int as approved,
                  count(*) filter (where classification in ('criticalLow', 'criticalHigh'))::int as critical
             from measurements where tenant_id = $1) m`,
    [BENCH_TENANT],
  );
  return { ...rows[0], beds: WARDS.length * BEDS_PER_WARD };
}
