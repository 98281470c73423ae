import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { encryptForTransport } from '../../apps/server/src/modules/auth/password-crypto';
import { measureLoginBundle } from './bundle';
import { hospitalReport } from './hospital/report';
import { HOSPITAL_SCENARIOS } from './hospital/scenarios';
import { type Row, row } from './row';
import { scaleReport } from './scale';
import { BENCH_PASSWORD, startBenchServer } from './server';
import { measureStartup } from './startup';
import { yearsReport } from './years';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function ceiling(): Promise<Row> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: '1', message: 'Success', dataContent: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/bare`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  await bare.close();
  return row('bare Fastify route (ceiling)', result);
}

async function sessionScenarios(): Promise<Row[]> {
  const server = await startBenchServer(CONNECTIONS);
  try {
    const encrypted = encryptForTransport(server.publicKey, BENCH_PASSWORD);
    let nextUser = 0;
    type Ctx = { token?: string; userName?: string };
    // Each of the 50 connections is one user: login → profile → menus, over and over.
    const flow = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          path: '/app-service/v1/login',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request, context: Ctx) => {
            context.userName ??= `bench${String((nextUser++ % CONNECTIONS) + 1).padStart(3, '0')}`;
            return {
              ...request,
              body: JSON.stringify({ tenant: '101', userName: context.userName, password: encrypted }),
            };
          },
          onResponse: (_status, body, context: Ctx) => {
            context.token = JSON.parse(body).dataContent?.access_token;
          },
        },
        {
          method: 'GET',
          path: '/app-service/v1/users/profile',
          setupRequest: (request, context: Ctx) => ({
            ...request,
            headers: { authorization: `Bearer ${context.token}` },
          }),
        },
        {
          method: 'GET',
          setupRequest: (request, context: Ctx) => ({
            ...request,
            path: `/app-service/v1/users/authorityMenus?userName=${context.userName}&roles=nurse`,
            headers: { authorization: `Bearer ${context.token}` },
          }),
        },
      ],
    });
    // The steady state after sign-in: profile + menus with a valid session.
    const tokens: string[] = [];
    for (let i = 1; i <= CONNECTIONS; i++) {
      const userName = `bench${String(i).padStart(3, '0')}`;
      const res = await fetch(`${server.url}/app-service/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: '101', userName, password: encrypted }),
      });
      tokens.push(((await res.json()) as { dataContent: { access_token: string } }).dataContent.access_token);
    }
    let nextToken = 0;
    const reads = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: 'GET',
          path: '/app-service/v1/users/profile',
          setupRequest: (request, context: Ctx & { index?: number }) => {
            context.index ??= nextToken++ % CONNECTIONS;
            return { ...request, headers: { authorization: `Bearer ${tokens[context.index]}` } };
          },
        },
        {
          method: 'GET',
          setupRequest: (request, context: Ctx & { index?: number }) => ({
            ...request,
            path: `/app-service/v1/users/authorityMenus?userName=bench${String((context.index ?? 0) + 1).padStart(3, '0')}`,
            headers: { authorization: `Bearer ${tokens[context.index ?? 0]}` },
          }),
        },
      ],
    });
    return [
      row('login + profile + menus, 50 users', flow),
      row('profile + menus with a session, 50 users', reads),
    ];
  } finally {
    await server.stop();
  }
}

/**
 * `npm run bench -- --only hospital` (or `--only=hospital`, `npm run bench hospital`, BENCH_ONLY=hospital):
 * some parts only — `http`, `bundle`, `startup`, `hospital`, `scale` and `years` (these two only when
 * asked for) — or some
 * hospital scenarios by key, comma separated, e.g. `--only=round,push` (the hospital part with those
 * scenarios only).
 */
function onlyParts(): { parts?: string[]; scenarios?: string[] } {
  const args = process.argv.slice(2);
  const flag = args.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  const value =
    flag >= 0
      ? args[flag].startsWith('--only=')
        ? args[flag].slice('--only='.length)
        : args[flag + 1]
      : (args.find((arg) => !arg.startsWith('-')) ?? process.env.BENCH_ONLY);
  if (!value) return {};
  const keys = value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const unknown = keys.filter((key) => !PARTS.includes(key) && !HOSPITAL_SCENARIOS.includes(key));
  if (unknown.length) {
    throw new Error(
      `--only ${unknown.join(',')}: not one of ${[...PARTS, ...HOSPITAL_SCENARIOS].join(', ')}`,
    );
  }
  const scenarios = keys.filter((key) => HOSPITAL_SCENARIOS.includes(key));
  const parts = keys.filter((key) => PARTS.includes(key));
  if (scenarios.length && !parts.includes('hospital')) parts.push('hospital');
  return { parts, scenarios: scenarios.length && !keys.includes('hospital') ? scenarios : undefined };
}

const PARTS = ['http', 'bundle', 'startup', 'hospital', 'scale', 'years'];
/** parts that run only when asked for */
const ON_REQUEST = ['scale', 'years'];

async function main() {
  const { parts, scenarios } = onlyParts();
  // `scale` (two app processes against one) and `years` (one year of history against five), issue 22,
  // run only when asked for
  const part = (name: string) => (!parts && !ON_REQUEST.includes(name)) || !!parts?.includes(name);
  const lines: string[] = [`# GlucoCare bench — ${new Date().toISOString()}`, ''];
  if (part('http')) {
    const rows = [...(await sessionScenarios()), await ceiling()];
    lines.push(
      `Machine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s each.`,
      '',
      '| scenario | requests | req/s | p50 ms | p99 ms | errors | non-2xx |',
      '|---|---|---|---|---|---|---|',
    );
    for (const r of rows)
      lines.push(
        `| ${r.scenario} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
      );
    lines.push('');
  }
  if (part('bundle')) {
    const bundle = await measureLoginBundle();
    lines.push(
      `Login route JavaScript (what Chromium downloads to show /login): ${bundle.files.length} files, ${(bundle.raw / 1024).toFixed(1)} KiB raw, ${(bundle.gzip / 1024).toFixed(1)} KiB gzip.`,
      '',
    );
  }
  if (part('startup')) {
    const startup = await measureStartup();
    lines.push(
      `npm start to healthy: first start ${startup.first.toFixed(1)} s (build + initdb + migrate + seed), second start ${startup.second.toFixed(1)} s (build + reuse data); Ctrl-C stop ${startup.stop.toFixed(1)} s.`,
      '',
    );
  }
  if (part('hospital')) {
    lines.push(...(await hospitalReport(DURATION, scenarios)));
  }
  if (part('scale')) {
    lines.push(...(await scaleReport(DURATION)));
  }
  if (part('years')) {
    lines.push(...(await yearsReport(DURATION)));
  }
  const text = lines.join('\n');
  console.log(text);
  const out = path.join(import.meta.dirname, '..', 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'latest.md'), text);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
