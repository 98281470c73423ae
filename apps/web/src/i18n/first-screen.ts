/**
 * Areas of the texts the first screen needs — top-level keys of en-US.json / zh-CN.json, first parts
 * of the domain catalogue's keys: the login page (its field rules and forced password change), the
 * loading and error screens, the language switch, request errors and the tab title. They come first;
 * the other areas load with the first page shown after it (`loadAllTexts`). The build splits the
 * catalogues by this list (vite-plugins.ts).
 */
export const FIRST_SCREEN_AREAS: readonly string[] = [
  'app',
  'auth',
  'common',
  'error',
  'http',
  'lang',
  'login',
  'menu',
  'ok',
  'password',
  'profile',
  'route',
  'validation',
];
