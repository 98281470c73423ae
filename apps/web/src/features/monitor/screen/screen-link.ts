import { SCREEN_LINK_HEADER, SCREEN_LINK_PARAM } from '@glucocare/domain/monitor';

/**
 * The screen link a wall display carries (issue 20; server `modules/monitor`, docs/api.md "Wall
 * screens"). The administrator's URL brings it once as `?link=`; the page keeps it in localStorage so
 * the display survives reloads and power cuts without the token in the address bar (where it would
 * show on the wall and in any photo of it), and sends it as `X-Screen-Link` on every call — never the
 * Authorization header.
 */

/** Where the browser keeps the link (one per browser: a wall display shows one screen). */
export const SCREEN_LINK_STORAGE_KEY = 'screenLink';

interface Place {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

function browserPlace(): Place {
  return { location: window.location, history: window.history, storage: window.localStorage };
}

/**
 * Takes `?link=` from the address once: stores it (replacing an older link) and removes it from the
 * address without a navigation. Answers the link to use: the new one, else the stored one, else null.
 */
export function adoptScreenLink(place: Place = browserPlace()): string | null {
  const url = new URL(place.location.href);
  const given = url.searchParams.get(SCREEN_LINK_PARAM)?.trim();
  if (url.searchParams.has(SCREEN_LINK_PARAM)) {
    url.searchParams.delete(SCREEN_LINK_PARAM);
    place.history.replaceState(place.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  try {
    if (given) place.storage.setItem(SCREEN_LINK_STORAGE_KEY, given);
    return place.storage.getItem(SCREEN_LINK_STORAGE_KEY) || given || null;
  } catch {
    // storage refused (private mode): the link lasts for this page only
    return given || null;
  }
}

/** The headers of every wall-screen call. */
export function screenLinkHeaders(link: string): Record<string, string> {
  return { [SCREEN_LINK_HEADER]: link };
}
