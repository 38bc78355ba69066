import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigator } from '../api/navigation';
import { Providers } from './providers';
import { routes } from './routes';

/** The browser router; navigation outside components (HTTP client, flow reactions) goes through it too. */
const router = createBrowserRouter(routes);
setNavigator((to, options) => void router.navigate(to, options));

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
