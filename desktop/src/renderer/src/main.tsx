import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/blueprintStyles';
import './styles.css';
import { App } from './App';
import { registerServiceWorker } from './offline/registerServiceWorker';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
