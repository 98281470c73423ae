import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localizedIssues } from '../validation';
import {
  displayUnitOf,
  FEATURE_KEYS,
  featureQuerySchema,
  featureSwitchSchema,
  fileStorageSchema,
  hisSettingOf,
  hisSettingSchema,
  ITEM_DISPLAY_UNITS,
  isHostAddress,
  itemDisplaySchema,
  passwordExpirySchema,
  passwordLengthSchema,
  periodShowStrategySchema,
  reportTitleSchema,
  switchSettingSchema,
} from './system';

const en = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'en-US');
const zh = (schema: z.ZodType, data: unknown) => localizedIssues(schema, data, 'zh-CN');

describe('host addresses', () => {
  it('takes host names, IPv4 and IPv6 addresses', () => {
    for (const host of [
      'his',
      'his.hospital.local',
      'lis-01.example.org',
      '10.0.0.5',
      '::1',
      'fe80::1',
      '2001:db8::8a2e:370:7334',
    ]) {
      expect(isHostAddress(host), host).toBe(true);
    }
  });

  it('refuses URLs, paths, ports, spaces and mistyped IPv4 addresses', () => {
    for (const host of [
      'http://his.local',
      'his.local/hl7',
      'his.local:2575',
      'his local',
      '999.1.1.1',
      '10.0.0',
      '-his.local',
      'his..local',
      `${'a'.repeat(64)}.local`,
      '[::1]',
    ]) {
      expect(isHostAddress(host), host).toBe(false);
    }
  });
});

describe('HIS interface', () => {
  const valid = { address: { address: '10.0.0.5', port: 2575 }, enable: true };

  it('accepts a full setting, a port as digits, and an empty address while off', () => {
    expect(en(hisSettingSchema, valid)).toEqual([]);
    expect(en(hisSettingSchema, { ...valid, address: { address: 'his.local', port: '2575' } })).toEqual([]);
    expect(en(hisSettingSchema, { address: { address: '', port: '' }, enable: false })).toEqual([]);
    expect(en(hisSettingSchema, { enable: false })).toEqual([]);
  });

  it('needs address and port to switch the service on', () => {
    expect(en(hisSettingSchema, { address: { address: ' ', port: null }, enable: true })).toEqual([
      { field: 'address.address', message: 'Please enter the server address to switch the HL7 service on' },
      { field: 'address.port', message: 'Please enter the server port to switch the HL7 service on' },
    ]);
    expect(zh(hisSettingSchema, { enable: true })).toEqual([
      { field: 'address.address', message: '开启 HL7 服务需填写服务器地址' },
      { field: 'address.port', message: '开启 HL7 服务需填写服务器端口' },
    ]);
  });

  it('checks the address format and the port as §5 digits and a network port', () => {
    expect(
      en(hisSettingSchema, { ...valid, address: { address: 'http://his.local/hl7', port: 2575 } }),
    ).toEqual([{ field: 'address.address', message: 'Incorrect address format' }]);
    expect(zh(hisSettingSchema, { ...valid, address: { address: 'his local', port: 2575 } })).toEqual([
      { field: 'address.address', message: '地址格式不正确' },
    ]);
    expect(en(hisSettingSchema, { ...valid, address: { address: 'his', port: '25a' } })).toEqual([
      { field: 'address.port', message: 'The server port must be a whole number of 1-6 digits' },
    ]);
    expect(en(hisSettingSchema, { ...valid, address: { address: 'his', port: 70000 } })).toEqual([
      { field: 'address.port', message: 'The server port must be a network port from 1 to 65535' },
    ]);
    expect(zh(hisSettingSchema, { ...valid, address: { address: 'his', port: '0' } })).toEqual([
      { field: 'address.port', message: '服务器端口须为 1-65535 之间的网络端口' },
    ]);
  });

  it('refuses a switch that is not a boolean and unknown fields', () => {
    expect(en(hisSettingSchema, { ...valid, enable: 'true' })).toEqual([
      { field: 'enable', message: 'Please choose on or off' },
    ]);
    expect(en(hisSettingSchema, { ...valid, secret: 'x' })).toEqual([
      { field: 'secret', message: 'Unrecognized key: "secret"' },
    ]);
  });

  it('stores blanks as null and the port as a number', () => {
    expect(
      hisSettingOf({ address: { address: ' his ', port: '2575' }, listenPort: '2576', enable: true }),
    ).toEqual({
      address: { address: 'his', port: 2575 },
      listenPort: 2576,
      enable: true,
    });
    expect(hisSettingOf({ enable: false })).toEqual({
      address: { address: null, port: null },
      listenPort: null,
      enable: false,
    });
  });
});

describe('file storage', () => {
  const issues = (path: unknown, lang: 'en' | 'zh' = 'en') =>
    (lang === 'en' ? en : zh)(fileStorageSchema, { path });

  it('takes absolute server paths and http(s) URLs', () => {
    for (const path of [
      '/data/glucocare/files',
      '/',
      'https://files.hospital.local/glucocare',
      'http://10.0.0.9:8080/share',
    ]) {
      expect(issues(path), path).toEqual([]);
    }
  });

  it('explains each refusal', () => {
    expect(issues('')).toEqual([{ field: 'path', message: 'Please enter the file storage location' }]);
    expect(issues('data/files')).toEqual([
      {
        field: 'path',
        message:
          'Enter an absolute server path starting with / (such as /data/glucocare/files) or an http(s) URL',
      },
    ]);
    expect(issues('//server/share')[0]?.message).toMatch(/absolute server path/);
    expect(issues('/data/../etc')).toEqual([
      { field: 'path', message: 'The location must not contain ".." segments' },
    ]);
    expect(issues('https://files.local/a/../b', 'zh')).toEqual([
      { field: 'path', message: '位置中不能包含 ".." 路径段' },
    ]);
    expect(issues('/data/\tfiles')).toEqual([
      {
        field: 'path',
        message: 'The location must not contain control characters such as tabs or line breaks',
      },
    ]);
    expect(issues('ftp://files.local/x')).toEqual([
      { field: 'path', message: 'Enter a valid http or https URL with a host name' },
    ]);
    expect(issues('https:///nohost')[0]?.message).toBe('Enter a valid http or https URL with a host name');
    expect(issues('https://user:secret@files.local/x', 'zh')).toEqual([
      { field: 'path', message: '网址中不能包含用户名或密码' },
    ]);
    expect(issues(`/${'a'.repeat(255)}`)).toEqual([
      { field: 'path', message: 'The file storage location must be at most 255 characters' },
    ]);
    // the file name "..foo" is not a parent segment
    expect(issues('/data/..foo')).toEqual([]);
  });
});

describe('report title', () => {
  it('title 2-50, optional subtitle up to 50', () => {
    expect(en(reportTitleSchema, { title: 'Glucose report' })).toEqual([]);
    expect(en(reportTitleSchema, { title: 'Glucose report', subtitle: null })).toEqual([]);
    expect(en(reportTitleSchema, { title: 'G' })).toEqual([
      { field: 'title', message: 'The report title must be 2-50 characters' },
    ]);
    expect(zh(reportTitleSchema, { title: ' ' })).toEqual([{ field: 'title', message: '请输入报告标题' }]);
    expect(zh(reportTitleSchema, { title: '血糖报告', subtitle: '副'.repeat(51) })).toEqual([
      { field: 'subtitle', message: '副标题不能超过 50 个字符' },
    ]);
  });
});

describe('system switches and strategies', () => {
  it('a switch body is { value: boolean }', () => {
    expect(en(switchSettingSchema, { value: false })).toEqual([]);
    expect(zh(switchSettingSchema, { value: 1 })).toEqual([{ field: 'value', message: '请选择开启或关闭' }]);
    expect(en(switchSettingSchema, {})).toEqual([{ field: 'value', message: 'Please choose on or off' }]);
  });

  it('the period display strategy is all or measured', () => {
    expect(en(periodShowStrategySchema, { value: 'measured' })).toEqual([]);
    expect(en(periodShowStrategySchema, { value: 'some' })).toEqual([
      { field: 'value', message: 'The period display must be all or measured' },
    ]);
    expect(zh(periodShowStrategySchema, { value: '' })).toEqual([
      { field: 'value', message: '请选择时段显示方式' },
    ]);
  });

  it('feature switches come from a fixed list', () => {
    expect(FEATURE_KEYS).toEqual(['recordApproval', 'criticalAlert', 'autoConsultation', 'virtualWard']);
    expect(en(featureSwitchSchema, { key: 'criticalAlert', value: false })).toEqual([]);
    expect(en(featureSwitchSchema, { key: 'maskPatientNames', value: true })).toEqual([
      { field: 'key', message: 'Unknown feature switch' },
    ]);
    expect(zh(featureQuerySchema, { key: 'x' })).toEqual([{ field: 'key', message: '未知的功能开关' }]);
    expect(en(featureQuerySchema, {})).toEqual([]);
  });
});

describe('item display units', () => {
  it('lists the units per item with their precision', () => {
    expect(ITEM_DISPLAY_UNITS.GLU.map((u) => [u.code, u.precision])).toEqual([
      ['mmolL', 1],
      ['mgDl', 0],
    ]);
    expect(displayUnitOf('KET', 'mmolL')?.precision).toBe(2);
    expect(displayUnitOf('UA', 'umolL')?.precision).toBe(0);
    expect(displayUnitOf('KET', 'mgDl')).toBeUndefined();
  });

  it('refuses a unit the item does not support', () => {
    expect(en(itemDisplaySchema, { item: 'GLU', unit: 'mgDl' })).toEqual([]);
    expect(en(itemDisplaySchema, { item: 'KET', unit: 'mgDl' })).toEqual([
      { field: 'unit', message: 'This item cannot be shown in that unit' },
    ]);
    expect(zh(itemDisplaySchema, { item: 'HBA', unit: 'mgDl' })).toEqual([
      { field: 'item', message: '项目须为 GLU、KET 或 UA' },
    ]);
  });
});

describe('password policy', () => {
  it('lengths are whole numbers, 6 ≤ min ≤ max ≤ 32', () => {
    expect(en(passwordLengthSchema, { minLength: 8, maxLength: 8 })).toEqual([]);
    expect(en(passwordLengthSchema, { minLength: 10, maxLength: 8 })).toEqual([
      { field: 'minLength', message: 'Shortest length must not exceed longest' },
    ]);
    expect(zh(passwordLengthSchema, { minLength: 5, maxLength: 33 })).toEqual([
      { field: 'minLength', message: '长度须为 6-32 之间的整数' },
      { field: 'maxLength', message: '长度须为 6-32 之间的整数' },
    ]);
    expect(en(passwordLengthSchema, { minLength: 6.5, maxLength: 12 })).toEqual([
      { field: 'minLength', message: 'The length must be a whole number from 6 to 32' },
    ]);
    expect(en(passwordLengthSchema, { maxLength: 12 })).toEqual([
      { field: 'minLength', message: 'Please enter the shortest length' },
    ]);
  });

  it('validity is 0-120 whole months', () => {
    expect(en(passwordExpirySchema, { value: 0 })).toEqual([]);
    expect(en(passwordExpirySchema, { value: 121 })).toEqual([
      {
        field: 'value',
        message: 'The validity must be a whole number of months from 0 to 120 (0 = never expires)',
      },
    ]);
    expect(zh(passwordExpirySchema, { value: '3' })[0]?.field).toBe('value');
    expect(zh(passwordExpirySchema, {})).toEqual([{ field: 'value', message: '请输入有效期（月）' }]);
  });
});
