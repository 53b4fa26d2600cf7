import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The landing page as HTML, rendered at build time into dist/index.html (see vite.config.ts), so a
 * visitor on a phone sees the page before the JavaScript has arrived; main.tsx hydrates it. The
 * tree must match main.tsx's apart from the router.
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouter location="/">
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
}
