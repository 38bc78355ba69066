import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setNavigator } from '../api/navigation';
import { clearToasts } from '../ui/toast/toast-store';

// Pages load their code lazily; on a busy machine the first one can take a while.
configure({ asyncUtilTimeout: 15000 });

afterEach(() => {
  cleanup();
  clearToasts();
  setNavigator(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  // Files share a worker's window (the web project does not isolate them): nothing one saved may reach the next.
  localStorage.clear();
  sessionStorage.clear();
});
