import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { nextPage, pageCount, pageSlice, rowsThatFit } from './paging';

/**
 * How many rows of `rowHeight` the box holds (its layout height: the stage's transform does not
 * change it), followed as the box changes.
 */
export function useRowsThatFit<T extends HTMLElement>(rowHeight: number): [RefObject<T>, number] {
  const box = useRef<T>(null);
  const [rows, setRows] = useState(1);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setRows(rowsThatFit(element.clientHeight, rowHeight));
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [rowHeight]);
  return [box, rows];
}

/** A page index that moves on every `seconds` while there is more than one page (the timer is cleared). */
export function useRotation(pages: number, seconds: number): number {
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(() => setPage((current) => nextPage(current, pages)), seconds * 1000);
    return () => clearInterval(timer);
  }, [pages, seconds]);
  return Math.min(page, pages - 1);
}

/** The rows of the page on view and where it stands ("2 / 3"). */
export function usePaged<T>(rows: readonly T[], perPage: number, seconds: number) {
  const pages = pageCount(rows.length, perPage);
  const page = useRotation(pages, seconds);
  return { rows: pageSlice(rows, perPage, page), page, pages };
}
