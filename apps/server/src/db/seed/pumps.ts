import type { DbOrTx } from '../client';
import { insulinPumps, pumpManufacturers } from '../schema';

const MANUFACTURERS = [
  { code: 'MDT', nameZh: '美敦力', nameEn: 'Medtronic', contact: '400-820-1981' },
  { code: 'ROCHE', nameZh: '罗氏', nameEn: 'Roche Diabetes Care', contact: '400-820-0810' },
  { code: 'MICROTECH', nameZh: '微泰医疗', nameEn: 'MicroTech Medical', contact: '400-071-3988' },
];

const WARDS = ['ENDO', 'CARD', 'ICU', 'GSURG', 'NEPH'];
const HOUR = 60 * 60 * 1000;

/**
 * Demo pumps (issue 16), tenant 101 only: three manufacturers and two pumps per ward, one of them
 * reporting a low battery or dose in some wards, one stopped, one never reported.
 */
export async function seedPumps(tx: DbOrTx, tenantId: string): Promise<void> {
  if (tenantId !== '101') return;
  const makers = await tx
    .insert(pumpManufacturers)
    .values(MANUFACTURERS.map((m) => ({ ...m, tenantId })))
    .returning({ id: pumpManufacturers.id, code: pumpManufacturers.code });
  const id = (code: string) => makers.find((m) => m.code === code)?.id as number;
  const now = Date.now();
  const rows = WARDS.flatMap((ward, index) => {
    const reported = new Date(now - (index + 1) * HOUR);
    return [
      {
        tenantId,
        serialNumber: `MMT780-${ward}-01`,
        manufacturerId: id('MDT'),
        type: 'MiniMed 780G',
        code: `${ward}-P01`,
        departmentCode: ward,
        batteryPercent: index === 1 ? 12 : 85 - index * 5,
        batteryReportedAt: reported,
        remainingDose: index === 2 ? 8.5 : 180 - index * 20,
        doseReportedAt: reported,
      },
      {
        tenantId,
        serialNumber: `${index % 2 ? 'ACC' : 'EQP'}-${ward}-02`,
        manufacturerId: id(index % 2 ? 'ROCHE' : 'MICROTECH'),
        type: index % 2 ? 'Accu-Chek Combo' : 'Equil',
        code: `${ward}-P02`,
        departmentCode: ward,
        isActive: index !== 3,
        ...(index === 4
          ? {}
          : {
              batteryPercent: 60,
              batteryReportedAt: new Date(now - 26 * HOUR),
              remainingDose: 95,
              doseReportedAt: new Date(now - 26 * HOUR),
            }),
      },
    ];
  });
  await tx.insert(insulinPumps).values(rows);
}
