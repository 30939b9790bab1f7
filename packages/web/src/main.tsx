import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadErrorMessages } from './api/errorMessages.ts';
import { refreshPermissions } from './api/session.ts';
import { App } from './app/App.tsx';
import { disableFunctionKeysAndContextMenu } from './app/keyboard.ts';
import { useClientStore } from './lib/clientStore.ts';
import { initI18n, loadAntdLocale } from './lib/i18n.ts';
import { translateIconNames } from './lib/iconNames.ts';

disableFunctionKeysAndContextMenu();
translateIconNames();
// A chunk Vite preloads that is gone (a new release) is handled by the screen loader's reload.
window.addEventListener('vite:preloadError', (event) => event.preventDefault());

// The installable app's worker (public/sw.js): the app shell offline and alarm pushes; never API answers.
if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => {});

const { language, token } = useClientStore.getState();
const [, initialLocale] = await Promise.all([initI18n(language), loadAntdLocale(language)]);
void loadErrorMessages();
if (token) void refreshPermissions().catch(() => {});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App initialLocale={initialLocale} />
  </StrictMode>,
);
