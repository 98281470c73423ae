import { CloudUploadOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { sanitizeNumericInput } from '@glucocare/domain/helpers';
import { Input, type InputRef, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { KeyboardEvent, ReactNode } from 'react';
import type { EntryOptions } from '../../api/measurements';
import type { TaskReading } from '../../api/tasks';
import { timeInZone } from '../../components/format';
import { readingColor, valueNumber } from '../measurements/reading-format';
import { cellReading } from './round-model';
import type { CellEntry, RoundBody } from './save-queue';

/** What a cell shows: a typed value, a cell being saved or not saved, or the saved reading. */
export type CellState = 'empty' | 'draft' | 'saving' | 'unsaved' | 'invalid' | 'saved';

export interface CellView {
  state: CellState;
  text: string;
  readOnly: boolean;
  classification: string | null;
  color: string | undefined;
  /** the refusal or failure (not saved cells) */
  message: string | null;
  /** the saved reading's id and time (its tester is looked up when the cell is focused) */
  readingId: number | null;
  testTime: string | null;
  tester: string | null;
  note: string | null;
}

/** A cell's saved reading: today's task's, or the entry's answer (with its rejection reason apart). */
type CellReading = TaskReading & { rejectReason?: string | null };

type ReasonOptions = Pick<EntryOptions, 'untestedReasons' | 'rejectReasons' | 'unit'>;

/** The name of an untested or rejection reason code (the code when the settings no longer name it). */
export function reasonName(code: string, options: ReasonOptions): string {
  return (
    options.untestedReasons.find((r) => r.code === code)?.name ??
    options.rejectReasons.find((r) => r.code === code)?.name ??
    code
  );
}

/** A body's value as typed, or its reason's name. */
export function bodyText(body: RoundBody, options: ReasonOptions): string {
  if (body.result !== null) return String(body.result);
  const code = body.cause ?? body.rejectReason;
  return code ? reasonName(code, options) : '';
}

/** A saved reading's text: the number in the display unit, or the reason's name. */
function readingText(reading: CellReading, options: ReasonOptions): string {
  if (reading.testValue === null) {
    // a full reading keeps a rejection apart; the task list's reading names either as its reason
    const code = reading.untestedReason ?? reading.rejectReason;
    return code ? reasonName(code, options) : '';
  }
  return valueNumber(cellReading(reading), options.unit);
}

/**
 * A cell's view from the server's reading (today's task), the cell's entry in the save queue and what
 * is typed: something typed wins, then an entry not saved, then the saved reading.
 */
export function cellView(
  serverReading: TaskReading | null,
  entry: CellEntry | undefined,
  draft: string | undefined,
  note: string | undefined,
  options: ReasonOptions,
): CellView {
  const base = {
    classification: null,
    color: undefined,
    message: null,
    readingId: null,
    testTime: null,
    tester: null,
    note: note || null,
  };
  const draftView = (message: string | null): CellView => ({
    ...base,
    state: draft ? 'draft' : 'empty',
    text: draft ?? '',
    readOnly: false,
    message,
  });
  const entryView = (pending: CellEntry): CellView => ({
    ...base,
    state: pending.status,
    text: bodyText(pending.body, options),
    readOnly: pending.status === 'saving',
    message: pending.message,
    note: pending.body.remark,
  });
  if (entry?.status === 'saving') return entryView(entry);
  if (entry && entry.status !== 'saved')
    return draft !== undefined ? draftView(entry.message) : entryView(entry);
  const saved = entry?.status === 'saved' ? entry : undefined;
  const reading: CellReading | null = saved?.reading ?? serverReading;
  if (reading) {
    const untested = reading.testValue === null;
    return {
      ...base,
      state: 'saved',
      text: readingText(reading, options),
      readOnly: true,
      classification: untested ? 'untested' : (reading.determineType ?? 'unknown'),
      color: untested ? undefined : readingColor(reading),
      readingId: reading.id,
      testTime: reading.testTime,
      tester: saved?.reading?.testUser ?? null,
      note: saved?.reading?.note ?? null,
    };
  }
  if (saved) {
    // saved by a retry whose first answer was lost: the typed value until the round reloads
    return { ...base, state: 'saved', text: bodyText(saved.body, options), readOnly: true };
  }
  return draft !== undefined ? draftView(null) : { ...base, state: 'empty', text: '', readOnly: false };
}

const STATE_ICONS: Partial<Record<CellState, ReactNode>> = {
  saving: <LoadingOutlined />,
  unsaved: <CloudUploadOutlined />,
  invalid: <ExclamationCircleOutlined />,
};

/** The hover text of a cell: its state, the refusal, who tested when, the note. */
export function cellTip(view: CellView, t: TFunction, timeZone: string): string {
  const parts: string[] = [];
  if (view.state === 'saving' || view.state === 'unsaved' || view.state === 'invalid') {
    parts.push(t(`round.cell.${view.state}`));
  }
  if (view.message && view.state !== 'saving') parts.push(view.message);
  if (view.state === 'saved' && view.testTime) {
    parts.push(
      view.tester
        ? t('round.cell.testedBy', { time: timeInZone(view.testTime, timeZone), name: view.tester })
        : timeInZone(view.testTime, timeZone),
    );
  }
  if (view.note) parts.push(t('round.cell.note', { note: view.note }));
  return parts.join(' · ');
}

/**
 * One cell's input: typed digits (at most two decimals), coloured by the saved reading's
 * classification, marked while saving, not saved or refused. Keys go to `onKeyDown` (the round's).
 */
export function RoundCellInput({
  view,
  label,
  tip,
  big,
  current,
  testId,
  inputRef,
  onChange,
  onKeyDown,
  onFocus,
}: {
  view: CellView;
  label: string;
  tip: string;
  big?: boolean;
  current?: boolean;
  testId: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocus: () => void;
}) {
  const style = view.color ? { color: view.color, borderColor: view.color } : undefined;
  const input = (
    <Input
      ref={(element: InputRef | null) => inputRef(element?.input ?? null)}
      value={view.text}
      readOnly={view.readOnly}
      size={big ? 'large' : 'middle'}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={view.state === 'invalid' || undefined}
      className={`gc-round-input gc-round-${view.state}${view.classification ? ` gc-round-cls-${view.classification}` : ''}${current ? ' gc-round-current' : ''}`}
      style={style}
      status={view.state === 'invalid' ? 'error' : view.state === 'unsaved' ? 'warning' : undefined}
      suffix={STATE_ICONS[view.state] ?? <span />}
      data-testid={testId}
      data-state={view.state}
      data-classification={view.classification ?? undefined}
      onChange={(event) => onChange(sanitizeNumericInput(event.target.value, { decimals: 2 }))}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    />
  );
  return tip ? (
    <Tooltip title={tip} mouseEnterDelay={0.4}>
      {input}
    </Tooltip>
  ) : (
    input
  );
}
