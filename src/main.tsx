/** Start-up: read where the servers are, check the stored session (spec 1 §4), then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './config/runtime-config';
import { checkSessionAtStart, requestNotificationPermission } from './session/session-check';
import { App } from './App';

async function start() {
  const config = await loadRuntimeConfig();
  await checkSessionAtStart(config.authUrl);
  requestNotificationPermission();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start();
