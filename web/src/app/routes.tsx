import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AuthGate } from './auth-gate';
import { RootLayout, RouteError } from './root-layout';

/** A page component loaded with its route (code splitting). */
function page(load: () => Promise<ComponentType>) {
  const Component = lazy(async () => ({ default: await load() }));
  return <Component />;
}

const auth = () => import('../features/auth/screens');

/** The route map. Identity pages are public; everything else sits behind the auth gate. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: 'login', element: page(() => auth().then((m) => m.LoginPage)) },
      { path: 'registration', element: page(() => auth().then((m) => m.RegistrationPage)) },
      { path: 'recovery', element: page(() => auth().then((m) => m.RecoveryPage)) },
      { path: 'verification', element: page(() => auth().then((m) => m.VerificationPage)) },
      { path: 'profile-settings', element: page(() => auth().then((m) => m.SettingsPage)) },
      { path: 'auth-state-checker', element: page(() => auth().then((m) => m.AuthStateCheckerPage)) },
      { path: 'bad-session', element: page(() => auth().then((m) => m.BadSessionPage)) },
      { path: 'error', element: page(() => auth().then((m) => m.ErrorFlowPage)) },
      { path: 'error/:id', element: page(() => auth().then((m) => m.ErrorFlowPage)) },
      {
        element: <AuthGate />,
        children: [
          { index: true, element: <Navigate to="/topology" replace /> },
          { path: 'topology', element: page(() => import('./signed-in-placeholder').then((m) => m.SignedInPlaceholder)) },
          { path: '*', element: page(() => import('./not-found-page').then((m) => m.NotFoundPage)) },
        ],
      },
    ],
  },
];
