/**
 * Messages the API answers with and the web shows for validation: one catalogue per language,
 * identical key sets (checked by messages.test.ts). Keys are stable identifiers; the server picks
 * the language from Accept-Language, the web from the user's choice.
 */
export const LANGUAGES = ['en-US', 'zh-CN'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en-US';

const enUS = {
  ok: 'Success',
  'error.generic': 'Error',
  'error.notFound': 'Page is not found',
  'error.routeNotFound': 'Not found',
  'error.internal': 'The page went wrong!',
  'error.unavailable': 'The service is temporarily unavailable, please try again shortly',
  'error.timeout': 'The request took too long and was stopped',
  'error.badRequest': 'Please check the parameter formatting',
  'error.unsupportedMediaType': 'Request bodies must be JSON (Content-Type: application/json)',
  'error.invalidJson': 'The request body is not valid JSON',
  'error.nulByte': 'Text must not contain NUL characters',
  'error.bodyTooLarge': 'The request body is too large',
  'error.rateLimited': 'Too many requests, please wait a moment and try again',
  'error.forbidden': 'You do not have permission for this action',
  'error.conflict': 'This record was changed by someone else; reload it and try again',
  'error.sessionInvalid': 'Your session has expired or is invalid, please log in again',
  'error.methodOverride': 'X-HTTP-Method-Override may only turn POST into PUT or GET into DELETE',
  'auth.loginFailed': 'Incorrect organisation code, username or password',
  'auth.passwordDecrypt': 'Incorrect password format',
  'auth.passwordChangeRequired': 'You must change your password before logging in',
  'auth.passwordExpired': 'Your password has expired; please change it before logging in',
  'auth.passwordUpdated': 'Password updated',
  'auth.loggedOut': 'Logged out',
  'auth.hisUnavailable': 'HIS single sign-on is not available',
  'auth.hisSignatureInvalid': 'The HIS sign-on request is invalid or has expired',
  'auth.userMismatch': 'You can only change your own password',
  'auth.oldPasswordWrong': 'The old password is incorrect',
  'password.required': 'Please enter the password',
  'password.oldRequired': 'Please enter the old password',
  'password.newRequired': 'Please enter the new password',
  'password.length': 'Incorrect password length: {{min}}-{{max}} characters',
  'password.sameAsOld': 'Old password must not equal new password',
  'password.strength': 'Incorrect password format: use upper-case letters, digits and special characters',
  'password.adminLength': 'Administrator passwords must be at least {{min}} characters',
  'password.confirmMismatch': 'The two passwords do not match',
  'password.ruleOrder': 'The shortest length must not exceed the longest',
  'login.userName.required': 'Please enter the username',
  'login.userName.length': 'The username must be 2-12 characters',
  'login.tenant.required': 'Please enter the organisation code',
  'login.tenant.length': 'The organisation code must be 3-8 characters',
  'login.password.length': 'The password must be 6-12 characters',
  'validation.required': 'This field is required',
  'validation.string': 'Must be text',
  'validation.integer': 'Must be a whole number',
  'validation.positiveInteger': 'Must be a whole number of 1 or more',
  'validation.tooLong': 'Must be at most {{max}} characters',
  'validation.invalidDate': 'Must be a valid date',
  'profile.verifyFailed': 'Verification of information failed, please log in again',
  'menu.noPermission': 'This account does not have menu permissions, please assign menu permissions first',
  'error.recordNotFound': 'The record does not exist or has been deleted',
  'department.codeTaken': 'A department with this code already exists',
  'department.inUse': 'This department cannot be deleted while staff or patients belong to it',
  'department.hasChildren': 'Delete or move its sub-departments first',
  'department.parentInvalid': 'The parent must be another department that is not below this one',
  'user.nameTaken': 'This user name is already in use',
  'user.created':
    'Staff member added. They sign in with the default password {{password}} and must change it at first sign-in',
  'user.passwordReset': 'Password reset to the default {{password}}. The user must change it at next sign-in',
  'user.cannotDeleteSelf': 'You cannot delete or disable your own account',
  'user.scopeRequired': 'Choose at least one department for a department scope',
  'user.unknownDepartment': 'Unknown department: {{code}}',
  'user.unknownRole': 'Unknown role',
  'role.codeTaken': 'A role with this code already exists',
  'role.protected': 'The administrator role cannot be deleted or disabled',
  'menu.hasChildren': 'Delete its sub-menus first',
  'menu.parentInvalid': 'The parent must be another menu that is not below this one',
  'menu.unknown': 'Unknown menu',
  'department.code.required': 'Please enter the department code',
  'department.code.format': 'The code may use letters, digits, _ and -, up to 32 characters',
  'department.name.required': 'Please enter the department name',
  'department.name.length': 'The department name must be {{min}}-{{max}} characters',
  'role.code.required': 'Please enter the role code',
  'role.code.format': 'The role code starts with a letter and uses letters, digits and _ (2-32)',
  'role.name.required': 'Please enter the role name',
  'menu.path.required': 'Please enter the path (# for a group)',
  'menu.path.format': 'The path is # for a group or starts with /',
  'menu.component.format': 'The component key starts with /',
  'menu.label.required': 'Please enter the label in both languages',
  'menu.icon.format': 'The icon is an icon name such as HomeOutlined',
  'menu.permission.format': 'The permission code looks like area:thing:action',
  'user.userName.format': 'The user name is 2-12 letters, digits, ., _ or -',
  'user.nickName.required': 'Please enter the name',
} as const;

export type MessageKey = keyof typeof enUS;

const zhCN: Record<MessageKey, string> = {
  ok: '成功',
  'error.generic': '错误',
  'error.notFound': '页面不存在',
  'error.routeNotFound': '未找到',
  'error.internal': '页面出错了！',
  'error.unavailable': '服务暂时不可用，请稍后重试',
  'error.timeout': '请求时间过长，已被中止',
  'error.badRequest': '请检查参数格式',
  'error.unsupportedMediaType': '请求体必须为 JSON（Content-Type: application/json）',
  'error.invalidJson': '请求体不是有效的 JSON',
  'error.nulByte': '文本中不能包含 NUL 字符',
  'error.bodyTooLarge': '请求体过大',
  'error.rateLimited': '请求过于频繁，请稍后再试',
  'error.forbidden': '您没有执行此操作的权限',
  'error.conflict': '该记录已被他人修改，请刷新后重试',
  'error.sessionInvalid': '登录已失效，请重新登录',
  'error.methodOverride': 'X-HTTP-Method-Override 只能将 POST 改为 PUT，或将 GET 改为 DELETE',
  'auth.loginFailed': '机构代码、用户名或密码错误',
  'auth.passwordDecrypt': '密码格式不正确',
  'auth.passwordChangeRequired': '登录前必须修改密码',
  'auth.passwordExpired': '密码已过期，请修改密码后再登录',
  'auth.passwordUpdated': '密码已更新',
  'auth.loggedOut': '已退出登录',
  'auth.hisUnavailable': 'HIS 单点登录不可用',
  'auth.hisSignatureInvalid': 'HIS 登录请求无效或已过期',
  'auth.userMismatch': '只能修改自己的密码',
  'auth.oldPasswordWrong': '旧密码不正确',
  'password.required': '请输入密码',
  'password.oldRequired': '请输入旧密码',
  'password.newRequired': '请输入新密码',
  'password.length': '密码长度不正确：{{min}}-{{max}} 个字符',
  'password.sameAsOld': '新密码不能与旧密码相同',
  'password.strength': '密码格式不正确：须包含大写字母、数字和特殊字符',
  'password.adminLength': '管理员密码至少 {{min}} 个字符',
  'password.confirmMismatch': '两次输入的密码不一致',
  'password.ruleOrder': '最短长度不能超过最长长度',
  'login.userName.required': '请输入用户名',
  'login.userName.length': '用户名长度为 2-12 个字符',
  'login.tenant.required': '请输入机构代码',
  'login.tenant.length': '机构代码长度为 3-8 个字符',
  'login.password.length': '密码长度为 6-12 个字符',
  'validation.required': '此项为必填项',
  'validation.string': '必须为文本',
  'validation.integer': '必须为整数',
  'validation.positiveInteger': '必须为大于等于 1 的整数',
  'validation.tooLong': '最多 {{max}} 个字符',
  'validation.invalidDate': '必须为有效日期',
  'profile.verifyFailed': '信息验证失败，请重新登录',
  'menu.noPermission': '该账号没有菜单权限，请先分配菜单权限',
  'error.recordNotFound': '记录不存在或已被删除',
  'department.codeTaken': '该科室代码已存在',
  'department.inUse': '该科室下仍有人员或患者，不能删除',
  'department.hasChildren': '请先删除或移动其下级科室',
  'department.parentInvalid': '上级科室不能是本科室或其下级科室',
  'user.nameTaken': '该用户名已被使用',
  'user.created': '人员已添加。其首次登录使用默认密码 {{password}}，并须在首次登录时修改',
  'user.passwordReset': '密码已重置为默认密码 {{password}}，该用户下次登录时须修改密码',
  'user.cannotDeleteSelf': '不能删除或停用自己的账号',
  'user.scopeRequired': '按科室授权时请至少选择一个科室',
  'user.unknownDepartment': '未知科室：{{code}}',
  'user.unknownRole': '未知角色',
  'role.codeTaken': '该角色代码已存在',
  'role.protected': '管理员角色不能删除或停用',
  'menu.hasChildren': '请先删除其下级菜单',
  'menu.parentInvalid': '上级菜单不能是本菜单或其下级菜单',
  'menu.unknown': '未知菜单',
  'department.code.required': '请输入科室代码',
  'department.code.format': '代码可使用字母、数字、_ 和 -，最多 32 个字符',
  'department.name.required': '请输入科室名称',
  'department.name.length': '科室名称长度为 {{min}}-{{max}} 个字符',
  'role.code.required': '请输入角色代码',
  'role.code.format': '角色代码以字母开头，可使用字母、数字和 _（2-32 个字符）',
  'role.name.required': '请输入角色名称',
  'menu.path.required': '请输入路径（分组填 #）',
  'menu.path.format': '路径为 #（分组）或以 / 开头',
  'menu.component.format': '组件键以 / 开头',
  'menu.label.required': '请输入中英文名称',
  'menu.icon.format': '图标为图标名称，例如 HomeOutlined',
  'menu.permission.format': '权限代码形如 area:thing:action',
  'user.userName.format': '用户名为 2-12 个字母、数字、.、_ 或 -',
  'user.nickName.required': '请输入姓名',
};

export const messages: Record<Lang, Record<MessageKey, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(enUS, value);
}

/** Picks en-US or zh-CN from an Accept-Language header (q-values honoured); en-US is the fallback. */
export function resolveLang(acceptLanguage: string | undefined | null): Lang {
  if (!acceptLanguage) return DEFAULT_LANG;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LANG;
}

/** Message text for a key in a language, with {{name}} placeholders filled. */
export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const template = messages[lang][key] ?? messages[DEFAULT_LANG][key];
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A message key with its placeholder values, for schema errors whose text names both limits
 * (zod reports only the limit that was crossed): `withParams('x.length', { min: 2, max: 18 })`.
 */
export function withParams(key: MessageKey, params: Record<string, string | number>): string {
  return `${key}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
}

/** The key and params of a message written by `withParams` (or a bare key). */
export function parseMessageRef(text: string): { key: MessageKey; params: Record<string, string> } | null {
  const [key, query] = text.split('?', 2);
  if (!isMessageKey(key)) return null;
  return { key, params: Object.fromEntries(new URLSearchParams(query ?? '')) };
}
