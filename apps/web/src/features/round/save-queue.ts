import { isApiError } from '../../api/http';
import type { Reading } from '../../api/measurements';

/**
 * The round's per-cell saving (issue 15): each cell is saved on its own (POST
 * /v1/testRecord/customerRecord). Nothing typed is lost: a cell whose request found no server (network,
 * timeout, 5xx) stays "not saved" and is sent again with a growing delay, and every cell not saved yet
 * is kept in localStorage (per tenant, user, ward and day) so a reload sends it again. A refusal (400,
 * 409…) stays on the cell with the server's message until the nurse changes or clears it. A reading
 * outside its period's window (400 on `windowReason`) asks the nurse for the reason and is sent again
 * with it. The test time is fixed when the cell is first saved, so a retry is the same reading.
 */

/** The body of one cell's reading (the entry call's fields; the tester is the signed-in user). */
export interface RoundBody {
  category: 'GLU';
  patientId: number;
  period: string;
  testTime: string;
  result: number | null;
  unit: string | null;
  cause: string | null;
  causeText: string | null;
  rejectReason: string | null;
  remark: string | null;
  /** why the time is outside the period's window (asked when the server wants it) */
  windowReason?: string;
}

export type EntryStatus = 'saving' | 'unsaved' | 'invalid' | 'saved';

export interface CellEntry {
  key: string;
  body: RoundBody;
  status: EntryStatus;
  /** requests sent so far */
  attempts: number;
  /** the refusal or the last failure, in the user's language */
  message: string | null;
  /** the reading as saved (null until saved, or when a lost answer's retry found it already there) */
  reading: Reading | null;
}

/** What a failed request means for the cell. */
export type Failure =
  | { kind: 'retry'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'window'; message: string }
  | { kind: 'duplicate' };

/**
 * A failed save: no answer, a timeout or a server fault is tried again; a 409 on the test time of a
 * retry means an earlier attempt did arrive (only its answer was lost); a 400 on `windowReason` asks
 * for the reason; any other refusal stays on the cell.
 */
export function failureOf(error: unknown, attempts: number): Failure {
  const message = error instanceof Error ? error.message : String(error);
  if (!isApiError(error)) return { kind: 'retry', message };
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'session') {
    return { kind: 'retry', message };
  }
  if (error.status >= 500 || error.status === 429 || error.status === 0) return { kind: 'retry', message };
  const window = error.errors.find((problem) => problem.field === 'windowReason');
  if (error.status === 400 && window) return { kind: 'window', message: window.message };
  if (error.status === 409 && attempts > 1 && error.errors.some((problem) => problem.field === 'testTime')) {
    return { kind: 'duplicate' };
  }
  return { kind: 'invalid', message: error.errors[0]?.message ?? message };
}

/** The wait before the n-th retry: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempts: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempts - 1));
}

/** The localStorage key of a round's unsaved cells. */
export function roundStorageKey(scope: {
  tenant: string;
  userId: number;
  ward: string;
  date: string;
}): string {
  return `glucocare.round.${scope.tenant}.${scope.userId}.${scope.ward}.${scope.date}`;
}

type StoredEntry = Pick<CellEntry, 'key' | 'body' | 'status' | 'message'>;

export interface EntryStore {
  load(): StoredEntry[];
  save(entries: StoredEntry[]): void;
}

/** The cells of a round kept in the browser's localStorage under `key` (nothing when unavailable). */
export function localEntryStore(key: string, storage: Storage | null = safeStorage()): EntryStore {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
        return Array.isArray(parsed)
          ? (parsed as StoredEntry[]).filter((entry) => entry?.key && entry.body)
          : [];
      } catch {
        return [];
      }
    },
    save(entries) {
      try {
        if (entries.length) storage?.setItem(key, JSON.stringify(entries));
        else storage?.removeItem(key);
      } catch {
        // storage full or unavailable: the cells stay in this page only
      }
    },
  };
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface RoundQueueDeps {
  send: (body: RoundBody) => Promise<Reading>;
  /** the reason a reading outside its period's window was taken then; null: not given */
  askWindowReason: (entry: CellEntry, message: string) => Promise<string | null>;
  /** a cell saved (its reading, or null when a retry found it already there) */
  onSaved: (entry: CellEntry) => void;
  store?: EntryStore;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class RoundQueue {
  private readonly entries = new Map<string, CellEntry>();
  private readonly timers = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();
  private disposed = false;
  /** changes with every change of a cell (for useSyncExternalStore) */
  version = 0;

  constructor(private readonly deps: RoundQueueDeps) {}

  get(key: string): CellEntry | undefined {
    return this.entries.get(key);
  }

  all(): CellEntry[] {
    return [...this.entries.values()];
  }

  /** Cells waiting to be sent again (not saved, not refused). */
  pending(): CellEntry[] {
    return this.all().filter((entry) => entry.status === 'unsaved' || entry.status === 'saving');
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Saves a cell (a new entry, or what replaces a refused or unsaved one); false while it is being sent. */
  submit(key: string, body: RoundBody): boolean {
    const known = this.entries.get(key);
    if (known?.status === 'saving' || known?.status === 'saved') return false;
    this.stopTimer(key);
    this.entries.set(key, { key, body, status: 'saving', attempts: 0, message: null, reading: null });
    this.changed();
    void this.attempt(key);
    return true;
  }

  /** Forgets a cell that was not saved (the nurse cleared it). */
  discard(key: string): void {
    const known = this.entries.get(key);
    if (!known || known.status === 'saving' || known.status === 'saved') return;
    this.stopTimer(key);
    this.entries.delete(key);
    this.changed();
  }

  /** Sends every unsaved cell now (the browser is online again, or the nurse asked). */
  retryAll(): void {
    for (const entry of this.all()) {
      if (entry.status !== 'unsaved') continue;
      this.stopTimer(entry.key);
      void this.attempt(entry.key);
    }
  }

  /** Takes up the cells kept from an earlier page of the same round and sends the unsaved ones. */
  restore(): void {
    for (const stored of this.deps.store?.load() ?? []) {
      if (this.entries.has(stored.key)) continue;
      const status: EntryStatus = stored.status === 'invalid' ? 'invalid' : 'unsaved';
      this.entries.set(stored.key, {
        key: stored.key,
        body: stored.body,
        status,
        attempts: 0,
        message: stored.message ?? null,
        reading: null,
      });
    }
    this.changed();
    this.retryAll();
  }

  dispose(): void {
    this.disposed = true;
    for (const key of this.timers.keys()) this.stopTimer(key);
    this.listeners.clear();
  }

  private async attempt(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry || this.disposed) return;
    const sending: CellEntry = { ...entry, status: 'saving', attempts: entry.attempts + 1 };
    this.entries.set(key, sending);
    this.changed();
    let failure: Failure;
    try {
      const reading = await this.deps.send(sending.body);
      this.settle(key, sending, { status: 'saved', message: null, reading });
      return;
    } catch (error) {
      failure = failureOf(error, sending.attempts);
    }
    if (this.entries.get(key) !== sending) return;
    switch (failure.kind) {
      case 'duplicate':
        this.settle(key, sending, { status: 'saved', message: null, reading: null });
        return;
      case 'retry': {
        this.update(key, { ...sending, status: 'unsaved', message: failure.message });
        const setTimer = this.deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
        if (!this.disposed) {
          this.timers.set(
            key,
            setTimer(() => {
              this.timers.delete(key);
              void this.attempt(key);
            }, retryDelay(sending.attempts)),
          );
        }
        return;
      }
      case 'invalid':
        this.update(key, { ...sending, status: 'invalid', message: failure.message });
        return;
      case 'window': {
        const waiting: CellEntry = { ...sending, status: 'invalid', message: failure.message };
        this.update(key, waiting);
        const reason = await this.deps.askWindowReason(waiting, failure.message);
        if (!reason || this.entries.get(key) !== waiting) return;
        this.update(key, { ...waiting, body: { ...waiting.body, windowReason: reason } });
        void this.attempt(key);
        return;
      }
    }
  }

  private settle(key: string, sent: CellEntry, outcome: Pick<CellEntry, 'status' | 'message' | 'reading'>) {
    if (this.entries.get(key) !== sent) return;
    const saved: CellEntry = { ...sent, ...outcome };
    this.update(key, saved);
    this.deps.onSaved(saved);
  }

  private update(key: string, entry: CellEntry) {
    this.entries.set(key, entry);
    this.changed();
  }

  private stopTimer(key: string) {
    const handle = this.timers.get(key);
    if (handle === undefined) return;
    (this.deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(handle);
    this.timers.delete(key);
  }

  private changed() {
    this.version++;
    this.deps.store?.save(
      this.all()
        .filter((entry) => entry.status !== 'saved')
        .map(({ key, body, status, message }) => ({ key, body, status, message })),
    );
    for (const listener of this.listeners) listener();
  }
}
