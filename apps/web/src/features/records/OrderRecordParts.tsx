import type { RecordOrderView } from '@glucocare/domain/responses';
import { useTranslation } from 'react-i18next';
import { dateTimeInZone, timeInZone } from '../../components/format';
import { listSeparator, scheduleText } from '../orders/order-format';

/**
 * The medical orders in force during a printed glucose record's days (issue 17): name, type, contents
 * and schedule, start, ordered by; a stopped one with the time it stopped.
 */
export function OrderRecordTable({ orders, timeZone }: { orders: RecordOrderView[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sep = listSeparator(lang);
  return (
    <div className="gc-rec-section" data-testid="record-orders">
      <h3 className="gc-rec-section-title">{t('records.orders.title')}</h3>
      {orders.length ? (
        <div className="gc-rec-table-wrap">
          <table className="gc-rec-table">
            <thead>
              <tr>
                <th>{t('orders.field.name')}</th>
                <th>{t('orders.field.type')}</th>
                <th>{t('records.orders.contents')}</th>
                <th>{t('orders.field.begin')}</th>
                <th>{t('orders.field.orderedBy')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const schedule = scheduleText(order, t, lang, (iso) => timeInZone(iso, timeZone));
                return (
                  <tr key={order.id} data-testid="record-order">
                    <td>{order.name}</td>
                    <td>{order.adviceTypeName}</td>
                    <td>
                      {order.contents.join(sep)}
                      {schedule ? <div>{schedule}</div> : null}
                    </td>
                    <td>
                      {dateTimeInZone(order.beginDate, timeZone)}
                      {order.stoppedAt ? (
                        <div>
                          {t('records.orders.stoppedAt', { time: dateTimeInZone(order.stoppedAt, timeZone) })}
                        </div>
                      ) : order.endDate ? (
                        <div>{t('orders.endsAt', { time: dateTimeInZone(order.endDate, timeZone) })}</div>
                      ) : null}
                    </td>
                    <td>{order.orderedBy}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="gc-rec-legend">{t('records.orders.none')}</div>
      )}
    </div>
  );
}
