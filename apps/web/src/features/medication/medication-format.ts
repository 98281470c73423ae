import type { MedicationOrder } from '../../api/medication';

/** A drug line as the lists show it: name, dose and unit exactly as ordered ("Insulin aspart 6 IU"). */
export function drugLineText(drug: MedicationOrder['drugs'][number]): string {
  return [drug.drugName, String(drug.quantity), drug.unit ?? ''].filter(Boolean).join(' ');
}

/** All the drugs of an order on one line (Excel, print). */
export function drugsText(order: Pick<MedicationOrder, 'drugs'>): string {
  return order.drugs.map(drugLineText).join('; ');
}
