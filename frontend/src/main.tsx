import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedInitialData } from './app/initial-data';
import { prefetchStorefront } from './app/routes/storefront/prefetch-storefront';
import { queryClient } from './lib/api/query-client';
import { initColorMode } from './lib/theme/color-mode';

initColorMode();
// The page's first data from the HTML, before the prefetch below would ask the API for it.
seedInitialData(queryClient, window.location);
prefetchStorefront(queryClient, window.location);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first render as a transition: React yields to the browser between slices instead
// of blocking a slow phone's main thread in one long task, while index.html's loading
// frame stays on screen.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
