import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import type { Reading } from '../../api/measurements';
import {
  type CellEntry,
  failureOf,
  localEntryStore,
  type RoundBody,
  RoundQueue,
  type RoundQueueDeps,
  retryDelay,
  roundStorageKey,
} from './save-queue';

const body = (patientId: number, result: number | null = 6.2): RoundBody => ({
  category: 'GLU',
  patientId,
  period: 'fasting',
  testTime: '2026-03-02T00:10:00.000Z',
  result,
  unit: 'mmolL',
  cause: null,
  causeText: null,
  rejectReason: null,
  remark: null,
});

const reading = (id: number) => ({ id, determineType: 'normal' }) as unknown as Reading;
const networkDown = () =>
  new ApiError({ message: 'Network error', code: 'NETWORK', status: 0, kind: 'network' });
const refused = (status: number, field: string, message: string) =>
  new ApiError({
    message: 'Refused',
    code: String(status),
    status,
    kind: 'api',
    errors: [{ field, message }],
  });

/** A queue over a fake server: `answers` are taken in order (an Error is thrown). */
function queueWith(answers: (Reading | Error)[], extra: Partial<RoundQueueDeps> = {}) {
  const sent: RoundBody[] = [];
  const saved: CellEntry[] = [];
  const send = vi.fn(async (sentBody: RoundBody) => {
    sent.push(sentBody);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const queue = new RoundQueue({
    send,
    askWindowReason: async () => null,
    onSaved: (entry) => saved.push(entry),
    ...extra,
  });
  return { queue, sent, saved };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('what a failed save means', () => {
  it('retries what found no server and keeps refusals', () => {
    expect(failureOf(networkDown(), 1).kind).toBe('retry');
    expect(
      failureOf(new ApiError({ message: 'x', code: 'TIMEOUT', status: 0, kind: 'timeout' }), 1).kind,
    ).toBe('retry');
    expect(failureOf(new ApiError({ message: 'x', code: '500', status: 500, kind: 'api' }), 1).kind).toBe(
      'retry',
    );
    expect(failureOf(new TypeError('Failed to fetch'), 1).kind).toBe('retry');
    expect(failureOf(refused(400, 'result', 'Blood glucose must be 0.6-33.3 mmol/L'), 1)).toEqual({
      kind: 'invalid',
      message: 'Blood glucose must be 0.6-33.3 mmol/L',
    });
    expect(failureOf(refused(400, 'windowReason', 'Give the reason'), 1)).toEqual({
      kind: 'window',
      message: 'Give the reason',
    });
  });

  it('takes a taken time on a retry as the earlier attempt arrived, not on the first', () => {
    expect(failureOf(refused(409, 'testTime', 'exists'), 2).kind).toBe('duplicate');
    expect(failureOf(refused(409, 'testTime', 'exists'), 1).kind).toBe('invalid');
  });

  it('waits longer after each failure, at most half a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('the round’s save queue', () => {
  it('saves a cell and says so', async () => {
    const { queue, saved } = queueWith([reading(11)]);
    expect(queue.submit('1:fasting', body(1))).toBe(true);
    expect(queue.get('1:fasting')?.status).toBe('saving');
    await settle();
    expect(queue.get('1:fasting')).toMatchObject({ status: 'saved', attempts: 1 });
    expect(saved.map((entry) => entry.reading?.id)).toEqual([11]);
    // a saved cell is not saved twice
    expect(queue.submit('1:fasting', body(1, 7))).toBe(false);
  });

  it('keeps a cell the network lost marked and sends it again with backoff until it is saved', async () => {
    const { queue, sent, saved } = queueWith([networkDown(), networkDown(), reading(12)]);
    queue.submit('1:fasting', body(1));
    await settle();
    expect(queue.get('1:fasting')).toMatchObject({
      status: 'unsaved',
      attempts: 1,
      message: 'Network error',
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(queue.get('1:fasting')?.status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toHaveLength(3);
    expect(queue.get('1:fasting')?.status).toBe('saved');
    expect(saved).toHaveLength(1);
    // every attempt sent the same reading (same test time)
    expect(new Set(sent.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('counts a retry that finds its reading already there as saved', async () => {
    const { queue, saved } = queueWith([networkDown(), refused(409, 'testTime', 'exists')]);
    queue.submit('1:fasting', body(1));
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queue.get('1:fasting')?.status).toBe('saved');
    expect(saved[0]?.reading).toBeNull();
  });

  it('shows a refusal on the cell and lets the nurse replace or clear it', async () => {
    const { queue, sent } = queueWith([refused(400, 'result', 'Out of range'), reading(13)]);
    queue.submit('1:fasting', body(1, 99));
    await settle();
    expect(queue.get('1:fasting')).toMatchObject({ status: 'invalid', message: 'Out of range' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    queue.submit('1:fasting', body(1, 9.9));
    await settle();
    expect(queue.get('1:fasting')?.status).toBe('saved');
    queue.submit('2:fasting', body(2));
    queue.discard('2:fasting');
    expect(queue.get('2:fasting')?.status).toBe('saving');
  });

  it('asks for the reason of a time outside the window and sends it with the reading', async () => {
    const asked: string[] = [];
    const { queue, sent } = queueWith(
      [refused(400, 'windowReason', 'Why outside the window?'), reading(14)],
      {
        askWindowReason: async (_entry, message) => {
          asked.push(message);
          return 'Patient was in theatre';
        },
      },
    );
    queue.submit('1:fasting', body(1));
    await settle();
    expect(asked).toEqual(['Why outside the window?']);
    expect(sent[1]?.windowReason).toBe('Patient was in theatre');
    expect(queue.get('1:fasting')?.status).toBe('saved');
  });

  it('leaves the cell refused when no window reason is given', async () => {
    const { queue, sent } = queueWith([refused(400, 'windowReason', 'Why?')]);
    queue.submit('1:fasting', body(1));
    await settle();
    expect(queue.get('1:fasting')).toMatchObject({ status: 'invalid', message: 'Why?' });
    expect(sent).toHaveLength(1);
  });

  it('keeps unsaved cells in localStorage and sends them again after a reload', async () => {
    const key = roundStorageKey({ tenant: '101', userId: 3, ward: 'ENDO', date: '2026-03-02' });
    expect(key).toBe('glucocare.round.101.3.ENDO.2026-03-02');
    const first = queueWith([networkDown(), refused(400, 'result', 'Out of range')], {
      store: localEntryStore(key),
    });
    first.queue.submit('1:fasting', body(1));
    first.queue.submit('2:fasting', body(2, 99));
    await settle();
    first.queue.dispose();
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    expect(stored.map((entry: CellEntry) => [entry.key, entry.status])).toEqual([
      ['1:fasting', 'unsaved'],
      ['2:fasting', 'invalid'],
    ]);

    // the page again: the unsaved cell is sent at once, the refused one waits for the nurse
    const second = queueWith([reading(15)], { store: localEntryStore(key) });
    second.queue.restore();
    expect(second.queue.get('2:fasting')).toMatchObject({ status: 'invalid', message: 'Out of range' });
    await settle();
    expect(second.sent.map((b) => b.patientId)).toEqual([1]);
    expect(second.queue.get('1:fasting')?.status).toBe('saved');
    expect(JSON.parse(window.localStorage.getItem(key) ?? '[]')).toHaveLength(1);
    second.queue.discard('2:fasting');
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('sends every unsaved cell at once when asked (back online)', async () => {
    const { queue, sent } = queueWith([networkDown(), networkDown(), reading(16), reading(17)]);
    queue.submit('1:fasting', body(1));
    queue.submit('2:fasting', body(2));
    await settle();
    expect(queue.pending()).toHaveLength(2);
    queue.retryAll();
    await settle();
    expect(sent).toHaveLength(4);
    expect(queue.pending()).toHaveLength(0);
  });
});
