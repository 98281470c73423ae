import { type ComponentType, lazy } from 'react';
import { withAllTexts } from '../i18n';

/**
 * A part of the app beyond the login page (the layout and its pages, the record screens, the HIS
 * sign-in, the forced password change), loaded when first shown together with every text and the
 * react-query cache it reads through, none of which the login page downloads.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Page, { withQueries }] = await Promise.all([withAllTexts(load()), import('./query-provider')]);
    return { default: withQueries(Page) };
  });
}
