import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The sign-in page (app/login-path.ts) is a small app of its own, so that it does not wait for the
// shell's code. Nothing is imported here statically: the page loads its app at once, in parallel.
const app = /^\/login\/?$/.test(window.location.pathname) ? import('./app/login-app') : import('./app/app');
void app.then(({ mount }) => mount(root));
