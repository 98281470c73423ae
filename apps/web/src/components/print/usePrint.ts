import type { RefObject } from 'react';
import { useReactToPrint } from 'react-to-print';

/**
 * The one print mechanism of the app. The rule: every Print button prints through {@link usePrint} —
 * never `window.print()` — so that what goes on paper is the sheet alone (not the menu, the toolbar or
 * a dialog around it) and its page size is set by the sheet, not by whichever stylesheet happens to be
 * loaded. react-to-print copies the element into a hidden frame with the page's stylesheets (so a
 * sheet's own `@media print` rules still apply) and prints that frame with the sheet's page style.
 *
 * The frame has the page's stylesheets but not its `<html lang>`: a sheet whose look depends on the
 * language carries `lang` on its own root.
 *
 * A sheet that may also be printed with the browser's own Print (Ctrl+P: the record screens, opened
 * outside the menu layout) keeps print rules of its own that give the same pages.
 */

const PAPER = `
  html, body { background: #fff !important; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
`;

/** The page style of each kind of printed sheet (react-to-print `pageStyle`). */
export const PAGE_STYLES = {
  /** lists: wide tables, A4 landscape with narrow margins */
  list: `@page { size: A4 landscape; margin: 10mm 8mm; }${PAPER}`,
  /**
   * a record's A4 sheets: portrait, as records.css sets them for Ctrl+P; a ward record's landscape
   * sheets ask for their named page `ward` there
   */
  record: `@page { size: A4 portrait; margin: 10mm 8mm; }${PAPER}`,
  /** the statistics page: A4 portrait, the wide table zoomed to fit its width (statistics.css) */
  statistics: `@page { size: A4 portrait; margin: 10mm 8mm; }${PAPER}`,
} as const;

export type PageStyle = keyof typeof PAGE_STYLES;

/**
 * Prints the element `content` points at, on the pages of `pageStyle`; `documentTitle` is the name a
 * "Save as PDF" suggests (read when printing). Returns the function a Print button calls.
 */
export function usePrint({
  content,
  pageStyle,
  documentTitle,
}: {
  content: RefObject<HTMLElement>;
  pageStyle: PageStyle;
  documentTitle: string | (() => string);
}): () => void {
  const print = useReactToPrint({
    contentRef: content,
    documentTitle,
    pageStyle: PAGE_STYLES[pageStyle],
    // the frame's own print events do not reach this window: what readies itself for paper on them (a
    // chart drawn to the A4 width, components/EChart) hears them here, before the copy is taken
    onBeforePrint: async () => {
      window.dispatchEvent(new Event('beforeprint'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    onAfterPrint: () => window.dispatchEvent(new Event('afterprint')),
  });
  return () => print();
}
