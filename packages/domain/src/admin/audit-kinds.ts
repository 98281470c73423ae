import { featureNameKey } from '../hospital-settings/system';
import { isMessageKey, type Lang, translate } from '../i18n/messages';

/** A name as people read it, in each language. */
export type Names = Readonly<Record<Lang, string>>;

/**
 * Every kind of record the server writes audit rows about (`audit_log.entity`), with its name in both
 * languages, in the order the audit page's kind filter lists them (grouped as the menus are). The
 * server's `writeAudit` only accepts these kinds, and a server test reads every audit write in the
 * source and fails on a kind missing here, so a new kind cannot reach the log without a name.
 */
export const AUDIT_ENTITIES = {
  // people and access
  user: { 'en-US': 'Staff member', 'zh-CN': '用户' },
  session: { 'en-US': 'Sign-in session', 'zh-CN': '登录会话' },
  role: { 'en-US': 'Role', 'zh-CN': '角色' },
  menu: { 'en-US': 'Menu', 'zh-CN': '菜单' },
  department: { 'en-US': 'Department', 'zh-CN': '科室' },
  tenant: { 'en-US': 'Hospital name', 'zh-CN': '医院名称' },
  userSetting: { 'en-US': 'Personal preference', 'zh-CN': '个人偏好' },
  // hospital settings
  setting: { 'en-US': 'Hospital setting', 'zh-CN': '医院参数' },
  crisisRule: { 'en-US': 'Critical values', 'zh-CN': '危急值' },
  crisisGrade: { 'en-US': 'Critical value grade', 'zh-CN': '危急值等级' },
  ageBracket: { 'en-US': 'Age bracket', 'zh-CN': '年龄段' },
  gluPeriod: { 'en-US': 'Glucose period', 'zh-CN': '血糖时段' },
  insulinPeriod: { 'en-US': 'Insulin period', 'zh-CN': '胰岛素时段' },
  targetSetting: { 'en-US': 'QC target value', 'zh-CN': '质控靶值' },
  inspectionPackage: { 'en-US': 'Inspection package', 'zh-CN': '检验套餐' },
  inspectionItem: { 'en-US': 'Inspection item', 'zh-CN': '检验项目' },
  mappingItem: { 'en-US': 'Inspection item mapping', 'zh-CN': '检验项目映射' },
  unit: { 'en-US': 'Unit', 'zh-CN': '单位' },
  tagOption: { 'en-US': 'Tag', 'zh-CN': '标签' },
  adviceFrequency: { 'en-US': 'Order frequency', 'zh-CN': '医嘱频次' },
  // catalogues
  drug: { 'en-US': 'Drug', 'zh-CN': '药品' },
  drugCategory: { 'en-US': 'Drug category', 'zh-CN': '药品类别' },
  pumpManufacturer: { 'en-US': 'Pump manufacturer', 'zh-CN': '泵厂家' },
  insulinPump: { 'en-US': 'Insulin pump', 'zh-CN': '胰岛素泵' },
  analyzer: { 'en-US': 'Glucose meter (analyzer)', 'zh-CN': '血糖仪' },
  analyzerLoan: { 'en-US': 'Spare meter loan', 'zh-CN': '备用血糖仪借用' },
  controlSolution: { 'en-US': 'Control solution lot', 'zh-CN': '质控液' },
  testStrip: { 'en-US': 'Test strip lot', 'zh-CN': '试纸' },
  pumpBinding: { 'en-US': 'Pump binding (up-pump, down-pump)', 'zh-CN': '上泵/下泵' },
  pumpTubeChange: { 'en-US': 'Pump tube change', 'zh-CN': '换管' },
  pumpBasalProfile: { 'en-US': 'Pump basal profile', 'zh-CN': '基础率设置' },
  orderTemplate: { 'en-US': 'Order template', 'zh-CN': '医嘱模板' },
  gluEvent: { 'en-US': 'Glucose event', 'zh-CN': '血糖事件' },
  gluEventItem: { 'en-US': 'Glucose event item', 'zh-CN': '血糖事件项' },
  suggestion: { 'en-US': 'Management suggestion', 'zh-CN': '管理建议' },
  dictEntry: { 'en-US': 'Dictionary entry', 'zh-CN': '字典项' },
  // clinical
  patient: { 'en-US': 'Patient', 'zh-CN': '患者' },
  hisPatient: { 'en-US': 'HIS patient (not admitted)', 'zh-CN': 'HIS 患者（未入院）' },
  patientGluEvent: { 'en-US': 'Patient glucose event', 'zh-CN': '患者血糖事件' },
  measurement: { 'en-US': 'Measurement', 'zh-CN': '测量记录' },
  insulinRecord: { 'en-US': 'Insulin record', 'zh-CN': '胰岛素记录' },
  patientOrder: { 'en-US': 'Medical order', 'zh-CN': '医嘱' },
  consultation: { 'en-US': 'Consultation', 'zh-CN': '会诊' },
  virtualWardStay: { 'en-US': 'Virtual-ward stay', 'zh-CN': '虚拟病房入组记录' },
  labResult: { 'en-US': 'Lab result', 'zh-CN': '检验结果' },
  medicationOrder: { 'en-US': 'Medication order', 'zh-CN': '用药医嘱' },
  criticalEvent: { 'en-US': 'Critical value event', 'zh-CN': '危急值事件' },
  recordLink: { 'en-US': 'Record link', 'zh-CN': '记录链接' },
  virtualWardFollowup: { 'en-US': 'Virtual-ward follow-up record', 'zh-CN': '虚拟病房随访记录' },
  appointment: { 'en-US': 'Pre-admission appointment', 'zh-CN': '入院预约' },
  screenLink: { 'en-US': 'Screen link', 'zh-CN': '院内大屏链接' },
  hl7Message: { 'en-US': 'HL7 interface message', 'zh-CN': 'HL7 接口消息' },
  // quality control (issue 19)
  qcRecord: { 'en-US': 'QC record', 'zh-CN': '质控记录' },
  qcLockOverride: { 'en-US': 'QC lockout override', 'zh-CN': '质控锁定解除' },
  // quality control
  qcMonthlyReport: { 'en-US': 'QC monthly report', 'zh-CN': '质控月报' },
} as const satisfies Record<string, Names>;

export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_KINDS = Object.keys(AUDIT_ENTITIES) as AuditEntity[];

export function isAuditEntity(value: string): value is AuditEntity {
  return Object.hasOwn(AUDIT_ENTITIES, value);
}

/** The name of an audited kind; a kind this build does not know (rows of a newer server) as spelled. */
export function auditEntityName(kind: string, lang: Lang): string {
  return isAuditEntity(kind) ? AUDIT_ENTITIES[kind][lang] : kind;
}

/**
 * Names of the hospital settings (`setting` rows name the key in `entity_id`). Feature switches
 * (`feature.<key>`) take the switch's own name and the item display settings (`itemDisplay.<item>`)
 * the item's, so they are not listed here.
 */
export const AUDIT_SETTING_NAMES = {
  'password.policy': { 'en-US': 'Password policy', 'zh-CN': '密码策略' },
  // no longer a setting (issue 22: one-time passwords); named for the audit rows of earlier versions
  'password.default': { 'en-US': 'Default password', 'zh-CN': '默认密码' },
  'his.sso': { 'en-US': 'HIS single sign-on', 'zh-CN': 'HIS 单点登录' },
  'his.interface': { 'en-US': 'HIS / LIS interface', 'zh-CN': 'HIS / LIS 接口' },
  'workMode.isOutside': { 'en-US': 'Out-of-hospital mode', 'zh-CN': '院外模式' },
  'fileStorage.path': { 'en-US': 'File storage', 'zh-CN': '文件存储' },
  'report.title': { 'en-US': 'Printed report title', 'zh-CN': '打印报告标题' },
  'hospital.timeZone': { 'en-US': 'Hospital time zone', 'zh-CN': '医院时区' },
  'display.showClockTime': { 'en-US': 'Show clock times', 'zh-CN': '显示时钟时间' },
  'display.periodShowStrategy': { 'en-US': 'How periods show', 'zh-CN': '时段显示方式' },
  'strategy.autoConsultation': { 'en-US': 'Auto consultation triggers', 'zh-CN': '自动会诊触发条件' },
  'strategy.monitor': { 'en-US': 'Monitoring strategy', 'zh-CN': '监测策略' },
  'strategy.screen': { 'en-US': 'Hospital big screen', 'zh-CN': '院内大屏' },
  'strategy.tir': { 'en-US': 'Time in range (TIR)', 'zh-CN': '目标范围内时间（TIR）' },
  'strategy.baseline': { 'en-US': 'Baseline', 'zh-CN': '基线' },
  'strategy.criticalLoop': { 'en-US': 'Critical-value loop', 'zh-CN': '危急值闭环' },
  'strategy.shifts': { 'en-US': 'Shifts', 'zh-CN': '班次' },
  'strategy.pump': { 'en-US': 'Insulin pump strategy', 'zh-CN': '胰岛素泵策略' },
  'virtualWard.autoJoin': { 'en-US': 'Virtual ward: join automatically', 'zh-CN': '虚拟病房：自动入组' },
  'virtualWard.gluMinValue': { 'en-US': 'Virtual ward: glucose to join', 'zh-CN': '虚拟病房：入组血糖' },
  'virtualWard.hbA1cMinValue': {
    'en-US': 'Virtual ward: HbA1c to join',
    'zh-CN': '虚拟病房：入组糖化血红蛋白',
  },
  'virtualWard.managingDepartment': {
    'en-US': 'Virtual ward: managing department',
    'zh-CN': '虚拟病房：管理科室',
  },
  'virtualWard.reviewCriteria': {
    'en-US': 'Virtual ward: daily review criteria',
    'zh-CN': '虚拟病房：每日审阅条件',
  },
  'qc.strategy': { 'en-US': 'QC strategy', 'zh-CN': '质控策略' },
} as const satisfies Record<string, Names>;

/** Names of the personal preferences (`userSetting` rows name `<user id>.<key>`). */
export const AUDIT_USER_SETTING_NAMES = {
  testTimeAsc: { 'en-US': 'Readings oldest first', 'zh-CN': '测量记录按时间正序' },
} as const satisfies Record<string, Names>;

function nameIn(map: Record<string, Names>, key: string, lang: Lang): string | null {
  return Object.hasOwn(map, key) ? map[key][lang] : null;
}

/** The name of a hospital setting by its key; a key this build does not know as spelled. */
export function auditSettingName(key: string, lang: Lang): string {
  const known = nameIn(AUDIT_SETTING_NAMES, key, lang);
  if (known) return known;
  const [head, rest] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
  if (head === 'feature') {
    const message = featureNameKey(rest as Parameters<typeof featureNameKey>[0]);
    if (isMessageKey(message)) return translate(lang, message);
  }
  if (head === 'itemDisplay') {
    const item = `measurements.item.${rest}`;
    if (isMessageKey(item)) {
      const name = translate(lang, item);
      return lang === 'en-US' ? `Display of ${name}` : `${name}显示`;
    }
  }
  return key;
}

/** The name of a personal preference (`<user id>.<key>` or the bare key). */
export function auditUserSettingName(entityId: string, lang: Lang): string {
  const key = entityId.slice(entityId.indexOf('.') + 1);
  return nameIn(AUDIT_USER_SETTING_NAMES, key, lang) ?? key;
}

/**
 * Reasons the server itself records (sign-in failures, forced password changes, resets), keyed as it
 * records them: short English codes that stay stable in the log, read here in the viewer's language.
 */
export const AUDIT_REASONS = {
  'unknown user': { 'en-US': 'Unknown user name', 'zh-CN': '用户名不存在' },
  'unknown tenant': { 'en-US': 'Unknown organisation code', 'zh-CN': '机构代码不存在' },
  'wrong password': { 'en-US': 'Wrong password', 'zh-CN': '密码错误' },
  locked: { 'en-US': 'Account locked', 'zh-CN': '账号已锁定' },
  'locked, wrong password': { 'en-US': 'Account locked; wrong password', 'zh-CN': '账号已锁定；密码错误' },
  disabled: { 'en-US': 'Account disabled', 'zh-CN': '账号已停用' },
  'account expired': { 'en-US': 'Account past its expiry date', 'zh-CN': '账号已过有效期' },
  'account unavailable': {
    'en-US': 'Account disabled, locked or past its expiry date',
    'zh-CN': '账号已停用、锁定或过期',
  },
  initial: { 'en-US': 'Initial password must be changed', 'zh-CN': '初始密码须修改' },
  'initial password': { 'en-US': 'Initial password changed', 'zh-CN': '已修改初始密码' },
  expired: { 'en-US': 'Password expired', 'zh-CN': '密码已过期' },
  'reset to default': { 'en-US': 'Reset to the default password', 'zh-CN': '重置为默认密码' },
  'one-time password': { 'en-US': 'Reset to a one-time password', 'zh-CN': '重置为一次性密码' },
  'unlocked by administrator': { 'en-US': 'Unlocked by an administrator', 'zh-CN': '管理员解锁' },
  'bad signature': { 'en-US': 'Invalid HIS signature', 'zh-CN': 'HIS 签名无效' },
  'stale timestamp': { 'en-US': 'HIS request too old', 'zh-CN': 'HIS 请求已过期' },
  'nonce replayed': { 'en-US': 'HIS request already used', 'zh-CN': 'HIS 请求已被使用' },
} as const satisfies Record<string, Names>;

/** Lockouts record how many failures in a row caused them. */
const LOCKOUT = /^(\d+) failed attempts in a row$/;

/**
 * A recorded reason in the viewer's language: the server's own codes translated; what a person typed
 * (a correction's or a transfer's reason) as typed.
 */
export function auditReasonText(reason: string | null | undefined, lang: Lang): string | null {
  if (!reason) return null;
  const known = nameIn(AUDIT_REASONS, reason, lang);
  if (known) return known;
  const lockout = LOCKOUT.exec(reason);
  if (lockout)
    return lang === 'en-US' ? `${lockout[1]} failed sign-ins in a row` : `连续 ${lockout[1]} 次登录失败`;
  return reason;
}
