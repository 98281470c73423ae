import { App, Form, type FormInstance } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapFieldErrors } from '../../components/form-errors';
import { setLanguage } from '../../i18n';
import { ContentItemsEditor } from './ContentItemsEditor';
import {
  CONTENT_LIMITS,
  canAddItem,
  charLength,
  contentItemProblem,
  contentListProblem,
  contentOf,
  itemActions,
  moveTarget,
} from './content-items';

afterEach(async () => {
  await setLanguage('en-US');
});

describe('content items: what each row may do', () => {
  it('moves up except the first, down except the last, removes only while more than one is left', () => {
    expect(itemActions(0, 3)).toEqual({
      canMoveUp: false,
      canMoveDown: true,
      canRemove: true,
      canInsert: true,
    });
    expect(itemActions(1, 3)).toEqual({
      canMoveUp: true,
      canMoveDown: true,
      canRemove: true,
      canInsert: true,
    });
    expect(itemActions(2, 3)).toEqual({
      canMoveUp: true,
      canMoveDown: false,
      canRemove: true,
      canInsert: true,
    });
    expect(itemActions(0, 1)).toEqual({
      canMoveUp: false,
      canMoveDown: false,
      canRemove: false,
      canInsert: true,
    });
  });

  it('inserts and adds only below the limit of 50 items', () => {
    expect(CONTENT_LIMITS.maxItems).toBe(50);
    expect(canAddItem(49)).toBe(true);
    expect(canAddItem(50)).toBe(false);
    expect(itemActions(10, 50).canInsert).toBe(false);
    expect(itemActions(10, 49).canInsert).toBe(true);
  });

  it('allows nothing for a row outside the list', () => {
    expect(itemActions(3, 3)).toEqual({
      canMoveUp: false,
      canMoveDown: false,
      canRemove: false,
      canInsert: false,
    });
    expect(itemActions(-1, 3).canMoveDown).toBe(false);
  });

  it('tells where a one-step move lands', () => {
    expect(moveTarget(1, 'up', 3)).toBe(0);
    expect(moveTarget(1, 'down', 3)).toBe(2);
    expect(moveTarget(0, 'up', 3)).toBeNull();
    expect(moveTarget(2, 'down', 3)).toBeNull();
  });
});

describe('content items: what is sent and what is wrong', () => {
  it('sends every item trimmed, in order', () => {
    expect(contentOf(['  Check glucose before meals ', 'Insulin as ordered', undefined, null])).toEqual([
      'Check glucose before meals',
      'Insulin as ordered',
      '',
      '',
    ]);
    expect(contentOf(undefined)).toEqual([]);
  });

  it('needs at least one item and at most 50, in both languages', async () => {
    expect(contentListProblem([])).toBe('Please add at least one content item');
    expect(contentListProblem(undefined)).toBe('Please add at least one content item');
    expect(contentListProblem(['a'])).toBeNull();
    expect(contentListProblem(Array.from({ length: 51 }, () => 'x'))).toBe(
      'A template has at most 50 content items',
    );
    // a blank item is the item's own problem, not the list's
    expect(contentListProblem(['a', ''])).toBeNull();
    await setLanguage('zh-CN');
    expect(contentListProblem([])).toBe('请至少填写一项医嘱内容');
    expect(contentListProblem(Array.from({ length: 51 }, () => 'x'))).toBe('模板内容最多 50 项');
  });

  it('refuses a blank item and one over 500 characters (counted as the server counts)', async () => {
    expect(contentItemProblem('')).toBe('Please enter the content of this item');
    expect(contentItemProblem('   ')).toBe('Please enter the content of this item');
    expect(contentItemProblem(undefined)).toBe('Please enter the content of this item');
    expect(contentItemProblem('x'.repeat(500))).toBeNull();
    expect(contentItemProblem('x'.repeat(501))).toBe('Must be at most 500 characters');
    // 500 emoji are 1000 UTF-16 units but 500 characters
    expect(charLength('😀'.repeat(500))).toBe(500);
    expect(contentItemProblem('😀'.repeat(500))).toBeNull();
    await setLanguage('zh-CN');
    expect(contentItemProblem('')).toBe('请输入该项内容');
    expect(contentItemProblem('测'.repeat(501))).toBe('最多 500 个字符');
  });

  it("puts the server's item problems (content.1) under that item", () => {
    const fields = [['name'], ['type'], ['content'], ['content', 0], ['content', 1]];
    const { fields: mapped, unmatched } = mapFieldErrors(
      [
        { field: 'content.1', message: 'Please enter the content of this item' },
        { field: 'content', message: 'Please add at least one content item' },
      ],
      fields,
    );
    expect(mapped).toEqual([
      { name: ['content', 1], errors: ['Please enter the content of this item'] },
      { name: ['content'], errors: ['Please add at least one content item'] },
    ]);
    expect(unmatched).toEqual([]);
  });
});

let form: FormInstance<{ content: string[] }>;

/** The editor in a form of its own; the form instance is kept for the assertions. */
function Harness({ initial }: { initial: string[] }) {
  const [instance] = Form.useForm<{ content: string[] }>();
  form = instance;
  return (
    <App>
      <Form form={instance} initialValues={{ content: initial }}>
        <ContentItemsEditor label="Content items" />
      </Form>
    </App>
  );
}

describe('ContentItemsEditor', () => {
  let container: HTMLDivElement;
  let root: Root;

  const buttons = (testId: string) => [
    ...container.querySelectorAll<HTMLButtonElement>(`[data-testid="${testId}"]`),
  ];
  const click = async (element: HTMLElement | undefined) => {
    await act(async () => {
      element?.click();
    });
  };
  const values = () => form.getFieldValue('content') as string[];

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // happy-dom has no layout: the auto-sized text areas measure NaN; nothing else may be logged
    const log = console.error;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes('is an invalid value for the') && args[1] === 'height') return;
      log(...args);
    });
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.restoreAllMocks();
  });

  it('shows one numbered row per item with the buttons each may use', async () => {
    await act(async () => root.render(<Harness initial={['A', 'B', 'C']} />));
    expect(
      buttons('content-item-input').map((input) => (input as unknown as HTMLTextAreaElement).value),
    ).toEqual(['A', 'B', 'C']);
    expect(buttons('content-item-up').map((button) => button.disabled)).toEqual([true, false, false]);
    expect(buttons('content-item-down').map((button) => button.disabled)).toEqual([false, false, true]);
    expect(buttons('content-item-remove').every((button) => !button.disabled)).toBe(true);
    expect(container.querySelector('[data-testid="content-item-add"]')?.textContent).toContain('(3/50)');
  });

  it('moves, inserts, adds and removes items in the form', async () => {
    await act(async () => root.render(<Harness initial={['A', 'B', 'C']} />));
    await click(buttons('content-item-down')[0]);
    expect(values()).toEqual(['B', 'A', 'C']);
    await click(buttons('content-item-up')[2]);
    expect(values()).toEqual(['B', 'C', 'A']);
    await click(buttons('content-item-insert')[0]);
    expect(values()).toEqual(['B', '', 'C', 'A']);
    await click(buttons('content-item-remove')[1]);
    expect(values()).toEqual(['B', 'C', 'A']);
    await click(container.querySelector<HTMLButtonElement>('[data-testid="content-item-add"]') ?? undefined);
    expect(values()).toEqual(['B', 'C', 'A', '']);
    expect(buttons('content-item')).toHaveLength(4);
  });

  it('keeps the last item: its remove button is disabled', async () => {
    await act(async () => root.render(<Harness initial={['Only']} />));
    expect(buttons('content-item-remove').map((button) => button.disabled)).toEqual([true]);
    await click(buttons('content-item-remove')[0]);
    expect(values()).toEqual(['Only']);
  });

  it('validates the items on submit with the domain messages', async () => {
    await act(async () => root.render(<Harness initial={['Fine', '  ']} />));
    let failed = false;
    await act(async () => {
      await form.validateFields().catch(() => {
        failed = true;
      });
    });
    expect(failed).toBe(true);
    expect(form.getFieldError(['content', 1])).toEqual(['Please enter the content of this item']);
    expect(form.getFieldError(['content', 0])).toEqual([]);
  });
});
