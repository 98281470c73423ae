import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let admin202: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
});
afterAll(() => t.close());

type Tag = { id: number; tag: string; name: string; color: string | null; sort: number };
const list = async (token = admin): Promise<Tag[]> =>
  (await api('GET', '/v1/tagOption/list', token)).json().dataContent;
const remove = (tag: string, token = admin, lang?: string) =>
  api('DELETE', `/v1/tagOption/delete?tag=${encodeURIComponent(tag)}`, token, undefined, lang);

describe('patient tags', () => {
  it('seeds tags in each tenant’s working language', async () => {
    expect((await list()).map((tag) => tag.tag)).toEqual([
      '新入院',
      '胰岛素泵',
      '妊娠',
      '低血糖风险',
      '围手术期',
    ]);
    expect((await list(admin202)).map((tag) => tag.tag)).toEqual([
      'New admission',
      'Insulin pump',
      'Pregnancy',
      'Hypo risk',
      'Perioperative',
    ]);
    expect((await list())[0]).toMatchObject({ color: '#1677FF', sort: 0 });
  });

  it('adds a tag at the end (round trip) with an audit row, then deletes it by its text', async () => {
    const res = await api('POST', '/v1/tagOption', admin, { tag: ' 透析 ', color: '#52C41A' });
    expect(res.statusCode).toBe(200);
    const created: Tag = res.json().dataContent;
    expect(created).toMatchObject({ tag: '透析', color: '#52C41A', sort: 5 });
    expect((await list()).at(-1)).toEqual(created);
    expect((await auditRows(t, 'tagOption', created.id, 'create'))[0].after).toEqual(created);

    expect((await remove('透析')).statusCode).toBe(200);
    expect((await list()).map((tag) => tag.tag)).not.toContain('透析');
    expect((await auditRows(t, 'tagOption', created.id, 'delete'))[0].before).toEqual(created);
  });

  it('takes a tag without colour, and an explicit sort', async () => {
    const res = await api('POST', '/v1/tagOption', admin, { tag: 'VIP', sort: 99 });
    expect(res.json().dataContent).toMatchObject({ tag: 'VIP', color: null, sort: 99 });
  });

  it('refuses a tag that exists (409) with a clear message in both languages', async () => {
    const res = await api('POST', '/v1/tagOption', admin, { tag: '妊娠' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This tag already exists');
    expect((await api('POST', '/v1/tagOption', admin, { tag: '妊娠' }, 'zh-CN')).json().message).toBe(
      '该标签已存在',
    );
    // another tenant's tag of the same text is no clash
    expect((await api('POST', '/v1/tagOption', admin202, { tag: '妊娠' })).statusCode).toBe(200);
  });

  it('answers 404 for a tag that does not exist, and for another tenant’s tag', async () => {
    const missing = await remove('没有这个标签');
    expect(missing.statusCode).toBe(404);
    const other = await remove('Pregnancy');
    expect(other.json()).toEqual(missing.json());
    expect((await list(admin202)).map((tag) => tag.tag)).toContain('Pregnancy');
    expect((await remove('')).statusCode).toBe(400);
  });

  it.each([
    [{ tag: '' }, 'tag', 'Please enter the tag', '请输入标签'],
    [{ tag: '标'.repeat(13) }, 'tag', 'The tag must be 1-12 characters', '标签长度为 1-12 个字符'],
    [
      { tag: 'x', color: 'blue' },
      'color',
      'The color must be a hex value such as #FF0000',
      '颜色须为 #RRGGBB 格式，如 #FF0000',
    ],
  ])('refuses %j with a message on %s in both languages', async (body, field, en, zh) => {
    const res = await api('POST', '/v1/tagOption', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().dataContent.errors).toEqual([{ field, message: en }]);
    expect((await api('POST', '/v1/tagOption', admin, body, 'zh-CN')).json().dataContent.errors).toEqual([
      { field, message: zh },
    ]);
  });

  it('refuses fields a client must not set', async () => {
    for (const extra of [
      { tenantId: '202' },
      { id: 5 },
      { createdAt: '2020-01-01T00:00:00Z' },
      { sort: -1 },
    ]) {
      const res = await api('POST', '/v1/tagOption', admin, { tag: 'mass', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await list()).map((tag) => tag.tag)).not.toContain('mass');
  });

  it('lets clinical staff read the tags and nothing more', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    expect((await list(nurse)).length).toBeGreaterThan(0);
    expect((await api('POST', '/v1/tagOption', nurse, { tag: 'x' })).statusCode).toBe(403);
    expect((await remove('妊娠', nurse)).statusCode).toBe(403);
    expect((await list()).map((tag) => tag.tag)).toContain('妊娠');
  });
});

describe('tag names in both languages', () => {
  it('names every seeded tag in the language of the request, whatever text patients store', async () => {
    const inEnglish = await list();
    expect(inEnglish[0]).toMatchObject({ tag: '新入院', name: 'New admission', tagZh: '新入院' });
    const inChinese = (await api('GET', '/v1/tagOption/list', admin202, undefined, 'zh-CN')).json()
      .dataContent;
    expect(inChinese[0]).toMatchObject({ tag: 'New admission', name: '新入院', tagEn: 'New admission' });
  });

  it('takes the tag text as the name in the request language, and the other name apart', async () => {
    const res = await api('POST', '/v1/tagOption', admin, { tag: '透析中', tagEn: 'On dialysis' }, 'zh-CN');
    expect(res.json().dataContent).toMatchObject({
      tag: '透析中',
      name: '透析中',
      tagZh: '透析中',
      tagEn: 'On dialysis',
    });
    expect((await list()).find((tag) => tag.tag === '透析中')).toMatchObject({ name: 'On dialysis' });
    // only one name: the other language shows it
    await api('POST', '/v1/tagOption', admin, { tag: 'Fall risk' });
    const inChinese = (await api('GET', '/v1/tagOption/list', admin, undefined, 'zh-CN')).json().dataContent;
    expect(inChinese.find((tag: Tag) => tag.tag === 'Fall risk')).toMatchObject({
      name: 'Fall risk',
      tagZh: null,
    });
  });
});

describe('editing a tag', () => {
  type Full = Tag & { version: number; tagZh: string | null; tagEn: string | null };
  const put = (body: object, token = admin, lang?: string) => api('PUT', '/v1/tagOption', token, body, lang);
  const find = async (text: string, token = admin): Promise<Full> =>
    (await list(token)).find((tag) => tag.tag === text) as Full;

  it('adds the English name to a tag, keeps its text, and writes the change to the audit trail', async () => {
    await api('POST', '/v1/tagOption', admin, { tag: '鼻饲', color: '#13C2C2' }, 'zh-CN');
    const before = await find('鼻饲');
    expect(before).toMatchObject({ tagZh: '鼻饲', tagEn: null, name: '鼻饲' });

    const res = await put({ id: before.id, version: before.version, tagEn: 'Tube feeding' });
    expect(res.statusCode).toBe(200);
    const after: Full = res.json().dataContent;
    // left-out fields are kept; the text patients store does not change
    expect(after).toMatchObject({
      id: before.id,
      tag: '鼻饲',
      name: 'Tube feeding',
      tagZh: '鼻饲',
      tagEn: 'Tube feeding',
      color: '#13C2C2',
      sort: before.sort,
    });
    expect(after.version).not.toBe(before.version);
    expect(await find('鼻饲')).toEqual(after);
    const [audit] = await auditRows(t, 'tagOption', before.id, 'update');
    expect(audit.before).toEqual(before);
    expect(audit.after).toEqual(after);

    // colour cleared, sort changed, the Chinese name changed in a Chinese request
    const again = await put(
      { id: after.id, version: after.version, color: '', sort: 40, tagZh: '鼻饲中' },
      admin,
      'zh-CN',
    );
    expect(again.json().dataContent).toMatchObject({ tag: '鼻饲', name: '鼻饲中', color: null, sort: 40 });
  });

  it('answers 409 to an edit made on a stale version, and changes nothing', async () => {
    await api('POST', '/v1/tagOption', admin, { tag: 'Stale tag' });
    const read = await find('Stale tag');
    expect((await put({ id: read.id, version: read.version, tagZh: '旧标签' })).statusCode).toBe(200);
    const stale = await put({ id: read.id, version: read.version, tagZh: '另一个' });
    expect(stale.statusCode).toBe(409);
    expect((await find('Stale tag')).tagZh).toBe('旧标签');
  });

  it('keeps one name at least, and checks the names as a create does', async () => {
    const tag = await find('Stale tag');
    const cleared = await put({ id: tag.id, version: tag.version, tagZh: null, tagEn: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe('Please enter the tag');
    const long = await put({ id: tag.id, version: tag.version, tagEn: 'x'.repeat(25) });
    expect(long.statusCode).toBe(400);
    expect(long.json().dataContent.errors).toEqual([
      { field: 'tagEn', message: 'The tag must be 1-24 characters' },
    ]);
    expect((await put({ id: tag.id, version: tag.version, tag: 'renamed' })).statusCode).toBe(400);
  });

  it('answers 404 for another tenant’s tag, and 403 to staff without the catalogue edit permission', async () => {
    const theirs = (await list(admin202))[0] as Full;
    const res = await put({ id: theirs.id, version: theirs.version, tagEn: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect((await list(admin202))[0]).toEqual(theirs);
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    const ours = (await list())[0] as Full;
    expect((await put({ id: ours.id, version: ours.version, tagEn: 'x' }, nurse)).statusCode).toBe(403);
  });
});
