import { type Screen, screens } from '@paydesk/contract';
import { Navigate, Outlet, type RouteObject, useOutletContext, useRoutes } from 'react-router';
import { PublicScreenRoute, RequireUser, ScreenRoute } from './guards';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorBoundary } from './pages/RouteErrorBoundary';

export const homePath = '/settings';

export function isPublicScreen(screen: Screen): boolean {
  return screen.capability === 'public';
}

/**
 * Every route of SPEC §2.1, straight from the contract's screen table: public screens as they are, the others
 * behind the current-user guard and the role check. "/" goes home; anything else is "not found".
 */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Keeps the shell (header, menu) on screen when a page fails.
        element: <ScreenErrorBoundary />,
        children: [
          ...screens
            .filter(isPublicScreen)
            .map((screen) => ({ path: screen.path, element: <PublicScreenRoute screen={screen} /> })),
          {
            element: <RequireUser />,
            children: [
              { path: '/', element: <Navigate to={homePath} replace /> },
              ...screens
                .filter((screen) => !isPublicScreen(screen))
                .map((screen) => ({ path: screen.path, element: <ScreenRoute screen={screen} /> })),
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

function ScreenErrorBoundary() {
  const shell = useOutletContext();
  return (
    <RouteErrorBoundary>
      <Outlet context={shell} />
    </RouteErrorBoundary>
  );
}

/** The routes, rendered inside a `<BrowserRouter>` (the app) or a `<MemoryRouter>` (tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
