import 'antd/dist/reset.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { loadRuntimeConfig } from './config';
import { initLanguage } from './i18n';

/** Startup (§7 "Startup and session"): runtime configuration first, then i18n, providers and router. */
async function start() {
  const config = await loadRuntimeConfig();
  await initLanguage(config.defaultLanguage);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(<AppProviders />);
}

void start();
