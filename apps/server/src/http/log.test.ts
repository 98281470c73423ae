import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test/harness';
import { loggableUrl } from './log';

let t: TestContext;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  // the server's own logger options, writing where the test can read
  const config = loadConfig({ LOG_LEVEL: 'info' });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(config, { db: t.handle.db, logger: { ...loggerOptions(config), stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('request logs', () => {
  it('show a shared record link’s path and range but never its signature', async () => {
    const nurse = await t.login('101', 'nurse01', 'Nurse@2026');
    const auth = { authorization: `Bearer ${nurse}` };
    const list = await app.inject({
      method: 'GET',
      url: '/app-service/v1/patients/hospitalizedPatients?size=1',
      headers: auth,
    });
    const patientId = list.json().dataContent.records[0].id as number;
    const shared = await app.inject({
      method: 'POST',
      url: '/app-service/v1/recordLinks',
      headers: auth,
      payload: { screen: 'glucose', id: patientId },
    });
    const url = shared.json().dataContent.url as string;
    const sig = /[?&]sig=([^&]+)/.exec(url)?.[1] as string;
    expect(sig).toMatch(/^101\.[\w-]{43}$/);
    const query = url.split('?')[1];

    lines.length = 0;
    // the browser opens the link (the web app's route), then the screen asks the API with it
    await app.inject({ method: 'GET', url });
    const data = await app.inject({ method: 'GET', url: `/app-service/v1/records/glucose?${query}` });
    expect(data.statusCode).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain(`"url":"/app-service/v1/records/glucose?id=${patientId}&sig=[redacted]&exp=`);
    expect(log).toContain(`"url":"/record?id=${patientId}&sig=[redacted]&exp=`);
    expect(log).not.toContain(sig);
    expect(log).not.toContain(sig.split('.')[1]);
  });
});

describe('loggableUrl', () => {
  it('replaces credential parameters, however spelt, and keeps the rest as sent', () => {
    expect(loggableUrl('/a?id=1&sig=101.abc&exp=9')).toBe('/a?id=1&sig=[redacted]&exp=9');
    expect(loggableUrl('/a?SIG=x&%73ig=y&access_token=z')).toBe(
      '/a?SIG=[redacted]&%73ig=[redacted]&access_token=[redacted]',
    );
    expect(loggableUrl('/a?signature=kept&%E0%A4%A=1')).toBe('/a?signature=kept&%E0%A4%A=1');
    expect(loggableUrl('/plain/path')).toBe('/plain/path');
  });
});
