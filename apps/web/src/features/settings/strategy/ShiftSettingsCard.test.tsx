import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShiftSettingsCard } from './ShiftSettingsCard';
import { envelope, type MountedForm, mountForm, until } from './strategy-test-kit';

const stored = {
  shifts: [
    { code: 'day', nameZh: '白班', nameEn: 'Day', startTime: '08:00', endTime: '16:00' },
    { code: 'evening', nameZh: '小夜班', nameEn: 'Evening', startTime: '16:00', endTime: '24:00' },
    { code: 'night', nameZh: '大夜班', nameEn: 'Night', startTime: '00:00', endTime: '08:00' },
  ],
};

let form: MountedForm;
/** A field of a row by its form id (`shifts_2_startTime`). */
const field = (id: string) => form.input(`#${id}`);
const type = (id: string, value: string) => form.type(`#${id}`, value);
const save = () => form.click('strategy-shifts-save');
const rows = () => form.container.querySelectorAll('[data-testid="shift-row"]').length;

beforeEach(async () => {
  form = await mountForm(<ShiftSettingsCard />, () => envelope(stored));
  await until(() => rows() === 3);
});
afterEach(() => form.unmount());

describe('shifts card (Chinese)', () => {
  it('shows the stored shifts, one row each, and the day they cover', () => {
    expect(field('shifts_2_nameZh').value).toBe('大夜班');
    expect(field('shifts_1_endTime').value).toBe('24:00');
    expect(form.container.querySelector('[data-testid="shift-timeline"]')?.textContent).toContain('小夜班');
  });

  it('refuses a day with a gap or an overlap with the domain messages and sends nothing', async () => {
    await type('shifts_2_startTime', '01:00');
    await save();
    expect(form.errorsShown()).toContain('班次须覆盖全天：00:00-01:00 不属于任何班次');
    await type('shifts_2_startTime', '00:00');
    await type('shifts_2_endTime', '09:00');
    await save();
    expect(form.errorsShown()).toContain('该班次与班次 day 在 08:00-09:00 重叠');
    expect(form.posted).toEqual([]);
  });

  it('sends the shifts as typed, and a new one added', async () => {
    await type('shifts_0_endTime', '12:00');
    await type('shifts_1_startTime', '20:00');
    await form.click('shift-add');
    await type('shifts_3_code', 'mid');
    await type('shifts_3_nameZh', '中班');
    await type('shifts_3_nameEn', 'Middle');
    await type('shifts_3_startTime', '12:00');
    await type('shifts_3_endTime', '20:00');
    await save();
    expect(form.posted).toEqual([
      {
        shifts: [
          { ...stored.shifts[0], endTime: '12:00' },
          { ...stored.shifts[1], startTime: '20:00' },
          stored.shifts[2],
          { code: 'mid', nameZh: '中班', nameEn: 'Middle', startTime: '12:00', endTime: '20:00' },
        ],
      },
    ]);
  });

  it("puts the server's field problems under their field", async () => {
    form.postAnswer = () =>
      envelope(
        { errors: [{ field: 'shifts.1.code', message: '班次编码不能重复' }] },
        400,
        '400',
        'shifts.1.code: 班次编码不能重复',
      );
    await save();
    expect(form.posted).toHaveLength(1);
    expect(form.errorsShown()).toContain('班次编码不能重复');
  });
});
