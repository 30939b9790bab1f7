import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { setNavigator } from '../lib/http.ts';
import { loadConsoleStrings } from '../lib/i18n.ts';
import { BUILT_APP_ROUTES, BUILT_PUBLIC_ROUTES } from '../lib/screens.ts';
import { Guard } from './Guard.tsx';
import { PublicScreen } from './layout/PublicScreen.tsx';
import { followAddress } from './tabs/followAddress.ts';

/**
 * Every route comes from the shared table. Public screens render on their own; console screens
 * render inside the layout, whose tab host keeps each open tab's screen alive.
 */
// The console shell (menu, tabs, header) and its strings load only once someone is signed in: the
// sign-in page stays light.
const ConsoleLayout = lazy(async () => (await Promise.all([import('./layout/ConsoleLayout.tsx'), loadConsoleStrings()]))[0]);

/** While the console is shown, its tabs and the address follow each other through the router's own events. */
function TabsFollowAddress() {
  useEffect(() => followAddress(router), []);
  return null;
}

const routes: RouteObject[] = [
  {
    element: <Guard />,
    children: [
      { index: true, element: null },
      ...BUILT_PUBLIC_ROUTES.map((route) => ({ path: route.path, element: <PublicScreen name={route.name} /> })),
      {
        element: (
          <>
            <TabsFollowAddress />
            <Suspense fallback={<PageLoading />}>
              <ConsoleLayout />
            </Suspense>
          </>
        ),
        children: BUILT_APP_ROUTES.map((route) => ({ path: route.path, element: null })),
      },
      { path: '*', element: null },
    ],
  },
];

export const router = createBrowserRouter(routes);
setNavigator((path) => void router.navigate(path));
