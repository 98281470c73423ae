import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * JavaScript a browser downloads to show /login: the entry chunk with its static imports, plus the
 * lazily loaded login page chunk and its static imports (from Vite's build manifest).
 */
export function measureLoginBundle(): { files: string[]; raw: number; gzip: number } {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error('apps/web/dist/.vite/manifest.json missing: run npm run build');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) visit(key);
    if (/features\/auth\/.*Login/i.test(chunk.src ?? key)) visit(key);
  }
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const content = fs.readFileSync(path.join(dist, file));
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files: [...files].filter((f) => f.endsWith('.js')), raw, gzip };
}
