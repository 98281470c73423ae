import { UNTESTED_REASONS } from '@glucocare/domain/measurements';
import { Input, type InputRef, Modal, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryOptions } from '../../api/measurements';

/** A reason a cell was not measured: tested without a number (untested) or not carried out (rejected). */
export interface NotTestedChoice {
  kind: 'untested' | 'rejected';
  code: string;
  text: string | null;
}

interface Option {
  kind: NotTestedChoice['kind'];
  code: string;
  name: string;
}

/** "Other" needs an explanation (the domain's entry rule). */
const needsText = (option: Option | undefined) => option?.code === UNTESTED_REASONS.other;

/**
 * The untested reason picker of a cell, worked by keyboard alone: it opens with the list focused; ↑ ↓
 * or a number choose, Enter confirms (with "Other", the explanation box first), Escape goes back.
 */
export function NotTestedPicker({
  open,
  title,
  options,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  options: Pick<EntryOptions, 'untestedReasons' | 'rejectReasons'>;
  onConfirm: (choice: NotTestedChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const list: Option[] = [
    ...options.untestedReasons.map((r) => ({ kind: 'untested' as const, code: r.code, name: r.name })),
    ...options.rejectReasons.map((r) => ({ kind: 'rejected' as const, code: r.code, name: r.name })),
  ];
  const [index, setIndex] = useState(0);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    setIndex(0);
    setText('');
    setProblem(null);
    const timer = setTimeout(() => listRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [open]);

  const confirm = (at = index) => {
    const option = list[at];
    if (!option) return;
    if (needsText(option) && !text.trim()) {
      setProblem(t('round.untested.textRequired'));
      textRef.current?.focus();
      return;
    }
    onConfirm({ kind: option.kind, code: option.code, text: text.trim() || null });
  };

  const onListKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setIndex((i) => (i + step + list.length) % list.length);
      setProblem(null);
    } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= list.length) {
      event.preventDefault();
      setIndex(Number(event.key) - 1);
      setProblem(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
    }
  };

  const groups: [Option['kind'], string][] = [
    ['untested', t('round.untested.untestedGroup')],
    ['rejected', t('round.untested.rejectedGroup')],
  ];
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => confirm()}
      okText={t('round.untested.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={440}
      afterOpenChange={(visible) => {
        if (visible) listRef.current?.focus();
      }}
      okButtonProps={{ 'data-testid': 'round-untested-ok' } as Record<`data-${string}`, string>}
      data-testid="round-untested"
    >
      <Typography.Paragraph type="secondary">{t('round.untested.hint')}</Typography.Paragraph>
      <div
        ref={listRef}
        role="listbox"
        tabIndex={0}
        aria-activedescendant={`round-reason-${index}`}
        className="gc-round-reasons"
        data-testid="round-untested-list"
        onKeyDown={onListKey}
      >
        {groups.map(([kind, label]) => {
          const members = list
            .map((option, at) => ({ option, at }))
            .filter(({ option }) => option.kind === kind);
          if (!members.length) return null;
          return (
            <div key={kind}>
              <div className="gc-round-reason-group">{label}</div>
              {members.map(({ option, at }) => (
                <div
                  key={`${option.kind}:${option.code}`}
                  id={`round-reason-${at}`}
                  role="option"
                  aria-selected={at === index}
                  tabIndex={-1}
                  className={`gc-round-reason${at === index ? ' gc-round-reason-on' : ''}`}
                  data-testid={`round-reason-${option.kind}-${option.code}`}
                  onClick={() => setIndex(at)}
                  onDoubleClick={() => confirm(at)}
                  onKeyDown={() => undefined}
                >
                  <span className="gc-round-reason-key">{at < 9 ? at + 1 : ''}</span>
                  {option.name}
                </div>
              ))}
            </div>
          );
        })}
      </div>
      <Typography.Text strong>{t('round.untested.text')}</Typography.Text>
      <Input
        ref={textRef}
        value={text}
        maxLength={200}
        status={problem ? 'error' : undefined}
        data-testid="round-untested-text"
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onPressEnter={() => confirm()}
      />
      {problem ? (
        <Typography.Text type="danger" data-testid="round-untested-problem">
          {problem}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}

/** The note of a cell: kept in the page and saved with the cell's reading. Enter keeps it, Escape goes back. */
export function NoteDialog({
  open,
  title,
  initial,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  initial: string;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const inputRef = useRef<InputRef>(null);
  useEffect(() => {
    if (open) setValue(initial);
  }, [open, initial]);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => onConfirm(value.trim())}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={440}
      // the dialog takes the focus when it has opened: the box gets it back
      afterOpenChange={(visible) => {
        if (visible) inputRef.current?.focus();
      }}
      data-testid="round-note"
    >
      <Typography.Paragraph type="secondary">{t('round.note.hint')}</Typography.Paragraph>
      <Input
        ref={inputRef}
        autoFocus
        value={value}
        maxLength={200}
        showCount
        data-testid="round-note-input"
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={() => onConfirm(value.trim())}
      />
    </Modal>
  );
}
