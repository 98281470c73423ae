import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
// relative, not the package name: the config is bundled, and Node cannot load the TypeScript source
import { enUS } from '../../packages/domain/src/i18n/en-US.ts';
import { zhCN } from '../../packages/domain/src/i18n/zh-CN.ts';
import { FIRST_SCREEN_AREAS } from './src/i18n/first-screen.ts';

const require = createRequire(import.meta.url);

/**
 * Each component of a library's barrel module (`export { default as Button } from './button'`) →
 * the module that defines it.
 */
function barrelMap(barrelFile: string, specifierBase: string): Map<string, string> {
  const names = new Map<string, string>();
  const source = fs.readFileSync(require.resolve(barrelFile), 'utf8');
  for (const match of source.matchAll(/export \{ default as (\w+) \} from ['"]\.\/([\w-]+)['"]/g)) {
    names.set(match[1], `${specifierBase}/${match[2]}`);
  }
  return names;
}

/**
 * Rewrites `import { Button, Form } from 'antd'` (and the same of @ant-design/icons) into imports of
 * each component's own module. The bundler splits code by which modules import which: through the
 * barrel, every component some lazily loaded page uses counted as imported by the login page too, and
 * came with its first download. Named imports the barrel does not list stay as they were.
 */
export function directComponentImports(): Plugin {
  const barrels: Record<string, Map<string, string>> = {
    antd: barrelMap('antd/es/index.js', 'antd/es'),
    '@ant-design/icons': barrelMap('@ant-design/icons/es/icons/index.js', '@ant-design/icons/es/icons'),
  };
  const importPattern = /import\s*\{([^}]*)\}\s*from\s*(['"])(antd|@ant-design\/icons)\2;?/g;
  return {
    name: 'glucocare:direct-component-imports',
    enforce: 'post',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0]) || !/from\s*['"](antd|@ant-design\/icons)['"]/.test(code))
        return null;
      const rewritten = code.replace(importPattern, (whole, specifiers: string, _quote, library: string) => {
        const map = barrels[library];
        const direct: string[] = [];
        const kept: string[] = [];
        for (const specifier of specifiers
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = specifier.split(/\s+as\s+/);
          const target = map.get(imported);
          if (target && !imported.startsWith('type ')) direct.push(`import ${local} from '${target}';`);
          else kept.push(specifier);
        }
        if (direct.length === 0) return whole;
        return [...direct, ...(kept.length ? [`import { ${kept.join(', ')} } from '${library}';`] : [])].join(
          '\n',
        );
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * `virtual:texts/<lang>/first-screen` and `virtual:texts/<lang>/rest`: a language's texts — this app's
 * catalogue (src/i18n/<lang>.json, by top-level area) and the domain's (by the first part of the key)
 * — split into the areas the first screen needs (FIRST_SCREEN_AREAS) and all the others, so the login
 * page does not download the texts of every page. Each module's default export is `{ translation, domain }`.
 */
export function catalogueParts(): Plugin {
  const prefix = 'virtual:texts/';
  const domainCatalogues: Record<string, Record<string, string>> = { 'en-US': enUS, 'zh-CN': zhCN };
  const inPart = (area: string, firstScreen: boolean) => FIRST_SCREEN_AREAS.includes(area) === firstScreen;
  return {
    name: 'glucocare:catalogue-parts',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(prefix) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [lang, part] = id.slice(prefix.length + 1).split('/');
      const file = path.join(import.meta.dirname, 'src/i18n', `${lang}.json`);
      if (!(lang in domainCatalogues) || !['first-screen', 'rest'].includes(part) || !fs.existsSync(file))
        throw new Error(`unknown texts module ${id.slice(1)}`);
      this.addWatchFile(file);
      const firstScreen = part === 'first-screen';
      const translation = Object.entries(
        JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>,
      );
      const domain = Object.entries(domainCatalogues[lang]);
      const texts = {
        translation: Object.fromEntries(translation.filter(([area]) => inPart(area, firstScreen))),
        domain: Object.fromEntries(domain.filter(([key]) => inPart(key.split('.')[0], firstScreen))),
      };
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|wasm)$/;

/**
 * After the build, a brotli (`.br`) and a gzip (`.gz`) copy of every compressible file of the output,
 * made once at the highest levels, so the server sends them as they are (@fastify/static
 * `preCompressed`) instead of compressing on every request or not at all.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'glucocare:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.promises.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([
            fs.promises.writeFile(`${file}.br`, br),
            fs.promises.writeFile(`${file}.gz`, gz),
          ]);
        }),
      );
    },
  };
}
