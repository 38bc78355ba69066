import { isLoginPage } from './app/login-path';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The sign-in page is a small app of its own, so that it does not wait for the shell's code.
const app = isLoginPage(window.location.pathname) ? import('./app/login-app') : import('./app/app');
void app.then(({ mount }) => mount(root));
