import { eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/service';
import type { Database, DbOrTx } from '../client';
import { maintainPartitions } from '../partitions';
import { departments, roles, settings, tenants, units, userRoles, users } from '../schema';
import { seedCatalogues } from './catalogues';
import { seedConsultations } from './consultations';
import { seedHospitalSettings } from './hospital-settings';
import { seedInsulin } from './insulin';
import { seedInterop } from './interop';
import { seedLinkedChartDemo } from './linked-chart';
import { seedMeasurements } from './measurements';
import { seedMedicationOrders } from './medication-orders';
import { ensureShippedMenusForAllTenants } from './menus';
import { seedOrders } from './orders';
import { seedOutpatients } from './outpatients';
import { seedPatients } from './patients';
import { seedPumpBindings } from './pump-bindings';
import { seedPumps } from './pumps';
import { seedQualityRegistry } from './quality';
import { seedQualityLoans } from './quality-loans';
import { seedQualityReports } from './quality-reports';
import { seedQualityRuns } from './quality-runs';
import { seedVirtualWard } from './virtual-ward';
import { seedVirtualWardFollowups } from './virtual-ward-followups';
import { seedVirtualWardHistory } from './virtual-ward-history';

export interface DemoLogin {
  tenant: string;
  userName: string;
  password: string;
  role: string;
}

/** The demo accounts (README "Demo data"); none of them is in the forced-change state. */
export const DEMO_LOGINS: DemoLogin[] = [
  { tenant: '101', userName: 'admin', password: 'Admin@123456', role: 'tenant_admin' },
  { tenant: '101', userName: 'doctor01', password: 'Doctor@2026', role: 'doctor' },
  { tenant: '101', userName: 'nurse01', password: 'Nurse@2026', role: 'nurse' },
  { tenant: '101', userName: 'headnurse', password: 'Head@2026', role: 'nurse' },
  { tenant: '101', userName: 'reviewer01', password: 'Review@2026', role: 'reviewer' },
  { tenant: '202', userName: 'admin', password: 'Admin@202202', role: 'tenant_admin' },
];

const ROLES = [
  { code: 'tenant_admin', name: '机构管理员', nameEn: 'Administrator' },
  { code: 'doctor', name: '医生', nameEn: 'Doctor' },
  { code: 'nurse', name: '护士', nameEn: 'Nurse' },
  { code: 'reviewer', name: '审核员', nameEn: 'Reviewer' },
];

interface DemoTenant {
  id: string;
  nameEn: string;
  nameZh: string;
  departments: { code: string; name: string; nameEn: string }[];
  glucoseUnit: { code: string; name: string };
  users: { userName: string; nickName: string; role: string; department: string | null; password: string }[];
}

const DEMO_TENANTS: DemoTenant[] = [
  {
    id: '101',
    nameEn: 'GlucoCare Demo General Hospital',
    nameZh: '糖护示范综合医院',
    departments: [
      { code: 'ENDO', name: '内分泌科', nameEn: 'Endocrinology' },
      { code: 'CARD', name: '心内科', nameEn: 'Cardiology' },
      { code: 'ICU', name: '重症医学科', nameEn: 'Intensive Care Unit' },
      { code: 'GSURG', name: '普外科', nameEn: 'General Surgery' },
      { code: 'NEPH', name: '肾内科', nameEn: 'Nephrology' },
    ],
    glucoseUnit: { code: 'mmolL', name: 'mmol/L' },
    users: [
      {
        userName: 'admin',
        nickName: 'System Administrator',
        role: 'tenant_admin',
        department: null,
        password: 'Admin@123456',
      },
      {
        userName: 'doctor01',
        nickName: 'Dr. Li Wei',
        role: 'doctor',
        department: 'ENDO',
        password: 'Doctor@2026',
      },
      {
        userName: 'nurse01',
        nickName: 'Nurse Wang Fang',
        role: 'nurse',
        department: 'ENDO',
        password: 'Nurse@2026',
      },
      {
        // the head nurse of Endocrinology (departments.head_nurse_id, set with the ward staff)
        userName: 'headnurse',
        nickName: 'Liu Yan',
        role: 'nurse',
        department: 'ENDO',
        password: 'Head@2026',
      },
      {
        userName: 'reviewer01',
        nickName: 'Zhang Min',
        role: 'reviewer',
        department: 'ENDO',
        password: 'Review@2026',
      },
    ],
  },
  {
    id: '202',
    nameEn: 'Riverside Community Hospital',
    nameZh: '滨江社区医院',
    departments: [
      { code: 'IM', name: '内科', nameEn: 'Internal Medicine' },
      { code: 'ENDO', name: '内分泌科', nameEn: 'Endocrinology' },
    ],
    glucoseUnit: { code: 'mgDl', name: 'mgDl' },
    users: [
      {
        userName: 'admin',
        nickName: 'Riverside Administrator',
        role: 'tenant_admin',
        department: null,
        password: 'Admin@202202',
      },
    ],
  },
];

async function seedTenant(tx: DbOrTx, tenant: DemoTenant): Promise<void> {
  await tx
    .insert(tenants)
    .values({ id: tenant.id, nameEn: tenant.nameEn, nameZh: tenant.nameZh, organizationCode: tenant.id });
  await tx.insert(departments).values(
    tenant.departments.map((d, sort) => ({
      tenantId: tenant.id,
      code: d.code,
      name: d.name,
      nameEn: d.nameEn,
      sort,
    })),
  );
  const roleRows = await tx
    .insert(roles)
    .values(ROLES.map((r) => ({ tenantId: tenant.id, ...r })))
    .returning({ id: roles.id, code: roles.code });
  const roleId = new Map(roleRows.map((r) => [r.code, r.id]));
  for (const u of tenant.users) {
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        userName: u.userName,
        nickName: u.nickName,
        passwordHash: await hashPassword(u.password),
        departmentCode: u.department,
        permissionScope: u.role === 'tenant_admin' ? 'all' : 'departments',
        mustChangePassword: false,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId: tenant.id, userId: user.id, roleId: roleId.get(u.role)! });
  }
  await tx.insert(units).values({ tenantId: tenant.id, category: 'GLU', ...tenant.glucoseUnit });
  await tx.insert(units).values([
    { tenantId: tenant.id, category: 'KET', code: 'mmolL', name: 'mmol/L' },
    { tenantId: tenant.id, category: 'UA', code: 'umolL', name: 'μmol/L' },
  ]);
  await tx.insert(settings).values([
    {
      tenantId: tenant.id,
      key: 'password.policy',
      value: { minLength: 8, maxLength: 32, strong: true, expiryMonths: 0 },
    },
    { tenantId: tenant.id, key: 'his.sso', value: { enabled: false, secret: null } },
    { tenantId: tenant.id, key: 'workMode.isOutside', value: false },
  ]);
  await seedCatalogues(tx, tenant.id);
  await seedHospitalSettings(tx, tenant.id);
  await seedPatients(tx, tenant.id);
  await seedMeasurements(tx, tenant.id);
  await seedPumps(tx, tenant.id);
  await seedInsulin(tx, tenant.id);
  await seedMedicationOrders(tx, tenant.id);
  await seedPumpBindings(tx, tenant.id);
  await seedLinkedChartDemo(tx, tenant.id);
  await seedOrders(tx, tenant.id);
  await seedConsultations(tx, tenant.id);
  // issue 18: the virtual ward's current and ended stays, then the follow-ups of the stays there are
  await seedVirtualWard(tx, tenant.id);
  await seedVirtualWardHistory(tx, tenant.id);
  await seedVirtualWardFollowups(tx, tenant.id);
  await seedOutpatients(tx, tenant.id);
  // issue 19: the QC registry (meters and lots), then what the quality seeds put on it
  await seedQualityRegistry(tx, tenant.id);
  await seedQualityLoans(tx, tenant.id);
  await seedQualityRuns(tx, tenant.id);
  // issue 19: monthly reports and lab-paired meter readings (the lead orders it after the QC runs seed)
  await seedQualityReports(tx, tenant.id);
  // issue 21: HL7 traffic with the HIS, the LIS and the point-of-care middleware
  await seedInterop(tx, tenant.id);
}

/**
 * Creates the demo tenants on first start only (tenant 101 present → nothing to do) and, at every
 * start, adds shipped menus a tenant lacks. Returns whether demo data was created now.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, '101'));
    if (existing) return false;
    for (const tenant of DEMO_TENANTS) await seedTenant(tx, tenant);
    return true;
  });
  await ensureShippedMenusForAllTenants(db);
  // the demo's months of readings before last month waited in the default partition (migration 0027)
  if (created) await maintainPartitions(db);
  return created;
}
