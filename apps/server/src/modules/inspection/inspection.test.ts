import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let doctor: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  doctor = await t.login('101', 'doctor01', 'Doctor@2026');
});
afterAll(() => t.close());

type Package = {
  id: number;
  code: string;
  name: string;
  itemCount: number;
  isActive: boolean;
  version: number;
};
type Item = {
  id: number;
  packageId: number;
  code: string;
  name: string;
  unit: string | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  isActive: boolean;
  version: number;
};
type Mapping = {
  id: number;
  source: string;
  externalCode: string;
  targetKind: string;
  targetCode: string;
  targetName: string | null;
  version: number;
};

async function ok<T>(method: 'POST' | 'PUT', url: string, body: object, token = admin): Promise<T> {
  const res = await api(method, url, token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().dataContent;
}
const packages = async (token = admin) =>
  (await api('GET', '/v1/inspectionPackage/list', token)).json().dataContent as Package[];
const itemsOf = async (packageId: number, token = admin) =>
  (await api('GET', `/v1/inspectionItem/list?packageId=${packageId}`, token)).json().dataContent as Item[];
const mappingPage = async (query: string, token = admin) =>
  (await api('GET', `/v1/mappingItem/page?${query}`, token)).json().dataContent as {
    records: Mapping[];
    total: number;
  };

describe('packages and items', () => {
  it('lists the seeded packages with their item counts and items, for clinical staff too', async () => {
    const list = await packages(doctor);
    expect(list.map((p) => [p.code, p.name, p.itemCount])).toEqual([
      ['DM_PANEL', 'Diabetes panel', 5],
      ['RENAL', 'Renal function', 5],
    ]);
    const panel = await itemsOf(list[0].id, doctor);
    expect(panel[0]).toMatchObject({ code: 'HBA1C', unit: '%', referenceLow: 4, referenceHigh: 6 });
    const renal = await itemsOf(list[1].id);
    expect(renal.find((i) => i.code === 'UACR')).toMatchObject({ referenceLow: null, referenceHigh: 30 });
    const all = (await api('GET', '/v1/inspectionItem/list', admin)).json().dataContent as Item[];
    expect(all).toHaveLength(10);
  });

  it('creates, updates, stops and deletes a package and an item, each audited', async () => {
    const pkg = await ok<Package>('POST', '/v1/inspectionPackage', { code: 'LIPID', name: 'Lipid profile' });
    expect(pkg).toMatchObject({ code: 'LIPID', itemCount: 0, isActive: true, version: 1 });
    expect((await auditRows(t, 'inspectionPackage', pkg.id, 'create'))[0].after).toMatchObject({
      code: 'LIPID',
    });

    const item = await ok<Item>('POST', '/v1/inspectionItem', {
      packageId: pkg.id,
      code: 'LDL',
      name: 'LDL cholesterol',
      unit: 'mmol/L',
      referenceHigh: 3.4,
    });
    expect(item).toMatchObject({ packageId: pkg.id, unit: 'mmol/L', referenceLow: null, referenceHigh: 3.4 });
    expect((await itemsOf(pkg.id)).map((i) => i.id)).toEqual([item.id]);
    expect((await packages()).find((p) => p.id === pkg.id)?.itemCount).toBe(1);

    const edited = await ok<Item>('PUT', '/v1/inspectionItem', {
      id: item.id,
      version: 1,
      packageId: pkg.id,
      code: 'LDL',
      name: 'LDL-C',
      unit: '',
      referenceLow: null,
      referenceHigh: 2.6,
    });
    expect(edited).toMatchObject({ name: 'LDL-C', unit: null, referenceHigh: 2.6, version: 2 });
    expect((await auditRows(t, 'inspectionItem', item.id, 'update'))[0]).toMatchObject({
      before: { name: 'LDL cholesterol', unit: 'mmol/L' },
      after: { name: 'LDL-C', unit: null },
    });

    const stopped = await ok<Item>('PUT', '/v1/inspectionItem/status', {
      id: item.id,
      isActive: false,
      version: 2,
    });
    expect(stopped).toMatchObject({ isActive: false, version: 3 });
    expect(await auditRows(t, 'inspectionItem', item.id, 'disable')).toHaveLength(1);
    const staleItem = await api('PUT', '/v1/inspectionItem/status', admin, {
      id: item.id,
      isActive: true,
      version: 2,
    });
    expect(staleItem.statusCode).toBe(409);

    const blocked = await api('DELETE', `/v1/inspectionPackage/${pkg.id}?version=1`, admin);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({
      message: 'This package cannot be deleted while items belong to it',
      dataContent: { items: 1 },
    });
    const zhBlocked = await api(
      'DELETE',
      `/v1/inspectionPackage/${pkg.id}?version=1`,
      admin,
      undefined,
      'zh-CN',
    );
    expect(zhBlocked.json().message).toBe('套餐下仍有检验项目，不能删除');

    expect((await api('DELETE', `/v1/inspectionItem/${item.id}?version=3`, admin)).statusCode).toBe(200);
    expect((await auditRows(t, 'inspectionItem', item.id, 'delete'))[0].before).toMatchObject({
      code: 'LDL',
    });

    const renamed = await ok<Package>('PUT', '/v1/inspectionPackage', {
      id: pkg.id,
      version: 1,
      code: 'LIPIDS',
      name: 'Lipids',
    });
    expect(renamed).toMatchObject({ code: 'LIPIDS', version: 2 });
    const stale = await api('PUT', '/v1/inspectionPackage', admin, {
      id: pkg.id,
      version: 1,
      code: 'X',
      name: 'X',
    });
    expect(stale.statusCode).toBe(409);
    await ok('PUT', '/v1/inspectionPackage/status', { id: pkg.id, isActive: false, version: 2 });
    expect(await auditRows(t, 'inspectionPackage', pkg.id, 'disable')).toHaveLength(1);
    expect(
      (await api('GET', '/v1/inspectionPackage/list?isActive=false', admin)).json().dataContent,
    ).toHaveLength(1);
    expect((await api('DELETE', `/v1/inspectionPackage/${pkg.id}?version=3`, admin)).statusCode).toBe(200);
    expect(await auditRows(t, 'inspectionPackage', pkg.id, 'delete')).toHaveLength(1);
  });

  it('refuses duplicate codes, an unknown package and a reversed reference range', async () => {
    const [panel] = await packages();
    const dupPackage = await api('POST', '/v1/inspectionPackage', admin, { code: 'RENAL', name: 'Again' });
    expect(dupPackage.statusCode).toBe(409);
    expect(dupPackage.json().message).toBe('An inspection package with this code already exists');
    const dupItem = await api('POST', '/v1/inspectionItem', admin, {
      packageId: panel.id,
      code: 'CREA',
      name: 'x',
    });
    expect(dupItem.json().message).toBe('An inspection item with this code already exists');
    const unknown = await api(
      'POST',
      '/v1/inspectionItem',
      admin,
      { packageId: 999999, code: 'NEW', name: 'x' },
      'zh-CN',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().dataContent.errors).toEqual([{ field: 'packageId', message: '检验套餐不存在' }]);
  });

  it.each([
    [{ code: '' }, 'code', 'Please enter the code', '请输入编码'],
    [{ code: 'A-1' }, 'code', 'The code may use letters, digits and _ only', '编码只能包含字母、数字和 _'],
    [{ name: 'n'.repeat(41) }, 'name', 'The name must be 1-40 characters', '名称长度为 1-40 个字符'],
    [{ unit: 'u'.repeat(13) }, 'unit', 'The unit must be 1-12 characters', '单位长度为 1-12 个字符'],
    [
      { referenceLow: 5, referenceHigh: 5 },
      'referenceLow',
      'The reference low must be below the reference high',
      '参考下限必须小于参考上限',
    ],
    [{ packageId: undefined }, 'packageId', 'Please choose the inspection package', '请选择检验套餐'],
  ])('refuses item %j on %s in both languages', async (change, field, en, zh) => {
    const [panel] = await packages();
    const body = { packageId: panel.id, code: 'NEWITEM', name: 'New item', ...change };
    const res = await api('POST', '/v1/inspectionItem', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    expect((await api('POST', '/v1/inspectionItem', admin, body, 'zh-CN')).json().dataContent.errors).toEqual(
      [{ field, message: zh }],
    );
  });

  it('refuses fields a client must not set', async () => {
    const [panel] = await packages();
    for (const extra of [{ tenantId: '202' }, { version: 1 }, { createdAt: '2020-01-01T00:00:00Z' }]) {
      const item = await api('POST', '/v1/inspectionItem', admin, {
        packageId: panel.id,
        code: 'MA',
        name: 'x',
        ...extra,
      });
      expect(item.statusCode, JSON.stringify(extra)).toBe(400);
      const pkg = await api('POST', '/v1/inspectionPackage', admin, { code: 'MA', name: 'x', ...extra });
      expect(pkg.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });
});

describe('mapping items', () => {
  it('pages the seeded mappings by text and source, with the target named', async () => {
    const all = await mappingPage('size=100');
    expect(all.total).toBe(5);
    expect(all.records.find((m) => m.externalCode === 'HBA1C')).toMatchObject({
      source: 'LIS',
      targetKind: 'inspection',
      targetCode: 'HBA1C',
      targetName: 'Glycated haemoglobin (HbA1c)',
    });
    expect((await mappingPage('source=METER')).records.map((m) => m.externalCode)).toEqual(['KET']);
    expect((await mappingPage('queryCondition=bedside')).records.map((m) => m.externalCode)).toEqual(['BG']);
    expect(await mappingPage('page=2&size=2')).toMatchObject({ total: 5, page: 2, size: 2 });
    expect((await api('GET', '/v1/mappingItem/page?source=PACS', admin)).statusCode).toBe(400);
  });

  it('creates, updates and deletes a mapping with audit rows; the pair (source, code) is unique', async () => {
    const created = await ok<Mapping>('POST', '/v1/mappingItem', {
      source: 'HIS',
      externalCode: 'HBA1C-01',
      externalName: 'HbA1c (HPLC)',
      targetKind: 'inspection',
      targetCode: 'HBA1C',
    });
    expect(created).toMatchObject({ version: 1, targetName: 'Glycated haemoglobin (HbA1c)' });
    expect((await auditRows(t, 'mappingItem', created.id, 'create'))[0].after).toMatchObject({
      externalCode: 'HBA1C-01',
    });
    const clash = await api('POST', '/v1/mappingItem', admin, {
      source: 'HIS',
      externalCode: 'HBA1C-01',
      targetKind: 'measurement',
      targetCode: 'GLU',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This source already maps this external code');

    const updated = await ok<Mapping>('PUT', '/v1/mappingItem', {
      id: created.id,
      version: 1,
      source: 'HIS',
      externalCode: 'HBA1C-01',
      targetKind: 'measurement',
      targetCode: 'GLU',
    });
    expect(updated).toMatchObject({
      targetKind: 'measurement',
      targetCode: 'GLU',
      targetName: 'GLU',
      version: 2,
    });
    expect((await auditRows(t, 'mappingItem', created.id, 'update'))[0]).toMatchObject({
      before: { targetCode: 'HBA1C' },
      after: { targetCode: 'GLU' },
    });
    const stale = await api('PUT', '/v1/mappingItem', admin, {
      id: created.id,
      version: 1,
      source: 'HIS',
      externalCode: 'HBA1C-01',
      targetKind: 'measurement',
      targetCode: 'KET',
    });
    expect(stale.statusCode).toBe(409);
    expect((await api('DELETE', `/v1/mappingItem/${created.id}?version=2`, admin)).statusCode).toBe(200);
    expect(await auditRows(t, 'mappingItem', created.id, 'delete')).toHaveLength(1);
  });

  it('keeps items that mappings point to, and moves mappings along with a renamed code', async () => {
    const all = (await api('GET', '/v1/inspectionItem/list', admin)).json().dataContent as Item[];
    const crea = all.find((i) => i.code === 'CREA')!;
    const refused = await api('DELETE', `/v1/inspectionItem/${crea.id}?version=${crea.version}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This item cannot be deleted while mapping items point to it');

    await ok('PUT', '/v1/inspectionItem', {
      id: crea.id,
      version: crea.version,
      packageId: crea.packageId,
      code: 'SCR',
      name: 'Serum creatinine',
      unit: crea.unit,
      referenceLow: crea.referenceLow,
      referenceHigh: crea.referenceHigh,
    });
    const mapping = (await mappingPage('queryCondition=enzymatic')).records[0];
    expect(mapping).toMatchObject({ targetCode: 'SCR', targetName: 'Serum creatinine', version: 2 });
    expect((await auditRows(t, 'mappingItem', mapping.id, 'update'))[0]).toMatchObject({
      before: { targetCode: 'CREA' },
      after: { targetCode: 'SCR' },
    });
  });

  it.each([
    [{ source: '' }, 'source', 'Please choose the source system', '请选择来源系统'],
    [{ source: 'PACS' }, 'source', 'The source must be HIS, LIS or METER', '来源须为 HIS、LIS 或 METER'],
    [{ externalCode: ' ' }, 'externalCode', 'Please enter the external code', '请输入外部编码'],
    [
      { externalCode: 'x'.repeat(33) },
      'externalCode',
      'The external code must be 1-32 characters',
      '外部编码长度为 1-32 个字符',
    ],
    [
      { targetKind: 'drug' },
      'targetKind',
      'The target kind must be measurement or inspection',
      '映射目标类型须为测量项目或检验项目',
    ],
    [{ targetCode: '' }, 'targetCode', 'Please choose the target item', '请选择目标项目'],
    [
      { targetCode: 'HB' },
      'targetCode',
      'A measurement target must be GLU, KET or UA',
      '测量项目须为 GLU、KET 或 UA',
    ],
    [
      { targetKind: 'inspection', targetCode: 'NOPE' },
      'targetCode',
      'Unknown inspection item: NOPE',
      '检验项目不存在：NOPE',
    ],
  ])('refuses mapping %j on %s in both languages', async (change, field, en, zh) => {
    const body = {
      source: 'LIS',
      externalCode: 'NEW',
      targetKind: 'measurement',
      targetCode: 'GLU',
      ...change,
    };
    const res = await api('POST', '/v1/mappingItem', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    expect((await api('POST', '/v1/mappingItem', admin, body, 'zh-CN')).json().dataContent.errors).toEqual([
      { field, message: zh },
    ]);
  });
});

describe('access and isolation', () => {
  it('refuses every change and the mapping list to clinical staff', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    for (const token of [doctor, nurse]) {
      expect((await api('GET', '/v1/mappingItem/page', token)).statusCode).toBe(403);
      expect((await api('POST', '/v1/inspectionPackage', token, { code: 'X', name: 'X' })).statusCode).toBe(
        403,
      );
      expect(
        (await api('PUT', '/v1/inspectionPackage/status', token, { id: 1, isActive: false, version: 1 }))
          .statusCode,
      ).toBe(403);
      expect((await api('DELETE', '/v1/inspectionPackage/1?version=1', token)).statusCode).toBe(403);
      expect(
        (await api('POST', '/v1/inspectionItem', token, { packageId: 1, code: 'X', name: 'X' })).statusCode,
      ).toBe(403);
      expect(
        (await api('PUT', '/v1/inspectionItem/status', token, { id: 1, isActive: false, version: 1 }))
          .statusCode,
      ).toBe(403);
      expect((await api('DELETE', '/v1/inspectionItem/1?version=1', token)).statusCode).toBe(403);
      expect(
        (
          await api('POST', '/v1/mappingItem', token, {
            source: 'LIS',
            externalCode: 'X',
            targetKind: 'measurement',
            targetCode: 'GLU',
          })
        ).statusCode,
      ).toBe(403);
      expect((await api('DELETE', '/v1/mappingItem/1?version=1', token)).statusCode).toBe(403);
    }
  });

  it('answers another tenant’s ids exactly as missing ones', async () => {
    const [panel] = await packages();
    const [item] = await itemsOf(panel.id);
    const mapping = (await mappingPage('size=1')).records[0];
    const missing = await api('DELETE', '/v1/inspectionPackage/999999999?version=1', admin202);
    expect(missing.statusCode).toBe(404);
    for (const url of [
      `/v1/inspectionPackage/${panel.id}?version=${panel.version}`,
      `/v1/inspectionItem/${item.id}?version=${item.version}`,
      `/v1/mappingItem/${mapping.id}?version=${mapping.version}`,
    ]) {
      expect((await api('DELETE', url, admin202)).json(), url).toEqual(missing.json());
    }
    const put = await api('PUT', '/v1/inspectionItem/status', admin202, {
      id: item.id,
      isActive: false,
      version: 1,
    });
    expect(put.json()).toEqual(missing.json());
    const foreignPackage = await api('POST', '/v1/inspectionItem', admin202, {
      packageId: panel.id,
      code: 'X1',
      name: 'x',
    });
    expect(foreignPackage.statusCode).toBe(400);
    expect(await itemsOf(panel.id, admin202)).toEqual([]);
    const page202 = await mappingPage('size=100', admin202);
    expect(page202.records.some((m) => m.id === mapping.id)).toBe(false);
    expect((await packages(admin202)).some((p) => p.id === panel.id)).toBe(false);
    expect((await itemsOf(panel.id)).length).toBeGreaterThan(0);
  });
});
