import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A GlucoCare backup file: gzip around a magic line and frames of (1-byte kind, 4-byte length, payload).
 * The header names the tables in load order; each table is its COPY text in data frames between a
 * start and an end frame; the trailer repeats the manifest with each table's row count, SHA-256 of its
 * COPY bytes and a row checksum computed by the database. Without the trailer a file is incomplete.
 */
export const MAGIC = Buffer.from('GLUCOCARE-BACKUP\n');
export const FORMAT_VERSION = 1;
export const FILE_EXTENSION = '.gcbackup';

export type FrameKind = 'H' | 'T' | 'D' | 'E' | 'Z';

export interface TableSpec {
  schema: string;
  name: string;
  columns: string[];
}

export interface TableResult extends TableSpec {
  rows: number;
  /** bytes of COPY text */
  bytes: number;
  sha256: string;
  /** sum over rows of the first 64 bits of md5(row::text), computed in the database */
  checksum: string;
}

export interface SequenceState {
  schema: string;
  name: string;
  /** null when the sequence was never used */
  lastValue: string | null;
}

export interface Header {
  format: number;
  createdAt: string;
  serverVersion: string;
  /** created_at of every schema migration applied (drizzle.__drizzle_migrations), in order */
  migrations: string[];
  tables: TableSpec[];
  /**
   * The partitions of the partitioned tables (the readings' months, migration 0027), so that a restore
   * creates the same ones before it loads the rows; absent from backups made before partitioning
   */
  partitions?: PartitionSpec[];
}

export interface PartitionSpec {
  schema: string;
  name: string;
  /** the partitioned table, of schema public */
  parent: string;
  /** PostgreSQL's own text of the bound: `FOR VALUES FROM (…) TO (…)` or `DEFAULT` */
  bound: string;
}

export interface Manifest extends Omit<Header, 'tables'> {
  tables: TableResult[];
  sequences: SequenceState[];
}

export function qualifiedName(table: { schema: string; name: string }): string {
  return table.schema === 'public' ? table.name : `${table.schema}.${table.name}`;
}

export class BackupFileError extends Error {}

export class FrameWriter {
  private constructor(
    private readonly gzip: zlib.Gzip,
    private readonly done: Promise<unknown>,
  ) {}

  static open(file: string): FrameWriter {
    const out = fs.createWriteStream(file, { mode: 0o600, flags: 'wx' });
    // level 3: most of level 6's size at a fraction of its time, so the database is the slow side
    const gzip = zlib.createGzip({ level: 3 });
    gzip.pipe(out);
    const done = new Promise((resolve, reject) => {
      out.on('finish', () => resolve(undefined));
      out.on('error', reject);
      gzip.on('error', reject);
    });
    const writer = new FrameWriter(gzip, done);
    gzip.write(MAGIC);
    return writer;
  }

  async frame(kind: FrameKind, payload: Buffer | object): Promise<void> {
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
    const head = Buffer.alloc(5);
    head.write(kind, 0, 'latin1');
    head.writeUInt32BE(body.length, 1);
    await write(this.gzip, head);
    await write(this.gzip, body);
  }

  async close(): Promise<void> {
    this.gzip.end();
    await this.done;
  }

  destroy(): void {
    this.gzip.destroy();
  }
}

async function write(stream: Writable, chunk: Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export interface Frame {
  kind: FrameKind;
  payload: Buffer;
}

/** The frames of a backup file as they are read; a damaged or cut file throws BackupFileError. */
export async function* readFrames(file: string): AsyncGenerator<Frame> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  let pending: Buffer = Buffer.alloc(0);
  let magicSeen = false;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!magicSeen) {
        if (pending.length < MAGIC.length) continue;
        if (!pending.subarray(0, MAGIC.length).equals(MAGIC))
          throw new BackupFileError(`${file} is not a GlucoCare backup file`);
        magicSeen = true;
        pending = pending.subarray(MAGIC.length);
      }
      while (pending.length >= 5) {
        const length = pending.readUInt32BE(1);
        if (pending.length < 5 + length) break;
        const kind = pending.toString('latin1', 0, 1) as FrameKind;
        if (!'HTDEZ'.includes(kind)) throw new BackupFileError(`${file} is damaged (unknown frame)`);
        yield { kind, payload: pending.subarray(5, 5 + length) };
        pending = pending.subarray(5 + length);
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} is damaged or incomplete (${(error as Error).message})`);
  }
  if (!magicSeen) throw new BackupFileError(`${file} is not a GlucoCare backup file`);
  if (pending.length) throw new BackupFileError(`${file} is incomplete: it ends inside a frame`);
}

export function parseJson<T>(frame: Frame): T {
  return JSON.parse(frame.payload.toString('utf8')) as T;
}

/**
 * Reads the whole file and checks it against its own manifest (every table present, in order, with
 * the bytes its SHA-256 says) before anything is written anywhere.
 */
export async function verifyBackupFile(file: string): Promise<Manifest> {
  let header: Header | undefined;
  let manifest: Manifest | undefined;
  const seen: { name: string; bytes: number; sha256: string }[] = [];
  let current: { name: string; bytes: number; hash: ReturnType<typeof createHash> } | undefined;
  for await (const frame of readFrames(file)) {
    if (manifest) throw new BackupFileError(`${file} is damaged: data after its manifest`);
    if (frame.kind === 'H') header = parseJson<Header>(frame);
    else if (!header) throw new BackupFileError(`${file} is damaged: no header`);
    else if (frame.kind === 'T') {
      current = { name: qualifiedName(parseJson<TableSpec>(frame)), bytes: 0, hash: createHash('sha256') };
    } else if (frame.kind === 'D' && current) {
      current.bytes += frame.payload.length;
      current.hash.update(frame.payload);
    } else if (frame.kind === 'E' && current) {
      seen.push({ name: current.name, bytes: current.bytes, sha256: current.hash.digest('hex') });
      current = undefined;
    } else if (frame.kind === 'Z') manifest = parseJson<Manifest>(frame);
    else throw new BackupFileError(`${file} is damaged: a frame out of place`);
  }
  if (!header || !manifest) throw new BackupFileError(`${file} is incomplete: its manifest is missing`);
  if (header.format !== FORMAT_VERSION || manifest.format !== FORMAT_VERSION)
    throw new BackupFileError(
      `${file} has backup format ${header.format}; this GlucoCare reads format ${FORMAT_VERSION}`,
    );
  const expected = manifest.tables.map(qualifiedName);
  if (expected.join() !== seen.map((table) => table.name).join())
    throw new BackupFileError(`${file} is damaged: its tables differ from its manifest`);
  manifest.tables.forEach((table, index) => {
    const found = seen[index];
    if (found.bytes !== table.bytes || found.sha256 !== table.sha256)
      throw new BackupFileError(
        `${file} is damaged: table ${found.name} does not match its checksum in the manifest`,
      );
  });
  return manifest;
}
