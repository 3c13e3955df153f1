import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { antdTheme } from './layout/antd-theme';
import { LayoutSettingsProvider, useLayoutSettings } from './layout/LayoutSettingsContext';
import { useStaticHolderTheme } from './layout/useStaticHolderTheme';
import { type ScreenRoute, canOpen, preloadScreen, returnPathAfterLogin, screenAt, screenRoutes } from './routes';
import { landingPath, readSession } from './session';
import { SessionProvider, useSession } from './session-context';

// Loaded on demand: the login page must not pay for the signed-in layout (budget: 300 kB gzip).
const loadShell = () => import('./Shell');
const Shell = lazy(loadShell);
const ForbiddenPage = lazy(() => import('./ForbiddenPage'));
const NotBuiltPage = lazy(() => import('./NotBuiltPage'));
/**
 * A signed-in screen opened by URL (a reload, a link, a bookmark): the layout's code and the page's
 * start loading together, before the first render, instead of the page's after the layout's.
 */
export function preloadOpenedScreen(pathname: string): void {
  const screen = screenAt(pathname);
  if (!screen || screen.layout !== 'shell' || readSession(Date.now()).state !== 'active') return;
  void loadShell().catch(() => undefined);
  preloadScreen(pathname);
}

const pageFallback = <Spin style={{ margin: 48 }} />;

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export const PRODUCT_NAME = 'Distribution Portal';

/** The browser tab says where the user is: "<screen> · Distribution Portal". */
function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

/** To the login page, remembering the page asked for (path and query) so that a sign-in returns to it. */
function ToLogin() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** Signed-in screens: no session → /login; roles that do not intersect → the 403 page. */
function Guarded({ route }: { route: ScreenRoute }) {
  useDocumentTitle(route.title);
  const { user } = useSession();
  const location = useLocation();
  if (route.public) {
    // Signed in on the login page: on to the page asked for while signed out, or the role's home.
    const requested = (location.state as { from?: unknown } | null)?.from;
    if (user && route.path === '/login') return <Navigate to={returnPathAfterLogin(requested, user.role_id) ?? landingPath(user.role_id)} replace />;
    return <Page route={route} />;
  }
  if (!user) return <ToLogin />;
  if ((route.path === '/' || route.path === '/dashboard') && landingPath(user.role_id) === '/agent-dashboard') return <Navigate to="/agent-dashboard" replace />;
  if (!canOpen(route, user.role_id)) {
    return (
      <Suspense fallback={pageFallback}>
        <ForbiddenPage />
      </Suspense>
    );
  }
  return <Page route={route} />;
}

function Page({ route }: { route: ScreenRoute }) {
  const Component = route.page;
  return <Suspense fallback={pageFallback}>{Component ? <Component /> : <NotBuiltPage route={route} />}</Suspense>;
}

function AppRoutes() {
  const { user } = useSession();
  const bare = screenRoutes.filter((route) => route.layout === 'bare');
  const shell = screenRoutes.filter((route) => route.layout === 'shell');
  return (
    <Routes>
      {bare.map((route) => (
        <Route key={route.path} path={route.path} element={<Guarded route={route} />} />
      ))}
      <Route
        element={
          user ? (
            <Suspense fallback={pageFallback}>
              <Shell />
            </Suspense>
          ) : (
            <ToLogin />
          )
        }
      >
        {shell.map((route) => (
          <Route key={route.path} path={route.path} element={<Guarded route={route} />} />
        ))}
        <Route
          path="*"
          element={
            <Suspense fallback={pageFallback}>
              <ForbiddenPage />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}

/** The antd theme, direction and font of the signed-in user's layout settings (the defaults while signed out). */
function ThemedApp() {
  const { settings } = useLayoutSettings();
  useStaticHolderTheme(settings);
  return (
    <ConfigProvider theme={antdTheme(settings)} direction={settings.direction}>
      <AntApp>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}

function UserLayoutSettings({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return <LayoutSettingsProvider userId={user?.user_id}>{children}</LayoutSettingsProvider>;
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <UserLayoutSettings>
          <ThemedApp />
        </UserLayoutSettings>
      </SessionProvider>
    </QueryClientProvider>
  );
}
