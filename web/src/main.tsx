import './index.css';
import { startFirstRequests } from './app/first-requests';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

startFirstRequests(window.location.pathname);

// The sign-in page (app/login-path.ts) is a small app of its own, so that it does not wait for the
// shell's code. Neither app is imported statically: the page loads its app at once, in parallel.
const app = /^\/login\/?$/.test(window.location.pathname) ? import('./app/login-app') : import('./app/app');
void app.then(({ mount }) => mount(root));
