import { describe, expect, it } from 'vitest';
import { LANGUAGES, translate } from '../i18n/messages';
import {
  AUDIT_ENTITIES,
  AUDIT_ENTITY_KINDS,
  AUDIT_REASONS,
  AUDIT_SETTING_NAMES,
  auditEntityName,
  auditReasonText,
  auditSettingName,
  auditUserSettingName,
} from './audit-kinds';

describe('audit kinds', () => {
  it('names every kind, setting and reason in both languages, each name distinct within its language', () => {
    for (const map of [AUDIT_ENTITIES, AUDIT_SETTING_NAMES, AUDIT_REASONS]) {
      for (const lang of LANGUAGES) {
        const names = Object.values(map).map((names) => names[lang].trim());
        expect(names.every(Boolean)).toBe(true);
        if (map !== AUDIT_REASONS) expect(new Set(names).size).toBe(names.length);
      }
    }
    expect(AUDIT_ENTITY_KINDS).toContain('crisisRule');
  });

  it('reads a kind in the viewer’s language and leaves one it does not know as spelled', () => {
    expect(auditEntityName('crisisRule', 'en-US')).toBe('Critical values');
    expect(auditEntityName('crisisRule', 'zh-CN')).toBe('危急值');
    expect(auditEntityName('x12Message', 'zh-CN')).toBe('x12Message');
    expect(auditEntityName('labResult', 'zh-CN')).toBe('检验结果');
  });

  it('names feature switches and item displays from their own names', () => {
    expect(auditSettingName('feature.virtualWard', 'zh-CN')).toBe(
      translate('zh-CN', 'settings.feature.virtualWard.name'),
    );
    expect(auditSettingName('feature.recordApproval', 'en-US')).toBe('Measurement approval');
    expect(auditSettingName('itemDisplay.KET', 'zh-CN')).toBe('血酮显示');
    expect(auditSettingName('feature.nothing', 'en-US')).toBe('feature.nothing');
    expect(auditSettingName('nodot', 'en-US')).toBe('nodot');
    expect(auditUserSettingName('12.testTimeAsc', 'en-US')).toBe('Readings oldest first');
  });

  it('translates the reasons the server records and keeps typed ones as typed', () => {
    expect(auditReasonText('wrong password', 'zh-CN')).toBe('密码错误');
    expect(auditReasonText('5 failed attempts in a row', 'en-US')).toBe('5 failed sign-ins in a row');
    expect(auditReasonText('5 failed attempts in a row', 'zh-CN')).toBe('连续 5 次登录失败');
    expect(auditReasonText('抄写错误，已核对', 'en-US')).toBe('抄写错误，已核对');
    expect(auditReasonText(null, 'en-US')).toBeNull();
    expect(auditReasonText('', 'en-US')).toBeNull();
  });
});
