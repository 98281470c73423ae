import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  appliedMigrations,
  listPartitionBounds,
  listSequences,
  listTables,
  selectColumns,
  tableChecksum,
} from './catalogue';
import {
  FILE_EXTENSION,
  FORMAT_VERSION,
  FrameWriter,
  type Header,
  type Manifest,
  qualifiedName,
  type TableResult,
} from './dump-format';

export interface BackupSummary {
  file: string;
  fileBytes: number;
  tables: TableResult[];
  seconds: number;
}

/** `glucocare-2026-11-28T221500Z.gcbackup`: sorts by time, no characters a file system refuses */
export function backupFileName(at: Date, directory: string): string {
  const stamp = `glucocare-${at.toISOString().slice(0, 19).replace(/:/g, '')}Z`;
  for (let copy = 0; ; copy++) {
    const name = `${stamp}${copy ? `-${copy}` : ''}${FILE_EXTENSION}`;
    if (!fs.existsSync(path.join(directory, name)) && !fs.existsSync(path.join(directory, `${name}.partial`)))
      return name;
  }
}

/**
 * Writes every table of the database at `url` to a new file in `directory`, all read in one
 * REPEATABLE READ snapshot: the file is the state at one instant while the system keeps running.
 */
export async function backupDatabase(
  url: string,
  directory: string,
  progress: (line: string) => void = () => {},
): Promise<BackupSummary> {
  const started = Date.now();
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = path.join(directory, backupFileName(new Date(), directory));
  const partial = `${file}.partial`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let writer: FrameWriter | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    const specs = await listTables(client);
    const header: Header = {
      format: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: (await client.query<{ v: string }>('show server_version')).rows[0].v,
      migrations: await appliedMigrations(client),
      tables: specs,
      partitions: await listPartitionBounds(client),
    };
    if (!header.migrations.length)
      throw new Error('The database has no GlucoCare schema (no migrations applied): nothing to back up.');
    writer = FrameWriter.open(partial);
    await writer.frame('H', header);
    const tables: TableResult[] = [];
    for (const spec of specs) {
      const { rows, checksum } = await tableChecksum(client, spec);
      await writer.frame('T', spec);
      const hash = createHash('sha256');
      let bytes = 0;
      const stream = client.query(copyTo(`copy (${selectColumns(client, spec)}) to stdout`));
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
        await writer.frame('D', chunk);
      }
      if (stream.rowCount !== rows)
        throw new Error(`${qualifiedName(spec)}: copied ${stream.rowCount} rows but counted ${rows}`);
      const result = { ...spec, rows, bytes, sha256: hash.digest('hex'), checksum };
      await writer.frame('E', { name: qualifiedName(spec), rows });
      tables.push(result);
      if (rows >= 10_000) progress(`  ${qualifiedName(spec)}: ${rows} rows`);
    }
    const manifest: Manifest = { ...header, tables, sequences: await listSequences(client) };
    await writer.frame('Z', manifest);
    await writer.close();
    await client.query('commit');
    fs.renameSync(partial, file);
    return { file, fileBytes: fs.statSync(file).size, tables, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    writer?.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}
