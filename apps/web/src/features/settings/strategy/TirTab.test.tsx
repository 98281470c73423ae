import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, type MountedForm, mountForm, until } from './strategy-test-kit';
import { TirTab } from './TirTab';

const stored = { veryLow: 3.0, low: 3.9, high: 10.0, veryHigh: 13.9, periods: ['fasting'] };

let form: MountedForm;
const input = (testId: string) => form.input(`[data-testid="${testId}"]`);
const type = (testId: string, value: string) => form.type(`[data-testid="${testId}"]`, value);
const save = () => form.click('strategy-tir-save');

beforeEach(async () => {
  form = await mountForm(<TirTab unit="mgDl" />, (url) =>
    url.includes('/v1/gluPeriod/list')
      ? envelope([
          { code: 'fasting', name: '空腹', sort: 1, isActive: true },
          { code: 'afterLunch', name: '午餐后', sort: 2, isActive: true },
        ])
      : envelope(stored),
  );
});
afterEach(() => form.unmount());

describe('TIR tab (a mg/dL hospital, Chinese)', () => {
  it('shows the stored mmol/L limits in mg/dL with the included periods ticked', async () => {
    const boxes = () => [...form.container.querySelectorAll<HTMLInputElement>('.gc-strategy-periods input')];
    await until(() => boxes().length === 2);
    expect(['tir-veryLow', 'tir-low', 'tir-high', 'tir-veryHigh'].map((id) => input(id).value)).toEqual([
      '54',
      '70',
      '180',
      '250',
    ]);
    expect(boxes().map((box) => box.checked)).toEqual([true, false]);
    expect(form.container.querySelector('[data-testid="tir-preview"]')?.textContent).toContain(
      '70–180 mg/dL',
    );
  });

  it('refuses limits out of order with the domain message and sends nothing', async () => {
    await type('tir-veryLow', '80');
    await save();
    expect(form.errorsShown()).toContain('极低血糖值必须小于低值');
    expect(form.posted).toEqual([]);
  });

  it('sends the limits in mmol/L by the spec conversion', async () => {
    await type('tir-high', '170');
    await save();
    expect(form.posted).toEqual([{ veryLow: 3, low: 3.9, high: 9.4, veryHigh: 13.9, periods: ['fasting'] }]);
  });

  it("puts the server's field problems under their field", async () => {
    form.postAnswer = () =>
      envelope(
        { errors: [{ field: 'periods.0', message: '血糖时段不存在或已停用：fasting' }] },
        400,
        '400',
        'periods.0: 血糖时段不存在或已停用：fasting',
      );
    await save();
    expect(form.posted).toHaveLength(1);
    expect(form.errorsShown()).toContain('血糖时段不存在或已停用：fasting');
  });
});
