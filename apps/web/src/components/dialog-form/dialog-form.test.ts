import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindNotify } from '../../app/notify';
import { setLanguage } from '../../i18n';
import { mayClose } from './DialogForm';
import { isDropdownOpen } from './dropdown';

afterEach(async () => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  await setLanguage('en-US');
});

describe('Escape in a dialog', () => {
  it('belongs to a drop-down while one is open, to the dialog otherwise', () => {
    document.body.innerHTML = `
      <div role="dialog">
        <input id="select" role="combobox" aria-expanded="true" />
        <input id="plain" />
        <input id="date" />
      </div>
      <div class="ant-picker-dropdown ant-picker-dropdown-hidden"></div>`;
    const byId = (id: string) => document.getElementById(id);
    expect(isDropdownOpen(byId('select'))).toBe(true);
    expect(isDropdownOpen(byId('plain'))).toBe(false);
    byId('select')?.setAttribute('aria-expanded', 'false');
    expect(isDropdownOpen(byId('select'))).toBe(false);
    // a date panel does not mark its input: its popup showing decides
    const panel = document.querySelector('.ant-picker-dropdown') as HTMLElement;
    panel.className = 'ant-picker-dropdown';
    expect(isDropdownOpen(byId('date'))).toBe(true);
    panel.className = 'ant-picker-dropdown ant-picker-dropdown-hidden';
    expect(isDropdownOpen(byId('date'))).toBe(false);
  });
});

describe('closing a form with unsaved changes', () => {
  function recordConfirms(answer: boolean) {
    const configs: Record<string, unknown>[] = [];
    const modal = {
      confirm: (config: Record<string, unknown> & { onOk: () => void; onCancel: () => void }) => {
        configs.push(config);
        if (answer) config.onOk();
        else config.onCancel();
        return { destroy: () => undefined, update: () => undefined };
      },
    };
    bindNotify({} as Parameters<typeof bindNotify>[0], modal as unknown as Parameters<typeof bindNotify>[1]);
    return configs;
  }

  it('closes an untouched form without asking', async () => {
    const configs = recordConfirms(false);
    expect(await mayClose({ isFieldsTouched: () => false })).toBe(true);
    expect(configs).toHaveLength(0);
  });

  it('asks before dropping changes, and keeps the form when the user keeps editing', async () => {
    const configs = recordConfirms(false);
    expect(await mayClose({ isFieldsTouched: () => true })).toBe(false);
    expect(configs[0]).toMatchObject({
      title: 'Discard changes?',
      okText: 'Discard',
      cancelText: 'Keep editing',
    });
    recordConfirms(true);
    await setLanguage('zh-CN');
    expect(await mayClose({ isFieldsTouched: () => true })).toBe(true);
  });
});
