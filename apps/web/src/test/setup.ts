import { LANGUAGES } from '@glucocare/domain/i18n';
import { initLanguage, loadAllTexts, loadLanguage } from '../i18n';

// The app loads a language's texts when it is first used; unit tests read both catalogues at will
// (getFixedT('zh-CN'), exists(..., { lng })), so both are loaded before any test runs.
await loadAllTexts();
await Promise.all(LANGUAGES.map(loadLanguage));
await initLanguage();
