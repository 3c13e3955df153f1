import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { validateWithoutEval } from '@portal/contracts/platform/input';
import App from './app/App';

validateWithoutEval();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
