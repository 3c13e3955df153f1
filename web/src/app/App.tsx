import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import ForbiddenPage from './ForbiddenPage';
import NotBuiltPage from './NotBuiltPage';
import { type ScreenRoute, canOpen, screenRoutes } from './routes';
import { landingPath } from './session';
import { SessionProvider, useSession } from './session-context';
import Shell from './Shell';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** Signed-in screens: no session → /login; roles that do not intersect → the 403 page. */
function Guarded({ route }: { route: ScreenRoute }) {
  const { user } = useSession();
  const location = useLocation();
  if (route.public) {
    if (user && route.path === '/login') return <Navigate to={landingPath(user.role_id)} replace />;
    return <Page route={route} />;
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (route.path === '/' && landingPath(user.role_id) === '/agent-dashboard') return <Navigate to="/agent-dashboard" replace />;
  if (!canOpen(route, user.role_id)) return <ForbiddenPage />;
  return <Page route={route} />;
}

function Page({ route }: { route: ScreenRoute }) {
  const Component = route.page;
  return <Suspense fallback={<Spin style={{ margin: 48 }} />}>{Component ? <Component /> : <NotBuiltPage route={route} />}</Suspense>;
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
      <Route element={user ? <Shell /> : <Navigate to="/login" replace />}>
        {shell.map((route) => (
          <Route key={route.path} path={route.path} element={<Guarded route={route} />} />
        ))}
        <Route path="*" element={<ForbiddenPage />} />
      </Route>
    </Routes>
  );
}

export default function App() {
  return (
    <ConfigProvider>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
