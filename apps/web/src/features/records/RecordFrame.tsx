import { PrinterOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { RecordScreen } from '@glucocare/domain/constants';
import { formatReading } from '@glucocare/domain/measurements';
import { isCriticalClassification, readingColor } from '@glucocare/domain/patients';
import { reasonNotTested, reasonNotTestedName } from '@glucocare/domain/review';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, QRCode, Result, Space, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isApiError, showError } from '../../api/http';
import {
  createRecordLink,
  fetchRecord,
  type RecordDataMap,
  type RecordHeader,
  type RecordLink,
  type RecordPatient,
  type RecordQuery,
  type RecordReading,
  type UnitView,
} from '../../api/records';
import { getToken } from '../../api/token';
import { loginRedirectPath } from '../../app/navigation';
import { toastSuccess } from '../../app/notify';
import { dateTimeInZone as dateTimeIn, hospitalZone, timeInZone as timeIn } from '../../components/format';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { usePrint } from '../../components/print/usePrint';
import { PageLoading } from '../../components/ResultPages';
import { appTitle } from '../../config';
import { currentLang } from '../../i18n';
import { flagOf } from './format';
import './records.css';
import { copyText } from '../../components/copy-text';

/** The screen's query: id, range (or the ward's day) and a shared link's credential, from the URL. */
export function useRecordParams() {
  const [params, setParams] = useSearchParams();
  const get = (key: string) => params.get(key)?.trim() || null;
  const query: RecordQuery = {
    id: get('id') ?? '',
    beginDate: get('beginDate'),
    endDate: get('endDate'),
    date: get('date'),
    sig: get('sig'),
    exp: get('exp'),
  };
  /**
   * replaces range parameters, or the ward record's ward (a shared link's subject and range are fixed:
   * its controls are disabled)
   */
  const update = (changes: Partial<Record<'id' | 'beginDate' | 'endDate' | 'date', string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return { query, viaLink: !!(query.sig || query.exp), update };
}

/** "Please sign in or use a shared link": a bare id never shows data (ARCHITECTURE §5). */
export function SignInRequired({ expired }: { expired?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="gc-result-page" data-testid="record-signin">
      <Result
        status={expired ? 'warning' : 'info'}
        title={expired ?? t('records.signIn.title')}
        subTitle={expired ? t('records.signIn.expiredHint') : t('records.signIn.hint')}
        extra={[
          <Link key="login" to={loginRedirectPath(location.pathname, location.search)}>
            <Button type="primary" data-testid="record-signin-login">
              {t('records.signIn.login')}
            </Button>
          </Link>,
          <LanguageSwitch key="lang" />,
        ]}
      />
    </div>
  );
}

/** The header of every printed page: the hospital's report title and the record's name. */
function SheetHeading({ header, title }: { header: RecordHeader; title: string }) {
  return (
    <header className="gc-rec-heading">
      <div className="gc-rec-title" data-testid="record-report-title">
        {header.reportTitle}
      </div>
      {header.reportSubtitle ? <div className="gc-rec-subtitle">{header.reportSubtitle}</div> : null}
      <div className="gc-rec-name">{title}</div>
    </header>
  );
}

function Field({ label, value, wide }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'gc-rec-field gc-rec-field-wide' : 'gc-rec-field'}>
      <span className="gc-rec-label">{label}</span>
      <span className="gc-rec-value">
        {value === null || value === undefined || value === '' ? '—' : value}
      </span>
    </div>
  );
}

/** Name, gender, age, department, bed, inpatient number, doctor, admission (and discharge), range. */
export function PatientBlock({
  patient,
  header,
  range,
}: {
  patient: RecordPatient;
  header: RecordHeader;
  range?: string;
}) {
  const { t } = useTranslation();
  const tz = header.timeZone;
  return (
    <section className="gc-rec-patient" data-testid="record-patient">
      <Field label={t('records.patient.name')} value={<strong>{patient.name}</strong>} />
      <Field
        label={t('records.patient.gender')}
        value={t(`records.gender.${patient.gender}`, patient.gender)}
      />
      <Field label={t('records.patient.age')} value={patient.age} />
      <Field label={t('records.patient.department')} value={patient.departmentName} />
      <Field label={t('records.patient.bed')} value={patient.bed} />
      <Field label={t('records.patient.inpatientNumber')} value={patient.inpatientNumber} />
      <Field label={t('records.patient.doctor')} value={patient.doctorName} />
      <Field label={t('records.patient.admittedAt')} value={dateTimeIn(patient.admittedAt, tz)} />
      {patient.dischargedAt ? (
        <Field label={t('records.patient.dischargedAt')} value={dateTimeIn(patient.dischargedAt, tz)} />
      ) : null}
      {range ? <Field label={t('records.patient.range')} value={range} wide /> : null}
    </section>
  );
}

/** Nurse and checker signature lines of the last page. */
export function SignatureLines() {
  const { t } = useTranslation();
  return (
    <div className="gc-rec-signatures">
      <span>{t('records.sign.nurse')}</span>
      <span>{t('records.sign.checkedBy')}</span>
      <span>{t('records.sign.date')}</span>
    </div>
  );
}

/** One A4 sheet: heading, patient block, content, signatures on the last one, print time and page. */
export function RecordSheet({
  header,
  title,
  top,
  page,
  pages,
  children,
  landscape,
}: {
  header: RecordHeader;
  title: string;
  top?: ReactNode;
  page: number;
  pages: number;
  children: ReactNode;
  landscape?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article
      className={landscape ? 'gc-rec-sheet gc-rec-landscape' : 'gc-rec-sheet'}
      data-testid="record-sheet"
      data-page={page}
    >
      <SheetHeading header={header} title={title} />
      {top}
      <div className="gc-rec-body">{children}</div>
      {page === pages ? <SignatureLines /> : null}
      <footer className="gc-rec-footer">
        <span>{t('records.footer.printed', { time: dateTimeIn(header.printedAt, header.timeZone) })}</span>
        <span data-testid="record-page-number">{t('records.footer.page', { page, pages })}</span>
      </footer>
    </article>
  );
}

/**
 * The sheets of a record split into printed pages (`pages`, from the domain `chunk` or by weeks): one
 * {@link RecordSheet} per page with its rows, or a single sheet saying `emptyText` when there are none.
 */
export function PagedSheets<T>({
  pages,
  pageKey,
  emptyText,
  children,
  ...sheet
}: Omit<Parameters<typeof RecordSheet>[0], 'page' | 'pages' | 'children'> & {
  pages: T[][];
  pageKey: (first: T) => string | number;
  emptyText: string;
  children: (rows: T[], last: boolean) => ReactNode;
}) {
  if (pages.length === 0) {
    return (
      <RecordSheet {...sheet} page={1} pages={1}>
        <div className="gc-rec-empty" data-testid="record-empty">
          {emptyText}
        </div>
      </RecordSheet>
    );
  }
  return (
    <>
      {pages.map((rows, index) => (
        <RecordSheet key={pageKey(rows[0])} {...sheet} page={index + 1} pages={pages.length}>
          {children(rows, index === pages.length - 1)}
        </RecordSheet>
      ))}
    </>
  );
}

/** The legend under a table: the flags, the pending mark and the unit. */
export function Legend({ unit }: { unit: string }) {
  const { t } = useTranslation();
  return <div className="gc-rec-legend">{t('records.legend', { unit })}</div>;
}

/** A reading in a cell: the value in the display unit with its flag (or the untested reason) and time. */
export function ReadingMark({
  reading,
  unit,
  timeZone,
  showTime = true,
}: {
  reading: RecordReading;
  unit: UnitView;
  timeZone: string;
  showTime?: boolean;
}) {
  const { t } = useTranslation();
  const critical = isCriticalClassification(reading.determineType);
  const abnormal =
    reading.determineType && reading.determineType !== 'normal' && reading.determineType !== 'unknown';
  const time = showTime ? <span className="gc-rec-time">{timeIn(reading.testTime, timeZone)}</span> : null;
  if (reading.testValue === null) {
    const reason = reasonNotTested(reading);
    return (
      <div className="gc-rec-reading gc-rec-untested" title={reason || undefined}>
        <span>{reasonNotTestedName(reading) ?? t('records.untested')}</span>
        {time}
      </div>
    );
  }
  return (
    <div
      className={critical ? 'gc-rec-reading gc-rec-critical' : 'gc-rec-reading'}
      data-testid={critical ? 'record-critical' : undefined}
      data-classification={reading.determineType ?? ''}
      title={reading.note ?? undefined}
    >
      <span style={abnormal ? { color: readingColor(reading.determineType, reading.color) } : undefined}>
        {formatReading(reading.item, reading.testValue, unit.unit, reading)}
        {flagOf(reading.determineType)}
        {reading.status === 'pending' ? '*' : ''}
      </span>
      {time}
    </div>
  );
}

/** The period cells of a grid row: each period's readings, earliest first. */
export function PeriodCells({
  periods,
  cells,
  unit,
  timeZone,
}: {
  periods: { code: string }[];
  cells: Record<string, RecordReading[]>;
  unit: UnitView;
  timeZone: string;
}) {
  return (
    <>
      {periods.map((period) => (
        <td key={period.code}>
          {(cells[period.code] ?? []).map((reading) => (
            <ReadingMark key={reading.id} reading={reading} unit={unit} timeZone={timeZone} />
          ))}
        </td>
      ))}
    </>
  );
}

/** Copy share link: a signed link (24 h by default) with its expiry, a copy button and a QR code. */
function ShareButton({
  screen,
  query,
  timeZone,
}: {
  screen: RecordScreen;
  query: RecordQuery;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [link, setLink] = useState<RecordLink | null>(null);
  const [busy, setBusy] = useState(false);
  const absolute = link ? new URL(link.url, window.location.origin).toString() : '';

  const share = async () => {
    setBusy(true);
    try {
      const range =
        screen === 'ward' ? { date: query.date } : { beginDate: query.beginDate, endDate: query.endDate };
      const created = await createRecordLink({ screen, id: query.id, ...range });
      setLink(created);
      const url = new URL(created.url, window.location.origin).toString();
      if (await copyText(url)) toastSuccess(t('records.share.copied'));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<ShareAltOutlined />}
        loading={busy}
        onClick={() => void share()}
        data-testid="record-share"
      >
        {t('records.toolbar.share')}
      </Button>
      <Modal
        open={link !== null}
        title={t('records.share.title')}
        onCancel={() => setLink(null)}
        footer={[
          <Button
            key="copy"
            type="primary"
            onClick={() =>
              void copyText(absolute).then((ok) => ok && toastSuccess(t('records.share.copied')))
            }
          >
            {t('records.share.copy')}
          </Button>,
          <Button key="close" onClick={() => setLink(null)}>
            {t('common.close')}
          </Button>,
        ]}
      >
        {link ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              readOnly
              value={absolute}
              autoSize
              data-testid="record-share-url"
              onFocus={(e) => e.target.select()}
            />
            <Typography.Text type="secondary">
              {t('records.share.expires', { time: dateTimeIn(link.expiresAt, timeZone) })}
            </Typography.Text>
            <Alert type="warning" showIcon message={t('records.share.warning')} />
            <div className="gc-rec-qr">
              <QRCode value={absolute} size={160} bordered={false} />
            </div>
          </Space>
        ) : null}
      </Modal>
    </>
  );
}

/** The toolbar (hidden in print): the screen's own controls, Print, Copy share link, language. */
function Toolbar({
  screen,
  title,
  query,
  viaLink,
  timeZone,
  onPrint,
  children,
}: {
  screen: RecordScreen;
  title: string;
  query: RecordQuery;
  viaLink: boolean;
  /** the hospital's (from the data), else the browser's */
  timeZone: string;
  /** prints the sheets (disabled while there are none) */
  onPrint: (() => void) | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const expires =
    query.exp && /^\d+$/.test(query.exp) ? new Date(Number(query.exp) * 1000).toISOString() : null;
  return (
    <div className="gc-rec-toolbar" data-testid="record-toolbar">
      <Space wrap size={[8, 8]} className="gc-rec-toolbar-inner">
        <Typography.Title level={5} className="gc-rec-toolbar-title">
          {title}
        </Typography.Title>
        {viaLink ? (
          <Tooltip title={t('records.toolbar.linkHint')}>
            <Tag color="gold" data-testid="record-link-tag">
              {expires
                ? t('records.toolbar.linkUntil', {
                    time: dateTimeIn(expires, timeZone),
                  })
                : t('records.toolbar.link')}
            </Tag>
          </Tooltip>
        ) : null}
        {children}
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!onPrint}
          onClick={() => onPrint?.()}
          data-testid="record-print"
        >
          {t('records.toolbar.print')}
        </Button>
        {!viaLink && getToken() ? <ShareButton screen={screen} query={query} timeZone={timeZone} /> : null}
        <LanguageSwitch compact />
      </Space>
    </div>
  );
}

export interface RecordFrameProps<S extends RecordScreen> {
  screen: S;
  /** i18n key of the record's name */
  titleKey: string;
  /** the screen's own toolbar controls */
  controls?: (data: RecordDataMap[S] | undefined, params: ReturnType<typeof useRecordParams>) => ReactNode;
  children: (data: RecordDataMap[S], params: ReturnType<typeof useRecordParams>) => ReactNode;
  /** the tab title's subject (a patient's or a ward's name) */
  subject?: (data: RecordDataMap[S]) => string;
  /** what the screen shows instead of the generic failure page for a failure it explains better (or null) */
  errorView?: (error: unknown) => ReactNode | null;
}

/**
 * A record screen (spec §2 /record, /record/ket, /record/inspect, /ward/record, /trend), outside the
 * menu layout: reads `?id=` (and a range, a day, a shared link's `sig`/`exp`), asks for a sign-in when
 * there is neither a session nor a link, loads the data, and shows the toolbar and the printable sheets.
 */
export function RecordFrame<S extends RecordScreen>({
  screen,
  titleKey,
  controls,
  children,
  subject,
  errorView,
}: RecordFrameProps<S>) {
  const { t } = useTranslation();
  const lang = currentLang();
  const params = useRecordParams();
  const { query, viaLink } = params;
  const signedIn = getToken() !== null;
  const allowed = !!query.id && (signedIn || viaLink);
  const result = useQuery({
    queryKey: ['records', screen, query, lang],
    queryFn: ({ signal }) => fetchRecord(screen, query, signal),
    enabled: allowed,
    // the screen shows its own failures (the whole page, or a banner above stale data)
    meta: { silent: true },
    placeholderData: (previous) => previous,
  });
  const title = t(titleKey);
  const name = result.data && subject ? subject(result.data) : null;
  const sheets = useRef<HTMLDivElement>(null);
  // "Save as PDF" suggests the tab's title (the patient or ward and the record)
  const print = usePrint({ content: sheets, pageStyle: 'record', documentTitle: () => document.title });

  useEffect(() => {
    if (name) document.title = `${name} · ${title} - ${appTitle(lang)}`;
  }, [name, title, lang]);

  if (!query.id) {
    return (
      <div className="gc-result-page" data-testid="record-missing-id">
        <Result status="warning" title={t('records.missingId')} extra={<LanguageSwitch />} />
      </div>
    );
  }
  if (!allowed) return <SignInRequired />;

  const error = result.error;
  if (error && !result.data) {
    if (isApiError(error) && error.kind === 'session') return <SignInRequired />;
    if (isApiError(error) && error.status === 403 && viaLink && !signedIn) {
      return <SignInRequired expired={error.message} />;
    }
    const own = errorView?.(error);
    if (own) return own;
    const notFound = isApiError(error) && error.status === 404;
    return (
      <div className="gc-result-page" data-testid="record-error">
        <Result
          status={notFound ? '404' : isApiError(error) && error.status === 403 ? '403' : 'error'}
          title={notFound ? t('records.notFound') : error.message}
          subTitle={notFound ? error.message : undefined}
          extra={[
            <Button key="retry" onClick={() => void result.refetch()}>
              {t('common.retry')}
            </Button>,
            <LanguageSwitch key="lang" />,
          ]}
        />
      </div>
    );
  }

  return (
    <div className={`gc-rec gc-rec-${screen}`} data-testid={`record-${screen}`}>
      <Toolbar
        screen={screen}
        title={title}
        query={query}
        viaLink={viaLink}
        timeZone={result.data?.header.timeZone ?? hospitalZone()}
        onPrint={result.data ? print : null}
      >
        {controls?.(result.data, params)}
      </Toolbar>
      {error ? <Alert className="gc-rec-alert" type="error" showIcon message={error.message} /> : null}
      {result.data ? (
        <div
          ref={sheets}
          lang={lang}
          className={result.isFetching ? 'gc-rec-sheets gc-rec-stale' : 'gc-rec-sheets'}
        >
          {children(result.data, params)}
        </div>
      ) : (
        <PageLoading />
      )}
    </div>
  );
}

/** "2024-03-01 – 2024-03-07" (marked when it is the current stay) as the patient block shows it. */
export function rangeText(
  range: { beginDate: string; endDate: string; isStay: boolean },
  t: (key: string, options?: Record<string, string>) => string,
) {
  const text = `${range.beginDate} – ${range.endDate}`;
  return range.isStay ? t('records.stayRange', { range: text }) : text;
}
