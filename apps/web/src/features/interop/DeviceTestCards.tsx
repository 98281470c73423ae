import { ExperimentOutlined, ReloadOutlined, ScanOutlined, SendOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { ucumOf } from '@glucocare/domain/interop';
import type { MeterTest } from '@glucocare/domain/responses';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  type InputRef,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/http';
import {
  type Hl7Message,
  type Hl7TestResult,
  sendTestHl7,
  testMeter,
  testWristband,
  type WristbandTest,
} from '../../api/interop';
import { usePermission } from '../../app/permissions';
import { useSession } from '../../app/session';
import { dateTimeInZone, hospitalZone, secondsInZone } from '../../components/format';
import {
  DEFAULT_SAMPLE_SUBJECT,
  processingIdOf,
  SAMPLE_KINDS,
  type SampleKind,
  type SampleSubject,
  sampleMessage,
  scannedCharacters,
  toWireText,
} from './hl7';
import { Hl7Text } from './MessageDetail';
import { AckTag, DirectionTag, StatusTag } from './tags';

/** Whom a sample names: the patient part of its subject. */
type SamplePatient = Omit<SampleSubject, 'meterSerial' | 'operator'>;

/** Where the interface screen shows one message. */
const messageHref = (id: number) => `/system/interop?id=${id}`;

function CardError({ error, testId }: { error: unknown; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={t('interop.testPage.failed')}
      description={errorText(error)}
      data-testid={testId}
    />
  );
}

/** The characters read, one box each: the character (or its name) over its code point. */
function CodePoints({ result }: { result: WristbandTest }) {
  const { t } = useTranslation();
  const characters = scannedCharacters(result.code, result.codePoints);
  const unusual = characters.some((character) => character.unusual);
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <div className="gc-hl7-chars" data-testid="wristband-code-points">
        {characters.map((character, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the characters of one code never move
            key={index}
            className={character.unusual ? 'gc-hl7-char gc-hl7-char-unusual' : 'gc-hl7-char'}
          >
            <span className="gc-hl7-char-glyph">{character.glyph}</span>
            <span className="gc-hl7-char-code">{character.codePoint}</span>
          </span>
        ))}
      </div>
      {unusual ? (
        <Alert
          type="warning"
          showIcon
          message={t('interop.wristband.unusual')}
          data-testid="wristband-unusual"
        />
      ) : null}
    </Space>
  );
}

interface ScanEntry {
  key: number;
  at: number;
  code: string;
  found: string | null;
}

/**
 * (a) Scan a wristband: the box has the focus; a scanner types the code and presses Enter. Shows
 * what was read (each character's code point, so a prefix, suffix or control character shows) and
 * whom it finds; the box's text is selected after each scan, so the next scan replaces it.
 */
function WristbandCard({ onPatient }: { onPatient: (patient: SamplePatient) => void }) {
  const { t } = useTranslation();
  const inputRef = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [history, setHistory] = useState<ScanEntry[]>([]);
  const scan = useMutation({
    mutationFn: (code: string) => testWristband(code),
    onSuccess: (result) => {
      setHistory((current) =>
        [
          {
            key: Date.now(),
            at: Date.now(),
            code: result.code,
            found: result.patient ? result.patient.name : null,
          },
          ...current,
        ].slice(0, 5),
      );
      if (result.patient?.inpatientNumber) {
        onPatient({
          inpatientNumber: result.patient.inpatientNumber,
          name: result.patient.name,
          gender: result.patient.gender === 'male' ? 'M' : result.patient.gender === 'female' ? 'F' : 'U',
          bed: result.patient.bed ?? undefined,
        });
      }
    },
    onSettled: () => {
      // ready for the next scan: the next code replaces this one
      inputRef.current?.focus({ cursor: 'all' });
    },
  });
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const submit = () => {
    if (!value.length || scan.isPending) return;
    scan.mutate(value);
  };
  const result = scan.data;
  const patient = result?.patient;
  const none = t('common.none');
  return (
    <Card
      title={
        <Space>
          <ScanOutlined />
          {t('interop.wristband.title')}
        </Space>
      }
      data-testid="wristband-card"
      className="gc-hl7-test-card"
    >
      <Typography.Paragraph type="secondary">{t('interop.wristband.intro')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={inputRef}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onPressEnter={submit}
          onFocus={(event) => event.target.select()}
          placeholder={t('interop.wristband.placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          allowClear
          className="gc-hl7-mono"
          aria-label={t('interop.wristband.title')}
          data-testid="wristband-input"
        />
        <Button type="primary" onClick={submit} loading={scan.isPending} data-testid="wristband-submit">
          {t('interop.wristband.look')}
        </Button>
      </Space.Compact>
      <div className="gc-hl7-result" aria-live="polite">
        {scan.isError ? <CardError error={scan.error} testId="wristband-error" /> : null}
        {result && !scan.isError ? (
          <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="wristband-result">
            <div>
              <div className="gc-hl7-part-title">{t('interop.wristband.read')}</div>
              <Space size={8} wrap>
                <span className="gc-hl7-read" data-testid="wristband-read">
                  {result.code}
                </span>
                <span className="gc-muted">
                  {t('interop.wristband.length', { count: [...result.code].length })}
                </span>
              </Space>
            </div>
            <CodePoints result={result} />
            {patient ? (
              <Descriptions
                size="small"
                bordered
                column={1}
                data-testid="wristband-patient"
                title={
                  <Space size={8} wrap>
                    <Tag color="green">{t('interop.wristband.found')}</Tag>
                    {result.matchedBy ? (
                      <span className="gc-muted gc-hl7-small">
                        {t(`interop.wristband.matchedBy.${result.matchedBy}`)}
                      </span>
                    ) : null}
                  </Space>
                }
                items={[
                  {
                    key: 'name',
                    label: t('interop.wristband.name'),
                    children: <strong data-testid="wristband-patient-name">{patient.name}</strong>,
                  },
                  {
                    key: 'bed',
                    label: t('interop.wristband.bed'),
                    children: patient.bed ?? none,
                  },
                  {
                    key: 'ward',
                    label: t('interop.wristband.ward'),
                    children: patient.departmentName ?? none,
                  },
                  {
                    key: 'inpatientNumber',
                    label: t('interop.column.inpatientNumber'),
                    children: <span className="gc-hl7-mono">{patient.inpatientNumber ?? none}</span>,
                  },
                  {
                    key: 'status',
                    label: t('common.status'),
                    children: (
                      <Tag color={patient.status === 'inHospital' ? 'blue' : 'default'}>
                        {t(`interop.patientStatus.${patient.status}`, { defaultValue: patient.status })}
                      </Tag>
                    ),
                  },
                ]}
              />
            ) : (
              <Alert
                type="warning"
                showIcon
                message={t('interop.wristband.notFound')}
                description={t('interop.wristband.notFoundHint')}
                data-testid="wristband-not-found"
              />
            )}
          </Space>
        ) : null}
        {history.length > 1 ? (
          <div className="gc-hl7-history" data-testid="wristband-history">
            <div className="gc-hl7-part-title">{t('interop.wristband.history')}</div>
            {history.map((entry) => (
              <div key={entry.key} className="gc-hl7-history-row">
                <span className="gc-muted">{secondsInZone(entry.at)}</span>
                <span className="gc-hl7-mono">{entry.code}</span>
                <span>
                  {entry.found ?? <span className="gc-muted">{t('interop.wristband.nobody')}</span>}
                </span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

function MeterResult({ result, canOpen }: { result: MeterTest; canOpen: boolean }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const analyzer = result.analyzer;
  const itemName = (item: string) => t(`interop.item.${item}`, { defaultValue: item });
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="meter-result">
      <Space size={[6, 6]} wrap data-testid="meter-state">
        <span className="gc-hl7-read">{result.serial}</span>
        <Tag color={result.known ? 'green' : 'red'} data-known={result.known}>
          {result.known ? t('interop.meter.known') : t('interop.meter.unknown')}
        </Tag>
        {analyzer ? (
          <>
            <Tag color={analyzer.enabled ? 'green' : 'default'} data-enabled={analyzer.enabled}>
              {analyzer.enabled ? t('interop.meter.enabled') : t('interop.meter.disabled')}
            </Tag>
            <Tag color={analyzer.qcLocked ? 'red' : 'green'} data-locked={analyzer.qcLocked}>
              {analyzer.qcLocked ? t('interop.meter.locked') : t('interop.meter.notLocked')}
            </Tag>
          </>
        ) : null}
      </Space>
      {!result.known ? (
        <Alert type="warning" showIcon message={t('interop.meter.unknownHint')} data-testid="meter-unknown" />
      ) : null}
      {analyzer ? (
        <div className="gc-muted" data-testid="meter-analyzer">
          {[analyzer.model, analyzer.departmentName].filter(Boolean).join(' · ') || none}
        </div>
      ) : null}
      {analyzer?.qcLocked ? (
        <Alert
          type="error"
          showIcon
          message={t('interop.meter.lockedTitle')}
          description={analyzer.lockReason ?? undefined}
          data-testid="meter-lock-reason"
        />
      ) : null}
      {analyzer && !analyzer.enabled ? (
        <Alert type="warning" showIcon message={t('interop.meter.disabledHint')} />
      ) : null}
      <div>
        <div className="gc-hl7-part-title">{t('interop.meter.lastReadings')}</div>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={result.lastReadings}
          locale={{ emptyText: t('interop.meter.noReadings') }}
          data-testid="meter-readings"
          columns={[
            {
              title: t('interop.meter.testTime'),
              dataIndex: 'testTime',
              render: (value: string) => <span className="gc-nowrap">{dateTimeInZone(value)}</span>,
            },
            { title: t('interop.meter.item'), dataIndex: 'item', render: (value: string) => itemName(value) },
            {
              title: t('interop.meter.value'),
              key: 'value',
              render: (_, row) =>
                row.value === null ? none : `${row.value} ${row.unit ? (ucumOf(row.unit) ?? '') : ''}`.trim(),
            },
            { title: t('interop.column.patient'), dataIndex: 'patientName' },
            {
              title: t('interop.meter.source'),
              dataIndex: 'source',
              render: (value: string) => t(`interop.source.${value}`, { defaultValue: value }),
            },
          ]}
        />
      </div>
      <div>
        <div className="gc-hl7-part-title">{t('interop.meter.lastMessages')}</div>
        <Table<Hl7Message>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={result.lastMessages}
          locale={{ emptyText: t('interop.meter.noMessages') }}
          data-testid="meter-messages"
          columns={[
            {
              title: t('interop.column.time'),
              dataIndex: 'createdAt',
              render: (value: string) => <span className="gc-nowrap">{dateTimeInZone(value)}</span>,
            },
            {
              title: t('interop.column.type'),
              key: 'type',
              render: (_, row) => (
                <Space size={2}>
                  <DirectionTag message={row} />
                  <span className="gc-hl7-mono">{row.messageType ?? none}</span>
                </Space>
              ),
            },
            {
              title: t('interop.column.status'),
              key: 'status',
              render: (_, row) => (
                <Space size={2}>
                  <StatusTag status={row.status} />
                  <AckTag code={row.ackCode} />
                </Space>
              ),
            },
            {
              title: t('interop.column.controlId'),
              dataIndex: 'controlId',
              render: (value: string | null, row) =>
                canOpen ? (
                  <Link to={messageHref(row.id)} className="gc-hl7-mono">
                    {value ?? `#${row.id}`}
                  </Link>
                ) : (
                  <span className="gc-hl7-mono">{value ?? none}</span>
                ),
            },
          ]}
        />
      </div>
    </Space>
  );
}

/** (b) Check a meter: known, enabled, not QC-locked; its last readings and messages. */
function MeterCard({ onMeter }: { onMeter: (serial: string) => void }) {
  const { t } = useTranslation();
  const canOpen = usePermission(PERMISSIONS.interop.messages.list);
  const inputRef = useRef<InputRef>(null);
  const [serial, setSerial] = useState('');
  const check = useMutation({
    mutationFn: (value: string) => testMeter(value),
    onSuccess: (result) => {
      if (result.known) onMeter(result.serial);
    },
    onSettled: () => inputRef.current?.focus({ cursor: 'all' }),
  });
  return (
    <Card
      title={
        <Space>
          <ExperimentOutlined />
          {t('interop.meter.title')}
        </Space>
      }
      data-testid="meter-card"
      className="gc-hl7-test-card"
    >
      <Typography.Paragraph type="secondary">{t('interop.meter.intro')}</Typography.Paragraph>
      <Input.Search
        ref={inputRef}
        value={serial}
        onChange={(event) => setSerial(event.target.value)}
        onSearch={(value) => {
          if (value.trim()) check.mutate(value.trim());
        }}
        enterButton={t('interop.meter.check')}
        loading={check.isPending}
        placeholder={t('interop.meter.placeholder')}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        className="gc-hl7-mono"
        aria-label={t('interop.meter.title')}
        data-testid="meter-input"
      />
      <div className="gc-hl7-result" aria-live="polite">
        {check.isError ? <CardError error={check.error} testId="meter-error" /> : null}
        {check.data && !check.isError ? <MeterResult result={check.data} canOpen={canOpen} /> : null}
      </div>
    </Card>
  );
}

function TestResult({ result, canOpen }: { result: Hl7TestResult; canOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="hl7-test-result">
      <Space size={[8, 4]} wrap>
        <span className="gc-hl7-part-title">{t('interop.send.answer')}</span>
        {result.ackCode ? (
          <span data-testid="hl7-test-ack-code" data-ack={result.ackCode}>
            <AckTag code={result.ackCode} />
          </span>
        ) : (
          <Tag data-testid="hl7-test-ack-code">{t('interop.send.noAckCode')}</Tag>
        )}
        {result.ackCode ? <span>{t(`interop.ack.${result.ackCode}`)}</span> : null}
        <span className="gc-muted" data-testid="hl7-test-round-trip">
          {t('interop.send.roundTrip', { ms: Math.round(result.roundTripMs) })}
        </span>
        {result.messageId && canOpen ? (
          <Link to={messageHref(result.messageId)} data-testid="hl7-test-open">
            {t('interop.send.openMessage')}
          </Link>
        ) : null}
      </Space>
      {result.errorText ? (
        <Alert type={result.ackCode === 'AA' ? 'info' : 'error'} showIcon message={result.errorText} />
      ) : null}
      <Hl7Text text={result.ack} testId="hl7-test-ack" />
    </Space>
  );
}

/**
 * (c) Send a test message to this hospital's own listener: a sample ORU^R01 or ADT with MSH-11 `T`
 * (checked and acknowledged, nothing stored), editable; shows the ACK and the round trip.
 */
function Hl7TestCard({ subject }: { subject: SampleSubject }) {
  const { t } = useTranslation();
  const canOpen = usePermission(PERMISSIONS.interop.messages.list);
  const [kind, setKind] = useState<SampleKind>('ORU^R01');
  const sample = (which: SampleKind) => sampleMessage(which, subject, new Date(), hospitalZone());
  const [text, setText] = useState(() => sample('ORU^R01'));
  const [edited, setEdited] = useState(false);
  const send = useMutation({ mutationFn: (wire: string) => sendTestHl7(wire) });
  // a wristband scan names the sample's patient, unless the text was changed by hand
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the scanned subject only
  useEffect(() => {
    if (!edited) setText(sample(kind));
  }, [subject]);
  const renew = (which: SampleKind) => {
    setKind(which);
    setText(sample(which));
    setEdited(false);
  };
  const processingId = processingIdOf(text);
  const wire = toWireText(text);
  return (
    <Card
      title={
        <Space>
          <SendOutlined />
          {t('interop.send.title')}
        </Space>
      }
      data-testid="hl7-test-card"
      className="gc-hl7-test-card"
    >
      <Alert
        type="info"
        showIcon
        className="gc-form-alert"
        message={t('interop.send.training')}
        description={t('interop.send.trainingHint')}
      />
      <Space wrap className="gc-hl7-send-bar">
        <span>{t('interop.send.sample')}</span>
        <Select<SampleKind>
          value={kind}
          onChange={renew}
          style={{ minWidth: 200 }}
          data-testid="hl7-test-kind"
          options={SAMPLE_KINDS.map((value) => ({
            value,
            label: `${value} · ${t(`interop.send.kinds.${value.replace('^', '_')}`)}`,
          }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => renew(kind)} data-testid="hl7-test-renew">
          {t('interop.send.renew')}
        </Button>
      </Space>
      <Input.TextArea
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setEdited(true);
        }}
        autoSize={{ minRows: 6, maxRows: 16 }}
        spellCheck={false}
        wrap="off"
        className="gc-hl7-editor"
        aria-label={t('interop.send.text')}
        data-testid="hl7-test-text"
      />
      <div className="gc-hl7-hint gc-muted">
        {t('interop.send.linesHint', { count: wire ? wire.split('\r').length : 0 })}
      </div>
      {processingId !== 'T' ? (
        <Alert
          type="warning"
          showIcon
          className="gc-form-alert"
          message={t('interop.send.notTraining', { id: processingId ?? '?' })}
          data-testid="hl7-test-not-training"
        />
      ) : null}
      <Space wrap className="gc-hl7-send-bar">
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={!wire}
          onClick={() => send.mutate(wire)}
          data-testid="hl7-test-send"
        >
          {t('interop.send.send')}
        </Button>
        <span className="gc-muted gc-hl7-small">{t('interop.send.sendHint')}</span>
      </Space>
      <div className="gc-hl7-result" aria-live="polite">
        {send.isError ? <CardError error={send.error} testId="hl7-test-error" /> : null}
        {send.data && !send.isError ? <TestResult result={send.data} canOpen={canOpen} /> : null}
      </div>
    </Card>
  );
}

/** The three checks of the device test page, side by side on a wide screen, stacked on a phone. */
export function DeviceTestCards() {
  const { profile } = useSession();
  const [patient, setPatient] = useState<SamplePatient>(DEFAULT_SAMPLE_SUBJECT);
  const [meterSerial, setMeterSerial] = useState<string | undefined>(undefined);
  const operator = profile?.userName;
  // the sample names the patient last scanned, the meter last checked and the signed-in user
  const subject = useMemo<SampleSubject>(
    () => ({ ...patient, meterSerial, operator }),
    [patient, meterSerial, operator],
  );
  return (
    <div className="gc-hl7-test" data-testid="device-test">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <WristbandCard onPatient={setPatient} />
        </Col>
        <Col xs={24} xl={12}>
          <MeterCard onMeter={setMeterSerial} />
        </Col>
        <Col xs={24}>
          <Hl7TestCard subject={subject} />
        </Col>
      </Row>
    </div>
  );
}
