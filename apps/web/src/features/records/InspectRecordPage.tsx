import { chunk } from '@glucocare/domain/helpers';
import { useTranslation } from 'react-i18next';
import type { InspectionRecord } from '../../api/records';
import { dateTimeInZone as dateTimeIn } from '../../components/format';
import { formatRange } from './format';
import { RangeControl } from './GlucoseRecordPage';
import { Legend, PagedSheets, PatientBlock, ReadingMark, RecordFrame, rangeText } from './RecordFrame';

/** Rows of the inspection list on one printed page. */
export const INSPECT_ROWS_PER_PAGE = 24;

function InspectSheets({ data }: { data: InspectionRecord }) {
  const { t } = useTranslation();
  const tz = data.header.timeZone;
  const units = data.header.units;
  const references = (
    <div className="gc-rec-references" data-testid="record-references">
      {data.items.map((item) => (
        <div key={item.item} className="gc-rec-reference">
          <strong>{t(`records.item.${item.item}`)}</strong>
          <span>
            {t('records.reference', {
              range: formatRange(item.item, item.reference, units[item.item]) || t('records.noReference'),
              unit: units[item.item].unitName,
            })}
          </span>
          <span className="gc-rec-muted">{t('records.itemCount', { count: item.summary.tested })}</span>
        </div>
      ))}
    </div>
  );
  const top = (
    <>
      <PatientBlock patient={data.patient} header={data.header} range={rangeText(data.range, t)} />
      {references}
    </>
  );
  const referenceOf = (item: 'UA' | 'KET' | 'GLU') =>
    data.items.find((entry) => entry.item === item)?.reference;
  return (
    <PagedSheets
      header={data.header}
      title={t('records.title.inspect')}
      top={top}
      pages={chunk(data.rows, INSPECT_ROWS_PER_PAGE)}
      pageKey={(reading) => reading.id}
      emptyText={t('records.empty')}
    >
      {(rows) => (
        <>
          <div className="gc-rec-table-wrap">
            <table className="gc-rec-table gc-rec-list" data-testid="record-list">
              <thead>
                <tr>
                  <th>{t('records.column.time')}</th>
                  <th>{t('records.column.item')}</th>
                  <th>{t('records.column.result')}</th>
                  <th>{t('records.column.unit')}</th>
                  <th>{t('records.column.reference')}</th>
                  <th>{t('records.column.tester')}</th>
                  <th>{t('records.column.note')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((reading) => {
                  const unit = units[reading.item];
                  return (
                    <tr key={reading.id}>
                      <td className="gc-nowrap">{dateTimeIn(reading.testTime, tz)}</td>
                      <td>{t(`records.item.${reading.item}`)}</td>
                      <td>
                        <ReadingMark reading={reading} unit={unit} timeZone={tz} showTime={false} />
                      </td>
                      <td>{unit.unitName}</td>
                      <td>{formatRange(reading.item, referenceOf(reading.item), unit)}</td>
                      <td>{reading.testUser}</td>
                      <td>{reading.note}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Legend unit={t('records.legendUnits')} />
        </>
      )}
    </PagedSheets>
  );
}

/** /record/inspect: uric acid and ketone as a laboratory-style list with reference ranges. */
export function InspectRecordPage() {
  return (
    <RecordFrame
      screen="inspect"
      titleKey="records.title.inspect"
      subject={(data) => data.patient.name}
      controls={(data, params) => <RangeControl data={data} params={params} />}
    >
      {(data) => <InspectSheets data={data} />}
    </RecordFrame>
  );
}
