import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageModule = { default: ComponentType };

/**
 * Menu `component` key → the page it opens, loaded on first use. Adding a page is one line here
 * (plus its menu row on the server): `'/area/page': () => import('../features/area/SomePage'),`.
 */
export const pageLoaders: Record<string, () => Promise<PageModule>> = {
  '/dashboard/index': () => import('../features/dashboard/DashboardPage'),
  '/monitor/ward': () => import('../features/monitor/WardDashboardPage'),
  '/patient/medication': () => import('../features/medication/MedicationPage'),
  '/patient/detail': () => import('../features/patients/PatientDetailPage'),
  '/patient/discharged': () => import('../features/patients/DischargedPage'),
  '/patient/outpatient': () => import('../features/outpatients/OutpatientsPage'),
  '/patient/task': () => import('../features/tasks/TodayTaskPage'),
  '/patient/round': () => import('../features/round/RoundPage'),
  '/patient/critical': () => import('../features/critical/CriticalValuePage'),
  '/patient/handover': () => import('../features/handover/HandoverPage'),
  '/measurement/approval': () => import('../features/review/ApprovalPage'),
  '/measurement/data': () => import('../features/review/DataManagementPage'),
  '/account/activity': () => import('../features/account/ActivityPage'),
  '/statistics/department': () => import('../features/statistics/DepartmentStatisticsPage'),
  '/statistics/year': () => import('../features/statistics/YearStatisticsPage'),
  '/virtualward/current': () => import('../features/virtual-ward/CurrentPage'),
  '/virtualward/history': () => import('../features/virtual-ward/HistoryPage'),
  '/consultation/inbox': () => import('../features/consultations/InboxPage'),
  '/consultation/request': () => import('../features/consultations/RequestPage'),
  '/virtualward/workload': () => import('../features/virtual-ward/WorkloadPage'),
  '/virtualward/testtime': () => import('../features/virtual-ward/TestTimePage'),
  '/virtualward/chart': () => import('../features/virtual-ward/ChartPage'),
  '/virtualward/outcome': () => import('../features/virtual-ward/OutcomePage'),
  '/virtualward/worklist': () => import('../features/virtual-ward/WorklistPage'),
  '/virtualward/followup': () => import('../features/virtual-ward/FollowupPage'),
  '/quality/curve': () => import('../features/quality/CurvePage'),
  '/quality/statistics': () => import('../features/quality/QcStatisticsPage'),
  '/quality/report': () => import('../features/quality/MonthlyReportPage'),
  '/quality/accuracy': () => import('../features/quality/AccuracyPage'),
  '/pump/register': () => import('../features/pumps/PumpPage'),
  '/pump/patients': () => import('../features/pumps/PumpPatientsPage'),
  '/pump/history': () => import('../features/pumps/PumpHistoryPage'),
  '/pump/manufacturer': () => import('../features/pumps/ManufacturerPage'),
  '/quality/analyzer': () => import('../features/quality/AnalyzerPage'),
  '/quality/spare': () => import('../features/quality/SparePage'),
  '/quality/control': () => import('../features/quality/ControlSolutionPage'),
  '/quality/strip': () => import('../features/quality/TestStripPage'),
  '/quality/record': () => import('../features/quality/QcRecordPage'),
  '/quality/strategy': () => import('../features/quality/QcStrategyPage'),
  '/monitor/link': () => import('../features/monitor/ScreenLinksPage'),
  '/system/department': () => import('../features/system/DepartmentPage'),
  '/system/user': () => import('../features/system/UserPage'),
  '/system/role': () => import('../features/system/RolePage'),
  '/system/menu': () => import('../features/system/MenuPage'),
  '/system/drug': () => import('../features/system/DrugPage'),
  '/system/template': () => import('../features/system/TemplatePage'),
  '/system/event': () => import('../features/system/EventPage'),
  '/system/suggestion': () => import('../features/system/SuggestionPage'),
  '/system/dictionary': () => import('../features/system/DictionaryPage'),
  '/system/audit': () => import('../features/system/AuditPage'),
  '/system/interop': () => import('../features/interop/MessagesPage'),
  // routed at `/test` by its (hidden) menu row: the device test page inside the app
  '/interop/test': () => import('../features/interop/DeviceTestPage'),
  '/settings/hospital': () => import('../features/settings/HospitalSettingsPage'),
  '/settings/period': () => import('../features/settings/PeriodSettingsPage'),
  '/settings/crisis': () => import('../features/settings/CrisisSettingsPage'),
  '/settings/target': () => import('../features/settings/TargetSettingsPage'),
  '/settings/catalogue': () => import('../features/settings/CatalogueSettingsPage'),
  '/settings/symptom': () => import('../features/settings/SymptomSettingsPage'),
  '/settings/inspection': () => import('../features/settings/InspectionSettingsPage'),
  '/settings/strategy': () => import('../features/settings/StrategySettingsPage'),
  '/settings/system': () => import('../features/settings/SystemSettingsPage'),
  '/settings/password': () => import('../features/settings/PasswordPolicyPage'),
};

/**
 * Fixed routes of the spec that are routed by a hidden menu row of their own (so a role is granted
 * them): a user whose menus lack one is told "no permission" at its address, not sent to /404.
 */
export const MENU_ROUTED_FIXED_PATHS: readonly string[] = ['/test'];

/** Component keys as menus spell them: leading slash optional, `.vue`/`.tsx` endings tolerated. */
export function normalizeComponentKey(key: string): string {
  const trimmed = key.trim().replace(/\.(vue|tsx?|jsx?)$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The loader registered for a component key, or null when this build has no such page. */
export function findPageLoader(
  key: string | null | undefined,
  loaders: Record<string, () => Promise<PageModule>> = pageLoaders,
): (() => Promise<PageModule>) | null {
  if (!key?.trim()) return null;
  const normalized = normalizeComponentKey(key);
  return loaders[normalized] ?? loaders[`${normalized}/index`] ?? null;
}

const lazyPages = new Map<() => Promise<PageModule>, LazyExoticComponent<ComponentType>>();

/** One lazy component per loader, so a page is fetched once however often routes are rebuilt. */
export function lazyPage(loader: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader);
    lazyPages.set(loader, page);
  }
  return page;
}
