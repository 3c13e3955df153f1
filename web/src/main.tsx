import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { validateWithoutEval } from '@portal/contracts/platform/input';
import App, { preloadOpenedScreen } from './app/App';

validateWithoutEval();
preloadOpenedScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
