/**
 * The first answer `pick` gives along an error and its causes: drizzle wraps the driver's error (which
 * carries PostgreSQL's SQLSTATE `code`) in its own, so a check must look through `cause`.
 */
export function findInErrorChain<T>(
  error: unknown,
  pick: (link: { code?: unknown; message?: unknown }) => T | null | undefined,
): T | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const found = pick(current as { code?: unknown; message?: unknown });
    if (found !== null && found !== undefined) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether the error or one of its causes carries this SQLSTATE or driver code. */
export function hasErrorCode(error: unknown, code: string): boolean {
  return findInErrorChain(error, (link) => (link.code === code ? true : null)) === true;
}
