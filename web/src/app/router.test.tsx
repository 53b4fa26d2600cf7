import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { APP_PAGE_PATHS } from '@nocturne/contracts/constants';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, MemoryRouter, type RouteObject } from 'react-router-dom';
import { AppRoutes } from './router';

function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

describe('the app router', () => {
  it('declares exactly the pages the api serves with 200 (APP_PAGE_PATHS), plus the catch-all', () => {
    // AppRoutes is <Suspense><Routes>…</Routes>{children}</Suspense>: read the declared routes without rendering them.
    const suspense = AppRoutes() as ReactElement<{ children: ReactElement<{ children: ReactNode }>[] }>;
    const [routes] = suspense.props.children;
    expect(isValidElement(routes)).toBe(true);
    const paths = routePaths(createRoutesFromChildren(routes.props.children));
    expect(paths.filter((path) => path !== '*').sort()).toEqual([...APP_PAGE_PATHS].sort());
    expect(paths).toContain('*');
  });

  it('shows visitors a plain "Page Not Found" for an unknown path, with a way home and no developer hints', async () => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined); // jsdom has no scrolling
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(document.body.textContent).not.toMatch(/router|route|\.tsx|no-such-page/i);
  });
});
