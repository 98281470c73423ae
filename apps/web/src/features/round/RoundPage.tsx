import { LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { measurementChangeReasonSchema } from '@glucocare/domain/measurements';
import { localizedIssues } from '@glucocare/domain/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Grid, Skeleton, Space, Tag, Typography } from 'antd';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/http';
import { createReading, type EntryOptions, fetchEntryOptions, fetchReading } from '../../api/measurements';
import { fetchInpatients } from '../../api/patients';
import { fetchTodayTasks, type TodayTask } from '../../api/tasks';
import { type ScanClaim, useScanClaim } from '../../app/layout/WristbandScan';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { readStored, writeStored } from '../../app/preferences';
import { useSession } from '../../app/session';
import { DepartmentTreeSelect, useDepartmentTree } from '../../components/DepartmentTreeSelect';
import { dateInZone } from '../../components/format';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
import { askReason } from '../../components/reason-prompt';
import { flattenTree } from '../../components/tree';
import { currentLang } from '../../i18n';
import { CriticalEntryDialog } from '../critical/CriticalEntryDialog';
import { asksToNotify } from '../critical/critical';
import { TASK_STATE_COLORS } from '../tasks/tasks';
import { ReadingEntryDialog } from './ReadingEntryDialog';
import { cellTip, cellView, RoundCellInput } from './RoundCell';
import { NoteDialog, type NotTestedChoice, NotTestedPicker } from './RoundDialogs';
import {
  type CellPosition,
  cellCommand,
  cellKey,
  currentColumn,
  entryPeriod,
  firstOpenRow,
  moveCell,
  ROUND_KEYS,
  type RoundGrid,
  roundGrid,
} from './round-model';
import { localEntryStore, type RoundBody, RoundQueue, roundStorageKey } from './save-queue';
import './round.css';

/** The round's query keys (the push channel reloads them: app/live.ts `LIVE_QUERIES`). */
export const roundKeys = {
  all: ['round'] as const,
  patients: (ward: string) => ['round', 'patients', ward] as const,
  tasks: (ward: string, lang: string) => ['round', 'tasks', ward, lang] as const,
  options: (ward: string, patientId: number, lang: string) =>
    ['round', 'options', ward, patientId, lang] as const,
  reading: (id: number) => ['round', 'reading', id] as const,
};

const TASK_PAGE = 500;

/** Every task of today of one ward (the task list pages at 500). */
async function wardTasks(ward: string, signal: AbortSignal): Promise<TodayTask[]> {
  const tasks: TodayTask[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchTodayTasks({ departmentCode: ward, page, size: TASK_PAGE }, signal);
    tasks.push(...answer.records);
    if (tasks.length >= answer.total || answer.records.length < TASK_PAGE) return tasks;
  }
}

const wardMemoryKey = (tenant: string, userId: number) => `glucocare.round.ward.${tenant}.${userId}`;

/** The ward the round opens on: the link's, the one chosen last time, the user's own, the first in scope. */
function useWard(): [string | null, (ward: string) => void] {
  const { profile } = useSession();
  const [params] = useSearchParams();
  const tree = useDepartmentTree('scope');
  const memory = profile ? wardMemoryKey(profile.tenant, profile.userId) : null;
  const [chosen, setChosen] = useState<string | null>(
    () => params.get('ward') ?? (memory ? readStored(memory) : null),
  );
  const codes = useMemo(() => flattenTree(tree.data ?? []).map((node) => node.code), [tree.data]);
  let ward = chosen;
  if (tree.data && (!ward || !codes.includes(ward))) {
    const own = profile?.departmentCode;
    ward = own && codes.includes(own) ? own : (codes[0] ?? null);
  }
  const choose = useCallback(
    (next: string) => {
      setChosen(next);
      if (memory) writeStored(memory, next);
    },
    [memory],
  );
  return [tree.data ? ward : null, choose];
}

const posKey = (at: CellPosition) => `${at.row}:${at.col}`;

/**
 * `/patient/round` (issue 15): the ward round. The ward's beds × today's planned glucose periods, the
 * current period focused. A nurse types a value and presses Enter or Tab for the next bed: the cell
 * saves on its own (save-queue.ts: unsaved cells stay marked, retry and survive a reload) and takes the
 * colour of its classification from the answer. `/` or F2: not tested with a reason; `;` or F3: a note;
 * K / U: ketone / uric acid for the bed. A critical value opens its entry dialog. At phone width one bed
 * at a time. The tester is the signed-in user.
 */
export default function RoundPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const { profile } = useSession();
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const canNotify = usePermission(PERMISSIONS.criticalValues.handle);
  const [ward, setWard] = useWard();

  const patientsQuery = useQuery({
    queryKey: roundKeys.patients(ward ?? ''),
    queryFn: ({ signal }) => fetchInpatients({ departmentCode: ward ?? undefined }, signal),
    enabled: !!ward,
    meta: { silent: true },
  });
  const tasksQuery = useQuery({
    queryKey: roundKeys.tasks(ward ?? '', lang),
    queryFn: ({ signal }) => wardTasks(ward ?? '', signal),
    enabled: !!ward,
    // task states move on with the clock
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  const patients = patientsQuery.data?.records;
  const firstPatient = patients?.[0]?.id;
  const optionsQuery = useQuery({
    queryKey: roundKeys.options(ward ?? '', firstPatient ?? 0, lang),
    queryFn: ({ signal }) => fetchEntryOptions(firstPatient ?? 0, 'GLU', signal),
    enabled: !!ward && firstPatient !== undefined,
    staleTime: 300_000,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const options = optionsQuery.data;
  const grid = useMemo<RoundGrid | null>(
    () =>
      patients && tasksQuery.data && options ? roundGrid(patients, tasksQuery.data, options.periods) : null,
    [patients, tasksQuery.data, options],
  );
  const timeZone = options?.timeZone ?? 'Asia/Shanghai';
  const date = dateInZone(new Date(), timeZone);

  // the save queue of this ward and day (recreated when either changes)
  const [queue, setQueue] = useState<RoundQueue | null>(null);
  const [toNotify, setToNotify] = useState<number[]>([]);
  const handlers = useRef({ canNotify, client, t });
  handlers.current = { canNotify, client, t };
  const storageKey =
    profile && ward && options
      ? roundStorageKey({ tenant: profile.tenant, userId: profile.userId, ward, date })
      : null;
  useEffect(() => {
    if (!storageKey) return;
    const created = new RoundQueue({
      send: (body) => createReading(body),
      store: localEntryStore(storageKey),
      askWindowReason: (_entry, message) => {
        const { t: tr } = handlers.current;
        return askReason({
          title: tr('round.window.title'),
          content: message,
          label: tr('round.window.label'),
          okText: tr('round.window.ok'),
          cancelText: tr('round.window.cancel'),
          check: (reason) =>
            localizedIssues(measurementChangeReasonSchema, reason, currentLang())[0]?.message ?? null,
        });
      },
      onSaved: (entry) => {
        const { canNotify: notify, client: queryClient } = handlers.current;
        // the push channel reloads the round; a retry that found its reading already there reloads now
        if (!entry.reading) void queryClient.invalidateQueries({ queryKey: roundKeys.all });
        if (entry.reading && notify && asksToNotify(entry.reading, new Date())) {
          const id = entry.reading.id;
          setToNotify((list) => (list.includes(id) ? list : [...list, id]));
        }
      },
    });
    setQueue(created);
    created.restore();
    const online = () => created.retryAll();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      created.dispose();
    };
  }, [storageKey]);
  useSyncExternalStore(
    useCallback((notify: () => void) => queue?.subscribe(notify) ?? (() => undefined), [queue]),
    () => queue?.version ?? 0,
  );

  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [active, setActive] = useState<CellPosition | null>(null);
  const [focusAt, setFocusAt] = useState<{ at: CellPosition; n: number } | null>(null);
  const [picker, setPicker] = useState<CellPosition | null>(null);
  const [noteFor, setNoteFor] = useState<CellPosition | null>(null);
  const [other, setOther] = useState<{ patientId: number; item: 'KET' | 'UA' } | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const opened = useRef<string | null>(null);

  const focusCell = useCallback((at: CellPosition) => {
    setActive(at);
    setFocusAt((previous) => ({ at, n: (previous?.n ?? 0) + 1 }));
  }, []);
  useEffect(() => {
    if (!focusAt) return;
    const element = inputs.current.get(posKey(focusAt.at));
    element?.focus();
    element?.select();
  }, [focusAt]);

  const currentCol = grid && options ? currentColumn(grid.columns, new Date(), timeZone, options.periods) : 0;
  const keyAt = (at: CellPosition) => {
    const row = grid?.rows[at.row];
    const period = grid?.columns[at.col];
    return row && period ? cellKey(row.patient.id, period.code) : null;
  };
  const viewAt = (at: CellPosition) => {
    const key = keyAt(at);
    const row = grid?.rows[at.row];
    const period = grid?.columns[at.col];
    if (!key || !row || !period || !options) return null;
    return cellView(
      row.tasks.get(period.code)?.reading ?? null,
      queue?.get(key),
      drafts[key],
      notes[key],
      options,
    );
  };

  // on open (and on another ward): the current period's first bed not measured yet
  useEffect(() => {
    if (!grid || !queue || !options || opened.current === ward || !grid.rows.length) return;
    opened.current = ward;
    const done = (key: string) => {
      const [patientId, period] = key.split(':');
      const row = grid.rows.find((r) => String(r.patient.id) === patientId);
      return !!row?.tasks.get(period ?? '')?.reading || !!queue.get(key);
    };
    focusCell({ row: firstOpenRow(grid, currentCol, done), col: currentCol });
  }, [grid, queue, options, ward, currentCol, focusCell]);

  const claim = useCallback<ScanClaim>(
    (patient) => {
      const row = grid?.rows.findIndex((r) => r.patient.id === patient.id) ?? -1;
      if (row < 0) return false;
      focusCell({ row, col: currentCol });
      return true;
    },
    [grid, currentCol, focusCell],
  );
  useScanClaim(claim);

  const setDraft = (key: string, text: string | undefined) =>
    setDrafts((all) => {
      const next = { ...all };
      if (text === undefined) delete next[key];
      else next[key] = text;
      return next;
    });

  /** Sends a cell with its value or reason (and the note typed for it). */
  const submit = (
    at: CellPosition,
    fields: Pick<RoundBody, 'result' | 'unit' | 'cause' | 'causeText' | 'rejectReason'>,
  ) => {
    const key = keyAt(at);
    const row = grid?.rows[at.row];
    const period = grid?.columns[at.col];
    if (!key || !row || !period || !queue) return;
    const body: RoundBody = {
      category: 'GLU',
      patientId: row.patient.id,
      period: options ? entryPeriod(period, options.periods, new Date(), timeZone) : period.code,
      // the time it is typed: the round records what is measured now, and a cell of a past period then
      // asks why (the window rule); a reading taken earlier is entered with its own time on the glucose tab
      testTime: new Date().toISOString(),
      remark: notes[key] || null,
      ...fields,
    };
    if (queue.submit(key, body)) {
      setDraft(key, undefined);
      setNotes((all) => {
        const next = { ...all };
        delete next[key];
        return next;
      });
    }
  };

  /** Enter / Tab: what was typed in the cell is saved (an emptied unsaved cell is forgotten). */
  const saveTyped = (at: CellPosition) => {
    const key = keyAt(at);
    if (!key || !options) return;
    const typed = drafts[key];
    if (typed === undefined) return;
    if (!typed.trim()) {
      queue?.discard(key);
      setDraft(key, undefined);
      return;
    }
    const result = Number(typed);
    if (!Number.isFinite(result)) return;
    submit(at, { result, unit: options.unit.code, cause: null, causeText: null, rejectReason: null });
  };

  const onCellKey = (at: CellPosition) => (event: KeyboardEvent<HTMLInputElement>) => {
    const key = keyAt(at);
    const view = viewAt(at);
    const row = grid?.rows[at.row];
    if (!key || !view || !row || !grid) return;
    const typed = !view.readOnly && !!drafts[key];
    const command = cellCommand(
      event.key,
      { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey, alt: event.altKey },
      typed,
    );
    if (!command) return;
    event.preventDefault();
    if (command.kind === 'move') {
      if (command.save) saveTyped(at);
      focusCell(moveCell(at, command.move, grid.rows.length, grid.columns.length));
    } else if (command.kind === 'untested' || command.kind === 'note') {
      if (view.state === 'saved' || view.state === 'saving') toastError(t('round.cell.savedHint'));
      else if (command.kind === 'untested') setPicker(at);
      else setNoteFor(at);
    } else {
      setOther({ patientId: row.patient.id, item: command.item });
    }
  };

  const back = () => {
    if (active) focusCell(active);
  };
  const retryNow = () => queue?.retryAll();
  const entries = queue?.all() ?? [];
  const unsaved = entries.filter((entry) => entry.status === 'unsaved' || entry.status === 'saving').length;
  const refused = entries.filter((entry) => entry.status === 'invalid').length;
  const dialogOpen = !!picker || !!noteFor || !!other;

  const header = (
    <Space wrap size={[12, 8]} className="gc-round-head">
      <DepartmentTreeSelect
        value={ward}
        allowClear={false}
        placeholder={t('round.wardPlaceholder')}
        onChange={(value) => {
          if (typeof value === 'string') {
            setWard(value);
            setDrafts({});
            setNotes({});
          }
        }}
        style={{ width: phone ? '100%' : 220 }}
        data-testid="round-ward"
      />
      <Tag color="blue" data-testid="round-tester">
        {t('round.tester', { name: profile?.nickName ?? '' })}
      </Tag>
      <Typography.Text type="secondary" data-testid="round-day">
        {t('round.day', { date })}
        {grid ? ` · ${t('round.beds', { count: grid.rows.length })}` : ''}
      </Typography.Text>
    </Space>
  );

  let content: ReactNode;
  const failed = patientsQuery.error ?? tasksQuery.error ?? optionsQuery.error;
  if (!ward) {
    content = <Empty description={t('round.noWard')} />;
  } else if (failed && !grid) {
    content = (
      <LoadError
        title={t('round.loadFailed')}
        message={errorText(failed)}
        onRetry={() => void client.invalidateQueries({ queryKey: roundKeys.all })}
      />
    );
  } else if (patients && !patients.length) {
    content = <Empty description={t('round.empty')} data-testid="round-empty" />;
  } else if (!grid || !options) {
    content = <Skeleton active paragraph={{ rows: 8 }} data-testid="round-loading" />;
  } else {
    const cell = (at: CellPosition, big = false) => {
      const view = viewAt(at);
      const row = grid.rows[at.row];
      const period = grid.columns[at.col];
      if (!view || !row || !period) return null;
      const key = cellKey(row.patient.id, period.code);
      return (
        <RoundCellInput
          view={view}
          big={big}
          current={at.col === currentCol}
          label={t('round.cell.label', { period: period.name, name: row.patient.name })}
          tip={cellTip(view, t, timeZone)}
          testId={`round-cell-${row.patient.id}-${period.code}`}
          inputRef={(element) => {
            if (element) inputs.current.set(posKey(at), element);
            else inputs.current.delete(posKey(at));
          }}
          onChange={(text) => setDraft(key, text)}
          onKeyDown={onCellKey(at)}
          onFocus={() => setActive(at)}
        />
      );
    };
    content = (
      <>
        {unsaved || refused ? (
          <Alert
            type={refused && !unsaved ? 'error' : 'warning'}
            showIcon
            className="gc-form-alert"
            data-testid="round-unsaved"
            message={[
              unsaved ? t('round.status.unsaved', { count: unsaved }) : null,
              refused ? t('round.status.invalid', { count: refused }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            action={
              unsaved ? (
                <Button size="small" icon={<ReloadOutlined />} onClick={retryNow} data-testid="round-retry">
                  {t('round.status.retryNow')}
                </Button>
              ) : undefined
            }
          />
        ) : null}
        {phone ? (
          <PhoneRound
            grid={grid}
            row={active?.row ?? 0}
            cell={cell}
            onRow={(row) => focusCell({ row, col: active?.col ?? currentCol })}
            onOther={setOther}
          />
        ) : (
          <RoundTable grid={grid} currentCol={currentCol} cell={cell} onOther={setOther} />
        )}
        <CellDetail grid={grid} at={active} view={active ? viewAt(active) : null} options={options} />
        <Legend />
      </>
    );
  }

  const pickerRow = picker ? grid?.rows[picker.row] : undefined;
  const noteRow = noteFor ? grid?.rows[noteFor.row] : undefined;
  const noteKey = noteFor ? keyAt(noteFor) : null;
  return (
    <PageWrapper
      title={t('round.title')}
      description={t('round.intro')}
      extra={header}
      testId="round-page"
      className="gc-round-page"
    >
      {content}
      {options ? (
        <NotTestedPicker
          open={!!picker}
          title={t('round.untested.title', {
            name: pickerRow?.patient.name ?? '',
            period: picker ? grid?.columns[picker.col]?.name : '',
          })}
          options={options}
          onCancel={() => {
            setPicker(null);
            back();
          }}
          onConfirm={(choice: NotTestedChoice) => {
            const at = picker;
            setPicker(null);
            if (!at || !grid) return;
            submit(at, {
              result: null,
              unit: null,
              cause: choice.kind === 'untested' ? choice.code : null,
              rejectReason: choice.kind === 'rejected' ? choice.code : null,
              causeText: choice.text,
            });
            focusCell(moveCell(at, 'next', grid.rows.length, grid.columns.length));
          }}
        />
      ) : null}
      <NoteDialog
        open={!!noteFor}
        title={t('round.note.title', {
          name: noteRow?.patient.name ?? '',
          period: noteFor ? grid?.columns[noteFor.col]?.name : '',
        })}
        initial={noteKey ? (notes[noteKey] ?? '') : ''}
        onCancel={() => {
          setNoteFor(null);
          back();
        }}
        onConfirm={(note) => {
          if (noteKey) {
            setNotes((all) => ({ ...all, [noteKey]: note }));
            if (note) toastSuccess(t('round.note.kept'));
          }
          setNoteFor(null);
          back();
        }}
      />
      {other ? (
        <ReadingEntryDialog
          key={`${other.patientId}:${other.item}`}
          patientId={other.patientId}
          item={other.item}
          onClose={() => {
            setOther(null);
            back();
          }}
        />
      ) : null}
      {toNotify[0] !== undefined && !dialogOpen ? (
        <CriticalEntryDialog
          key={toNotify[0]}
          measurementId={toNotify[0]}
          onDone={() => {
            setToNotify((list) => list.slice(1));
            back();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}

type CellRenderer = (at: CellPosition, big?: boolean) => ReactNode;

function OtherButtons({
  patientId,
  others,
  onOther,
}: {
  patientId: number;
  /** ketone and uric-acid tasks of monitoring orders not done (issue 17) */
  others: readonly TodayTask[];
  onOther: (target: { patientId: number; item: 'KET' | 'UA' }) => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="gc-round-other">
      {others.map((task) => (
        <Tag
          key={task.periodCode}
          color={TASK_STATE_COLORS[task.state]}
          className="gc-round-other-task"
          data-testid={`round-other-${patientId}-${task.periodCode}`}
        >
          {task.periodName}
        </Tag>
      ))}
      {(
        [
          ['KET', 'round-ket', t('round.other.ketone')],
          ['UA', 'round-ua', t('round.other.uricAcid')],
        ] as const
      ).map(([item, testId, label]) => (
        <Button
          key={item}
          size="small"
          type="link"
          tabIndex={-1}
          onClick={() => onOther({ patientId, item })}
          data-testid={`${testId}-${patientId}`}
        >
          +{label}
        </Button>
      ))}
    </span>
  );
}

/** A period's name over its window ("05:00-09:00"); a clock column its time and "ordered time". */
function PeriodHead({ period }: { period: RoundGrid['columns'][number] }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="gc-round-period">{period.name}</span>
      <small>{period.slot ? t('round.clockColumn') : `${period.startTime}-${period.endTime}`}</small>
    </>
  );
}

function bedText(t: ReturnType<typeof useTranslation>['t'], bed: string | null) {
  return bed ? t('round.bed', { bed }) : t('round.noBed');
}

/** Desktop: beds × periods, the current period's column marked. */
function RoundTable({
  grid,
  currentCol,
  cell,
  onOther,
}: {
  grid: RoundGrid;
  currentCol: number;
  cell: CellRenderer;
  onOther: (target: { patientId: number; item: 'KET' | 'UA' }) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="gc-round-scroll">
      <table className="gc-round-table" data-testid="round-grid">
        <thead>
          <tr>
            <th scope="col">{t('round.patient')}</th>
            {grid.columns.map((period, col) => (
              <th
                key={period.code}
                scope="col"
                className={col === currentCol ? 'gc-round-col-now' : undefined}
                data-testid={`round-col-${period.code}`}
              >
                <PeriodHead period={period} />
                {col === currentCol ? (
                  <Tag color="processing" className="gc-round-now-tag">
                    {t('round.current')}
                  </Tag>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row, rowIndex) => (
            <tr key={row.patient.id} data-testid="round-row" data-patient-id={row.patient.id}>
              <th scope="row" className="gc-round-who">
                <span className="gc-round-bed">{bedText(t, row.patient.bed)}</span>
                <span className="gc-round-name">{row.patient.name}</span>
                <OtherButtons patientId={row.patient.id} others={row.others} onOther={onOther} />
              </th>
              {grid.columns.map((period, col) => (
                <td key={period.code} className={col === currentCol ? 'gc-round-col-now' : undefined}>
                  {cell({ row: rowIndex, col })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phone: one bed at a time, the periods as big inputs; previous / next (Enter and Tab move on too). */
function PhoneRound({
  grid,
  row,
  cell,
  onRow,
  onOther,
}: {
  grid: RoundGrid;
  row: number;
  cell: CellRenderer;
  onRow: (row: number) => void;
  onOther: (target: { patientId: number; item: 'KET' | 'UA' }) => void;
}) {
  const { t } = useTranslation();
  const current = grid.rows[row];
  if (!current) return null;
  return (
    <div className="gc-round-phone" data-testid="round-phone">
      <div className="gc-round-phone-nav">
        <Button
          icon={<LeftOutlined />}
          disabled={row === 0}
          onClick={() => onRow(row - 1)}
          data-testid="round-prev"
        >
          {t('round.phone.previous')}
        </Button>
        <span data-testid="round-position">
          {t('round.phone.position', { index: row + 1, count: grid.rows.length })}
        </span>
        <Button
          icon={<RightOutlined />}
          iconPosition="end"
          disabled={row >= grid.rows.length - 1}
          onClick={() => onRow(row + 1)}
          data-testid="round-next"
        >
          {t('round.phone.next')}
        </Button>
      </div>
      <div className="gc-round-phone-bed" data-testid="round-bed" data-patient-id={current.patient.id}>
        <div className="gc-round-phone-who">
          <span className="gc-round-bed">{bedText(t, current.patient.bed)}</span>
          <span className="gc-round-name">{current.patient.name}</span>
        </div>
        {grid.columns.map((period, col) => (
          <div key={period.code} className="gc-round-phone-row">
            <span className="gc-round-phone-label">
              <PeriodHead period={period} />
            </span>
            {cell({ row, col }, true)}
          </div>
        ))}
        <OtherButtons patientId={current.patient.id} others={current.others} onOther={onOther} />
      </div>
    </div>
  );
}

/** The focused cell in words: bed, patient, period, value or state, who tested and when, the note. */
function CellDetail({
  grid,
  at,
  view,
  options,
}: {
  grid: RoundGrid;
  at: CellPosition | null;
  view: ReturnType<typeof cellView> | null;
  options: EntryOptions;
}) {
  const { t } = useTranslation();
  const readingId = view?.state === 'saved' && !view.tester ? view.readingId : null;
  const tester = useQuery({
    queryKey: roundKeys.reading(readingId ?? 0),
    queryFn: ({ signal }) => fetchReading(readingId ?? 0, signal),
    enabled: readingId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const row = at ? grid.rows[at.row] : undefined;
  const period = at ? grid.columns[at.col] : undefined;
  if (!row || !period || !view) return <div className="gc-round-detail" />;
  const withTester = {
    ...view,
    tester: view.tester ?? tester.data?.testUser ?? null,
    note: view.note ?? tester.data?.note ?? null,
  };
  const value =
    view.state === 'empty'
      ? t('round.detail.empty')
      : view.classification && view.classification !== 'untested'
        ? `${view.text} ${options.unit.name} · ${t(`measurements.classification.${view.classification}`)}`
        : view.text;
  const tip = cellTip(withTester, t, options.timeZone);
  return (
    <div className="gc-round-detail" data-testid="round-detail" aria-live="polite">
      <strong>{bedText(t, row.patient.bed)}</strong> {row.patient.name} · {period.name} · {value}
      {tip ? ` · ${tip}` : ''}
    </div>
  );
}

/** The keys of the round, always on the page. */
function Legend() {
  const { t } = useTranslation();
  const keys: [string[], string][] = [
    [['Enter', 'Tab'], t('round.legend.next')],
    [['Shift+Tab'], t('round.legend.previous')],
    [['↑', '↓', '←', '→'], t('round.legend.move')],
    [[...ROUND_KEYS.untested], t('round.legend.untested')],
    [[...ROUND_KEYS.note], t('round.legend.note')],
    [['K'], t('round.legend.ketone')],
    [['U'], t('round.legend.uricAcid')],
  ];
  return (
    <div className="gc-round-legend" data-testid="round-legend">
      <span className="gc-round-legend-title">{t('round.legend.title')}</span>
      {keys.map(([combo, text]) => (
        <span key={text} className="gc-round-legend-item">
          {combo.map((key) => (
            <kbd key={key}>{key}</kbd>
          ))}
          {text}
        </span>
      ))}
    </div>
  );
}
