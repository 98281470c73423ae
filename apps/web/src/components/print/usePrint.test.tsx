import { act, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';

const reactToPrint = vi.hoisted(() => ({ options: null as Record<string, unknown> | null, print: vi.fn() }));
vi.mock('react-to-print', () => ({
  useReactToPrint: (options: Record<string, unknown>) => {
    reactToPrint.options = options;
    return reactToPrint.print;
  },
}));

import { PAGE_STYLES, usePrint } from './usePrint';

const content = createRef<HTMLDivElement>();
let print: () => void = () => undefined;

function Probe() {
  print = usePrint({ content, pageStyle: 'record', documentTitle: 'Record' });
  return <div ref={content} />;
}

describe('usePrint', () => {
  it('prints the element on the pages of its sheet, with the charts readied for paper first', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe />));
    expect(reactToPrint.options).toMatchObject({
      contentRef: content,
      documentTitle: 'Record',
      pageStyle: PAGE_STYLES.record,
    });
    expect(PAGE_STYLES.record).toContain('A4 portrait');
    expect(PAGE_STYLES.list).toContain('A4 landscape');

    const events: string[] = [];
    const listen = (event: Event) => events.push(event.type);
    window.addEventListener('beforeprint', listen);
    window.addEventListener('afterprint', listen);
    const options = reactToPrint.options as { onBeforePrint: () => Promise<void>; onAfterPrint: () => void };
    await options.onBeforePrint();
    options.onAfterPrint();
    expect(events).toEqual(['beforeprint', 'afterprint']);
    window.removeEventListener('beforeprint', listen);
    window.removeEventListener('afterprint', listen);

    print();
    expect(reactToPrint.print).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
