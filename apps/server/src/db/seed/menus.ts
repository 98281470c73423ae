import { PERMISSIONS, type PermissionArea, type PermissionCode } from '@glucocare/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { menus, roleMenus, roles, tenants } from '../schema';

export interface ShippedMenu {
  key: string;
  parentKey?: string;
  path: string;
  component: string | null;
  labelEn: string;
  labelZh: string;
  icon?: string;
  sort: number;
  hidden?: boolean;
  kind?: 'menu' | 'button';
  /** permission code routes check (a page's code is its list/read permission) */
  permission?: PermissionCode;
  /** roles granted the menu when it first arrives in a tenant; administrators may change it later */
  roles: string[];
}

const {
  system: SYSTEM,
  settings: SETTINGS,
  pumps: PUMPS,
  virtualWard: VIRTUAL_WARD,
  quality: QUALITY,
  monitor: MONITOR,
  interop: INTEROP,
} = PERMISSIONS;

const ALL_ROLES = ['tenant_admin', 'doctor', 'nurse', 'reviewer'];
const ADMIN = ['tenant_admin'];
/** those who record at the bedside and act on patients */
const WARD_STAFF = ['tenant_admin', 'doctor', 'nurse'];
const REVIEWERS = ['tenant_admin', 'reviewer'];
/** those who look after a ward's pumps: register them and report what they show */
const PUMP_KEEPERS = ['tenant_admin', 'nurse'];
/** those who run meter QC: ward nurses run the controls, reviewers (QC coordinators) oversee them */
const QC_STAFF = ['tenant_admin', 'nurse', 'reviewer'];
/** those who order and consult */
const DOCTORS = ['tenant_admin', 'doctor'];

/** A button of a page: `action` is its key in the page's permission area and the last part of its seed key. */
type MenuButton<Area extends PermissionArea> = [
  action: keyof Area & string,
  labelEn: string,
  labelZh: string,
];

/** A button (permission) under a page, granted to `roles`. */
function button(
  parentKey: string,
  key: string,
  sort: number,
  labels: [string, string],
  permission: PermissionCode,
  roles: string[],
): ShippedMenu {
  return {
    key: `${parentKey}.${key}`,
    parentKey,
    path: '#',
    component: null,
    labelEn: labels[0],
    labelZh: labels[1],
    sort,
    kind: 'button',
    permission,
    roles,
  };
}

/** A clinical page `/{group}/{area}` (menu key `{group}.{area}`) with its own roles. */
function clinicalPage(
  group: string,
  area: string,
  sort: number,
  labels: [string, string],
  icon: string,
  permission: PermissionCode | undefined,
  roles: string[],
  extra: { hidden?: boolean } = {},
): ShippedMenu {
  return {
    key: `${group}.${area}`,
    parentKey: group,
    path: `/${group}/${area}`,
    component: `/${group}/${area}`,
    labelEn: labels[0],
    labelZh: labels[1],
    icon,
    sort,
    permission,
    roles,
    hidden: extra.hidden,
  };
}

/**
 * A page of a group (`system` administration, `settings` hospital settings) with its button
 * permissions: menu key `{group}.{area}`, path and component `/{group}/{area}`, the permission area's
 * `list` code for the page and its `{action}` code for each button (menu key `{group}.{area}.{action}`).
 */
function groupPage<Area extends PermissionArea & { list: PermissionCode }>(
  group: string,
  area: string,
  permissions: Area,
  sort: number,
  labels: [string, string],
  icon: string,
  buttons: MenuButton<Area>[],
): ShippedMenu[] {
  const key = `${group}.${area}`;
  return [
    {
      key,
      parentKey: group,
      path: `/${group}/${area}`,
      component: `/${group}/${area}`,
      labelEn: labels[0],
      labelZh: labels[1],
      icon,
      sort,
      permission: permissions.list,
      roles: ADMIN,
    },
    ...buttons.map(([action, labelEn, labelZh], index) => ({
      key: `${key}.${action}`,
      parentKey: key,
      path: '#',
      component: null,
      labelEn,
      labelZh,
      sort: index,
      kind: 'button' as const,
      permission: permissions[action],
      roles: ADMIN,
    })),
  ];
}

const adminPage = <Area extends PermissionArea & { list: PermissionCode }>(
  area: string,
  permissions: Area,
  sort: number,
  labels: [string, string],
  icon: string,
  buttons: MenuButton<Area>[],
) => groupPage('system', area, permissions, sort, labels, icon, buttons);
const settingsPage = (
  area: string,
  permissions: { list: PermissionCode; edit: PermissionCode },
  sort: number,
  labels: [string, string],
  icon: string,
) => groupPage('settings', area, permissions, sort, labels, icon, [['edit', 'Edit', '编辑']]);

/**
 * The menus the product ships. Each capability appends its own; `ensureShippedMenus` adds the
 * ones a tenant does not have yet, at every start, without touching menus an administrator edited.
 */
export const SHIPPED_MENUS: ShippedMenu[] = [
  {
    key: 'home',
    path: '/index',
    component: '/dashboard/index',
    labelEn: 'Home',
    labelZh: '首页',
    icon: 'HomeOutlined',
    sort: 0,
    roles: ALL_ROLES,
  },
  // The home page is the inpatient list (issue 5): its actions are buttons of the home menu.
  button('home', 'view', 0, ['View inpatients', '查看在院患者'], PERMISSIONS.inpatients.list, ALL_ROLES),
  button(
    'home',
    'admit',
    1,
    ['Admit and edit patients', '入院与编辑患者'],
    PERMISSIONS.inpatients.admit,
    WARD_STAFF,
  ),
  button('home', 'transfer', 2, ['Transfer', '转科转床'], PERMISSIONS.inpatients.transfer, WARD_STAFF),
  button(
    'home',
    'discharge',
    3,
    ['Discharge and readmit', '出院与再入院'],
    PERMISSIONS.inpatients.discharge,
    WARD_STAFF,
  ),
  {
    key: 'patient',
    path: '#',
    component: null,
    labelEn: 'Patients',
    labelZh: '患者管理',
    icon: 'TeamOutlined',
    sort: 100,
    roles: ALL_ROLES,
  },
  clinicalPage('patient', 'detail', 0, ['Patient detail', '患者详情'], 'UserOutlined', undefined, ALL_ROLES, {
    hidden: true,
  }),
  // The device test page (issue 21): a fixed route of the spec (/test), hidden from the sidebar; its row
  // grants it to ward staff (wristband scan, a meter's state, a test HL7 message)
  {
    key: 'patient.devicetest',
    parentKey: 'patient',
    path: '/test',
    component: '/interop/test',
    labelEn: 'Device test',
    labelZh: '设备测试',
    icon: 'ScanOutlined',
    sort: 1,
    hidden: true,
    permission: INTEROP.device.test,
    roles: WARD_STAFF,
  },
  button(
    'patient.detail',
    'record',
    0,
    ['Record measurements', '录入测量'],
    PERMISSIONS.measurementEntry.edit,
    WARD_STAFF,
  ),
  button(
    'patient.detail',
    'event',
    1,
    ['Record glucose events', '记录血糖事件'],
    PERMISSIONS.patientEvents.edit,
    WARD_STAFF,
  ),
  button(
    'patient.detail',
    'insulin',
    2,
    ['Record insulin', '录入胰岛素'],
    PERMISSIONS.insulinRecords.edit,
    WARD_STAFF,
  ),
  button(
    'patient.detail',
    'insulinConfirm',
    3,
    ['Confirm insulin', '确认胰岛素'],
    PERMISSIONS.insulinRecords.confirm,
    ['tenant_admin', 'nurse'],
  ),
  button(
    'patient.detail',
    'order',
    4,
    ['Medical orders', '开立与停止医嘱'],
    PERMISSIONS.patientOrders.edit,
    DOCTORS,
  ),
  button(
    'patient.detail',
    'lab',
    5,
    ['Laboratory results', '录入检验结果'],
    PERMISSIONS.labResults.edit,
    WARD_STAFF,
  ),
  clinicalPage(
    'patient',
    'task',
    10,
    ["Today's tasks", '今日任务'],
    'ScheduleOutlined',
    PERMISSIONS.tasks.list,
    ALL_ROLES,
  ),
  // the ward round (issue 15): batch entry of a ward's readings, for those who record
  clinicalPage(
    'patient',
    'round',
    15,
    ['Ward round', '巡检录入'],
    'TableOutlined',
    PERMISSIONS.measurementEntry.edit,
    WARD_STAFF,
  ),
  clinicalPage(
    'patient',
    'critical',
    20,
    ['Critical values', '危急值'],
    'AlertOutlined',
    PERMISSIONS.criticalValues.list,
    ALL_ROLES,
  ),
  button(
    'patient.critical',
    'handle',
    0,
    ['Handle critical values', '处理危急值'],
    PERMISSIONS.criticalValues.handle,
    WARD_STAFF,
  ),
  // issue 15: the shift hand-over summary of a ward, and the ward record (a printable record screen
  // outside the menu layout, at its fixed route: the sidebar opens it in a new tab)
  clinicalPage(
    'patient',
    'handover',
    24,
    ['Shift hand-over', '交接班'],
    'SolutionOutlined',
    PERMISSIONS.tasks.list,
    WARD_STAFF,
  ),
  {
    key: 'patient.wardRecord',
    parentKey: 'patient',
    path: '/ward/record',
    component: '/ward/record',
    labelEn: 'Ward glucose record',
    labelZh: '病区血糖记录单',
    icon: 'TableOutlined',
    sort: 26,
    permission: PERMISSIONS.inpatients.list,
    roles: ALL_ROLES,
  },
  // issue 17: the medication orders of the wards
  clinicalPage(
    'patient',
    'medication',
    28,
    ['Medication orders', '用药医嘱'],
    'MedicineBoxOutlined',
    PERMISSIONS.medicationOrders.list,
    WARD_STAFF,
  ),
  button(
    'patient.medication',
    'edit',
    0,
    ['Order and stop medication', '开立与停止用药医嘱'],
    PERMISSIONS.medicationOrders.edit,
    DOCTORS,
  ),
  // issue 18: the outpatients of the out-of-hospital mode (the menu shows only while the mode is on)
  clinicalPage(
    'patient',
    'outpatient',
    29,
    ['Outpatients', '门诊患者'],
    'IdcardOutlined',
    PERMISSIONS.outpatients.list,
    WARD_STAFF,
  ),
  button(
    'patient.outpatient',
    'register',
    0,
    ['Register and move outpatients', '门诊登记与转归'],
    PERMISSIONS.outpatients.register,
    WARD_STAFF,
  ),
  clinicalPage(
    'patient',
    'discharged',
    30,
    ['Discharged', '出院患者'],
    'LogoutOutlined',
    PERMISSIONS.dischargedPatients.list,
    ALL_ROLES,
  ),
  {
    key: 'measurement',
    path: '#',
    component: null,
    labelEn: 'Measurement data',
    labelZh: '测量数据',
    icon: 'ExperimentOutlined',
    sort: 200,
    roles: ALL_ROLES,
  },
  clinicalPage(
    'measurement',
    'approval',
    10,
    ['Record approval', '记录审核'],
    'AuditOutlined',
    PERMISSIONS.approval.list,
    [...REVIEWERS, 'doctor'],
  ),
  button(
    'measurement.approval',
    'approve',
    0,
    ['Approve', '审核通过'],
    PERMISSIONS.approval.approve,
    REVIEWERS,
  ),
  clinicalPage(
    'measurement',
    'data',
    20,
    ['Manage data', '数据管理'],
    'DatabaseOutlined',
    PERMISSIONS.measurementData.list,
    ALL_ROLES,
  ),
  button(
    'measurement.data',
    'edit',
    0,
    ['Correct and delete', '修正与删除'],
    PERMISSIONS.measurementData.edit,
    REVIEWERS,
  ),
  button('measurement.data', 'export', 1, ['Export', '导出'], PERMISSIONS.measurementData.export, ALL_ROLES),
  button(
    'measurement.data',
    'upload',
    2,
    ['Upload from meters and HIS', '血糖仪与 HIS 上传'],
    PERMISSIONS.meterUpload.create,
    ['tenant_admin', 'nurse'],
  ),
  {
    key: 'statistics',
    path: '#',
    component: null,
    labelEn: 'Statistics',
    labelZh: '统计分析',
    icon: 'BarChartOutlined',
    sort: 300,
    roles: ALL_ROLES,
  },
  clinicalPage(
    'statistics',
    'department',
    10,
    ['Department statistics', '科室血糖统计'],
    'FundOutlined',
    PERMISSIONS.departmentStatistics.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'statistics',
    'year',
    20,
    ['Yearly glucose statistics', '年度血糖统计'],
    'LineChartOutlined',
    PERMISSIONS.yearStatistics.list,
    ALL_ROLES,
  ),
  // issue 17: consultations, the consulting department's inbox and the requests of one's departments
  {
    key: 'consultation',
    path: '#',
    component: null,
    labelEn: 'Consultations',
    labelZh: '会诊管理',
    icon: 'CommentOutlined',
    sort: 350,
    roles: WARD_STAFF,
  },
  clinicalPage(
    'consultation',
    'inbox',
    10,
    ['Consultation inbox', '受邀会诊'],
    'InboxOutlined',
    PERMISSIONS.consultationInbox.list,
    WARD_STAFF,
  ),
  button(
    'consultation.inbox',
    'reply',
    0,
    ['Reply, complete and close', '回复、完成与关闭'],
    PERMISSIONS.consultationInbox.reply,
    DOCTORS,
  ),
  clinicalPage(
    'consultation',
    'request',
    20,
    ['My requests', '会诊申请'],
    'SendOutlined',
    PERMISSIONS.consultationRequests.list,
    WARD_STAFF,
  ),
  button(
    'consultation.request',
    'create',
    0,
    ['Request a consultation', '申请会诊'],
    PERMISSIONS.consultationRequests.create,
    DOCTORS,
  ),
  // issue 18: the virtual ward, endocrinology's management of patients on other wards and after discharge
  {
    key: 'virtualward',
    path: '#',
    component: null,
    labelEn: 'Virtual ward',
    labelZh: '虚拟病房',
    icon: 'ApartmentOutlined',
    sort: 360,
    roles: ALL_ROLES,
  },
  clinicalPage(
    'virtualward',
    'current',
    10,
    ['Current', '当前管理'],
    'TeamOutlined',
    VIRTUAL_WARD.current.list,
    WARD_STAFF,
  ),
  button(
    'virtualward.current',
    'edit',
    0,
    ['Join, exit and batch end', '入组、出组与批量结束管理'],
    VIRTUAL_WARD.current.edit,
    DOCTORS,
  ),
  clinicalPage(
    'virtualward',
    'worklist',
    20,
    ['Daily review', '每日审阅'],
    'CarryOutOutlined',
    VIRTUAL_WARD.worklist.list,
    WARD_STAFF,
  ),
  button(
    'virtualward.worklist',
    'review',
    0,
    ['Review and follow up', '审阅与随访'],
    VIRTUAL_WARD.worklist.review,
    DOCTORS,
  ),
  clinicalPage(
    'virtualward',
    'history',
    30,
    ['History', '历史管理'],
    'HistoryOutlined',
    VIRTUAL_WARD.history.list,
    WARD_STAFF,
  ),
  clinicalPage(
    'virtualward',
    'followup',
    40,
    ['Follow-up records', '随访记录'],
    'FileTextOutlined',
    VIRTUAL_WARD.followups.list,
    WARD_STAFF,
  ),
  clinicalPage(
    'virtualward',
    'workload',
    50,
    ['Workload', '工作量统计'],
    'BarChartOutlined',
    VIRTUAL_WARD.workload.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'virtualward',
    'testtime',
    60,
    ['Test times', '测试时间统计'],
    'FieldTimeOutlined',
    VIRTUAL_WARD.testTime.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'virtualward',
    'chart',
    70,
    ['Chart statistics', '图表统计'],
    'AreaChartOutlined',
    VIRTUAL_WARD.charts.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'virtualward',
    'outcome',
    80,
    ['Outcomes', '管理成效（患者日）'],
    'RiseOutlined',
    VIRTUAL_WARD.outcomes.list,
    ALL_ROLES,
  ),
  // issue 19: meter quality control — control runs, Westgard rules, lots, analyzers and lockout
  {
    key: 'quality',
    path: '#',
    component: null,
    labelEn: 'Quality control',
    labelZh: '质控管理',
    icon: 'SafetyCertificateOutlined',
    sort: 420,
    roles: ALL_ROLES,
  },
  clinicalPage(
    'quality',
    'record',
    10,
    ['QC records', '质控记录'],
    'ExperimentOutlined',
    QUALITY.records.list,
    QC_STAFF,
  ),
  button(
    'quality.record',
    'edit',
    0,
    ['Enter and correct runs', '录入与修改质控'],
    QUALITY.records.edit,
    QC_STAFF,
  ),
  clinicalPage(
    'quality',
    'curve',
    20,
    ['L-J curve', '质控图'],
    'LineChartOutlined',
    QUALITY.curve.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'quality',
    'report',
    30,
    ['Monthly reports', '质控月报'],
    'FileDoneOutlined',
    QUALITY.reports.list,
    QC_STAFF,
  ),
  button('quality.report', 'submit', 0, ['Submit', '提交'], QUALITY.reports.submit, QC_STAFF),
  button(
    'quality.report',
    'verify',
    1,
    ['Verify, archive and reject', '审核、归档与驳回'],
    QUALITY.reports.verify,
    REVIEWERS,
  ),
  clinicalPage(
    'quality',
    'statistics',
    40,
    ['QC statistics', '质控统计'],
    'BarChartOutlined',
    QUALITY.statistics.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'quality',
    'accuracy',
    50,
    ['Accuracy vs lab', '准确度比对'],
    'AimOutlined',
    QUALITY.accuracy.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'quality',
    'analyzer',
    60,
    ['Analyzers', '血糖仪管理'],
    'ToolOutlined',
    QUALITY.analyzers.list,
    QC_STAFF,
  ),
  button(
    'quality.analyzer',
    'edit',
    0,
    ['Add, edit, enable and stop', '新增、编辑与启停'],
    QUALITY.analyzers.edit,
    REVIEWERS,
  ),
  button(
    'quality.analyzer',
    'override',
    1,
    ['Override a schedule lockout', '解除计划锁定'],
    QUALITY.lockout.override,
    REVIEWERS,
  ),
  button(
    'quality.analyzer',
    'release',
    2,
    ['Release held readings', '放行锁定期间的读数'],
    QUALITY.lockout.release,
    REVIEWERS,
  ),
  clinicalPage(
    'quality',
    'spare',
    70,
    ['Spare analyzers', '备用血糖仪'],
    'SwapOutlined',
    QUALITY.spares.list,
    QC_STAFF,
  ),
  button('quality.spare', 'lend', 0, ['Lend and take back', '借出与归还'], QUALITY.spares.lend, QC_STAFF),
  clinicalPage(
    'quality',
    'control',
    80,
    ['Control solutions', '质控液'],
    'ExperimentOutlined',
    QUALITY.controls.list,
    QC_STAFF,
  ),
  button(
    'quality.control',
    'edit',
    0,
    ['Add, edit, open and withdraw', '新增、编辑、开瓶与停用'],
    QUALITY.controls.edit,
    REVIEWERS,
  ),
  clinicalPage(
    'quality',
    'strip',
    90,
    ['Test strips', '试纸'],
    'BuildOutlined',
    QUALITY.strips.list,
    QC_STAFF,
  ),
  button(
    'quality.strip',
    'edit',
    0,
    ['Add, edit and withdraw', '新增、编辑与停用'],
    QUALITY.strips.edit,
    REVIEWERS,
  ),
  clinicalPage(
    'quality',
    'strategy',
    100,
    ['QC strategy', '质控策略'],
    'ControlOutlined',
    QUALITY.strategy.list,
    QC_STAFF,
  ),
  button(
    'quality.strategy',
    'edit',
    0,
    ['Change the strategy', '修改质控策略'],
    QUALITY.strategy.edit,
    REVIEWERS,
  ),
  // issue 16: the insulin pump register of the wards and the manufacturers it names
  {
    key: 'pump',
    path: '#',
    component: null,
    labelEn: 'Insulin pump management',
    labelZh: '胰岛素泵管理',
    icon: 'DashboardOutlined',
    sort: 400,
    roles: WARD_STAFF,
  },
  clinicalPage(
    'pump',
    'register',
    10,
    ['Pumps', '胰岛素泵'],
    'DashboardOutlined',
    PUMPS.register.list,
    WARD_STAFF,
  ),
  button(
    'pump.register',
    'edit',
    0,
    ['Add, edit and stop', '新增、编辑与启停'],
    PUMPS.register.edit,
    PUMP_KEEPERS,
  ),
  button('pump.register', 'delete', 1, ['Delete', '删除'], PUMPS.register.delete, ADMIN),
  button(
    'pump.register',
    'report',
    2,
    ['Report battery and dose', '上报剩余电量与药量'],
    PUMPS.report.create,
    PUMP_KEEPERS,
  ),
  // issue 16: who wears which pump now (up-pump, tube change, basal profile, down-pump) and the history
  clinicalPage(
    'pump',
    'patients',
    12,
    ['Pump patients', '泵患者'],
    'TeamOutlined',
    PUMPS.patients.list,
    WARD_STAFF,
  ),
  button(
    'pump.patients',
    'binding',
    0,
    ['Up-pump, tube change, basal profile, down-pump', '上泵、换管、基础率、下泵'],
    PUMPS.binding.edit,
    PUMP_KEEPERS,
  ),
  clinicalPage(
    'pump',
    'history',
    14,
    ['Pump history', '泵使用记录'],
    'HistoryOutlined',
    PUMPS.history.list,
    WARD_STAFF,
  ),
  clinicalPage(
    'pump',
    'manufacturer',
    20,
    ['Manufacturers', '泵厂家'],
    'AppstoreOutlined',
    PUMPS.manufacturers.list,
    ADMIN,
  ),
  button(
    'pump.manufacturer',
    'edit',
    0,
    ['Add, edit and stop', '新增、编辑与启停'],
    PUMPS.manufacturers.edit,
    ADMIN,
  ),
  button('pump.manufacturer', 'delete', 1, ['Delete', '删除'], PUMPS.manufacturers.delete, ADMIN),
  // Wall screens and the ward dashboard (issue 20): the dashboard for every ward role, the links of
  // the wall displays for administrators (the big screens themselves are public routes, see docs/api.md)
  {
    key: 'monitor',
    path: '#',
    component: null,
    labelEn: 'Dashboards and screens',
    labelZh: '看板与大屏',
    icon: 'FundProjectionScreenOutlined',
    sort: 430,
    roles: ALL_ROLES,
  },
  clinicalPage(
    'monitor',
    'ward',
    10,
    ['Ward dashboard', '病区看板'],
    'DashboardOutlined',
    MONITOR.wardDashboard.list,
    ALL_ROLES,
  ),
  clinicalPage(
    'monitor',
    'link',
    20,
    ['Wall screen links', '院内大屏链接'],
    'LinkOutlined',
    MONITOR.screenLinks.list,
    ADMIN,
  ),
  button('monitor.link', 'edit', 0, ['Create and revoke', '创建与撤销'], MONITOR.screenLinks.edit, ADMIN),
  {
    key: 'system',
    path: '#',
    component: null,
    labelEn: 'System administration',
    labelZh: '系统管理',
    icon: 'SettingOutlined',
    sort: 800,
    roles: ADMIN,
  },
  ...adminPage('department', SYSTEM.departments, 10, ['Departments', '科室管理'], 'ApartmentOutlined', [
    ['edit', 'Add and edit', '新增与编辑'],
    ['delete', 'Delete', '删除'],
  ]),
  ...adminPage('user', SYSTEM.staff, 20, ['Staff', '人员管理'], 'TeamOutlined', [
    ['edit', 'Add and edit', '新增与编辑'],
    ['delete', 'Delete', '删除'],
    ['resetPassword', 'Reset password', '重置密码'],
  ]),
  ...adminPage('role', SYSTEM.roles, 30, ['Roles', '角色管理'], 'SafetyCertificateOutlined', [
    ['edit', 'Add, edit and grant', '新增、编辑与授权'],
    ['delete', 'Delete', '删除'],
  ]),
  ...adminPage('menu', SYSTEM.menus, 40, ['Menus', '菜单管理'], 'MenuOutlined', [
    ['edit', 'Add and edit', '新增与编辑'],
    ['delete', 'Delete', '删除'],
  ]),
  ...adminPage('drug', SYSTEM.drugs, 50, ['Drugs', '药品管理'], 'MedicineBoxOutlined', [
    ['edit', 'Add and edit', '新增与编辑'],
    ['delete', 'Delete', '删除'],
  ]),
  ...adminPage('template', SYSTEM.orderTemplates, 60, ['Order templates', '医嘱模板'], 'ProfileOutlined', [
    ['edit', 'Add, edit and enable', '新增、编辑与启停'],
    ['delete', 'Delete', '删除'],
  ]),
  ...adminPage('event', SYSTEM.glucoseEvents, 70, ['Glucose events', '血糖事件'], 'CalendarOutlined', [
    ['edit', 'Add, edit and enable', '新增、编辑与启停'],
    ['delete', 'Delete', '删除'],
  ]),
  ...adminPage(
    'suggestion',
    SYSTEM.suggestions,
    75,
    ['Management suggestions', '管理建议'],
    'SolutionOutlined',
    [
      ['edit', 'Add and edit', '新增与编辑'],
      ['delete', 'Delete', '删除'],
    ],
  ),
  ...adminPage('dictionary', SYSTEM.dictionaries, 80, ['Dictionaries', '数据字典'], 'DatabaseOutlined', [
    ['edit', 'Add and edit', '新增与编辑'],
    ['delete', 'Delete', '删除'],
  ]),
  ...adminPage('audit', SYSTEM.auditLog, 90, ['Audit log', '审计日志'], 'FileSearchOutlined', []),
  // HL7 and FHIR with the hospital's HIS, LIS and EMR (issue 21): the interface screen for
  // administrators (hospital IT), with resend and the read-only FHIR API as its buttons
  ...adminPage('interop', INTEROP.messages, 92, ['Interface messages', '接口消息'], 'ApiOutlined', [
    ['resend', 'Resend outbound messages', '重发外发消息'],
  ]),
  button(
    'system.interop',
    'fhir',
    1,
    ['FHIR R4 API (read)', 'FHIR R4 接口（只读）'],
    INTEROP.fhir.read,
    ADMIN,
  ),
  // The hospital name is edited from the hospital settings screen (a later issue): a hidden group
  // holds its permission so that roles can be granted it now.
  {
    key: 'system.tenant',
    parentKey: 'system',
    path: '#',
    component: null,
    labelEn: 'Hospital information',
    labelZh: '医院信息',
    icon: 'ToolOutlined',
    sort: 95,
    hidden: true,
    roles: ADMIN,
  },
  {
    key: 'system.tenant.edit',
    parentKey: 'system.tenant',
    path: '#',
    component: null,
    labelEn: 'Edit the hospital name',
    labelZh: '修改医院名称',
    sort: 0,
    kind: 'button',
    permission: SYSTEM.hospitalName.edit,
    roles: ADMIN,
  },
  {
    key: 'settings',
    path: '#',
    component: null,
    labelEn: 'Hospital settings',
    labelZh: '医院设置',
    icon: 'ControlOutlined',
    sort: 850,
    roles: ADMIN,
  },
  ...settingsPage('hospital', SETTINGS.hospital, 10, ['Hospital info', '医院信息与通讯'], 'BankOutlined'),
  ...settingsPage('period', SETTINGS.periods, 20, ['Periods', '血糖与胰岛素时段'], 'FieldTimeOutlined'),
  ...settingsPage('crisis', SETTINGS.criticalValues, 30, ['Critical values', '危急值设置'], 'AlertOutlined'),
  ...settingsPage('target', SETTINGS.qcTargets, 40, ['QC target values', '质控靶值'], 'AimOutlined'),
  ...settingsPage(
    'catalogue',
    SETTINGS.catalogues,
    50,
    ['Units and reasons', '单位、标签与原因'],
    'TagsOutlined',
  ),
  ...settingsPage('symptom', SETTINGS.symptoms, 60, ['Symptoms, plans', '症状与方案配置'], 'HeartOutlined'),
  ...settingsPage('inspection', SETTINGS.labItems, 70, ['Lab items', '检验项目与映射'], 'ExperimentOutlined'),
  ...settingsPage(
    'strategy',
    SETTINGS.strategies,
    80,
    ['Strategies', '会诊、大屏与 TIR'],
    'FundProjectionScreenOutlined',
  ),
  ...settingsPage('system', SETTINGS.system, 90, ['System settings', '系统参数'], 'ToolOutlined'),
  ...settingsPage('password', SETTINGS.passwordPolicy, 100, ['Password policy', '密码策略'], 'LockOutlined'),
  {
    key: 'account',
    path: '#',
    component: null,
    labelEn: 'Personal center',
    labelZh: '个人中心',
    icon: 'UserOutlined',
    sort: 900,
    roles: ALL_ROLES,
  },
  {
    key: 'account.activity',
    parentKey: 'account',
    path: '/account/activity',
    component: '/account/activity',
    labelEn: 'Sign-in activity',
    labelZh: '登录记录',
    icon: 'HistoryOutlined',
    sort: 10,
    roles: ALL_ROLES,
  },
];

export async function ensureShippedMenus(db: DbOrTx, tenantId: string): Promise<number> {
  const existing = await db
    .select({ id: menus.id, seedKey: menus.seedKey })
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), isNotNull(menus.seedKey)));
  const idByKey = new Map(existing.map((m) => [m.seedKey as string, m.id]));
  const roleRows = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(eq(roles.tenantId, tenantId));
  const roleIdByCode = new Map(roleRows.map((r) => [r.code, r.id]));
  let added = 0;
  for (const menu of SHIPPED_MENUS) {
    if (idByKey.has(menu.key)) continue;
    const parentId = menu.parentKey ? (idByKey.get(menu.parentKey) ?? null) : null;
    const [row] = await db
      .insert(menus)
      .values({
        tenantId,
        parentId,
        path: menu.path,
        component: menu.component,
        labelEn: menu.labelEn,
        labelZh: menu.labelZh,
        icon: menu.icon ?? null,
        sort: menu.sort,
        hidden: menu.hidden ?? false,
        kind: menu.kind ?? 'menu',
        permission: menu.permission ?? null,
        seedKey: menu.key,
      })
      .onConflictDoNothing()
      .returning({ id: menus.id });
    if (!row) continue;
    idByKey.set(menu.key, row.id);
    const grants = menu.roles.map((code) => roleIdByCode.get(code)).filter((id): id is number => id != null);
    if (grants.length) {
      await db.insert(roleMenus).values(grants.map((roleId) => ({ tenantId, roleId, menuId: row.id })));
    }
    added++;
  }
  return added;
}

/** Runs the menu catalogue over every tenant (at start, after migrations). */
export async function ensureShippedMenusForAllTenants(db: DbOrTx, only?: string[]): Promise<void> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(only?.length ? inArray(tenants.id, only) : undefined);
  for (const { id } of rows) await ensureShippedMenus(db, id);
}
