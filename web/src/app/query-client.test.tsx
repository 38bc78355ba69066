import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { Toaster } from '../ui/toast/toaster';
import { createQueryClient } from './query-client';

async function failQuery(error: unknown, meta?: { errorToast?: boolean }) {
  const client = createQueryClient();
  await act(async () => {
    await client
      .fetchQuery({ queryKey: ['failing', Math.random()], queryFn: () => Promise.reject(error), retry: false, meta })
      .catch(() => undefined);
  });
}

describe('the query cache', () => {
  it('shows the server message of a failed call as an error toast', async () => {
    render(<Toaster />);
    await failQuery(new ApiError(403, 'permission denied for agents'));
    expect(screen.getByRole('alert').textContent).toContain('permission denied for agents');
  });

  it('stays quiet when the session handling already redirected, or the caller shows the error', async () => {
    render(<Toaster />);
    await failQuery(new ApiError(401, 'Not signed in', null, { redirected: true }));
    await failQuery(new ApiError(500, 'shown by the page'), { errorToast: false });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not retry client errors', () => {
    const client = createQueryClient();
    const retry = client.getDefaultOptions().queries?.retry;
    expect(typeof retry).toBe('function');
    if (typeof retry !== 'function') return;
    expect(retry(0, new ApiError(404, 'missing'))).toBe(false);
    expect(retry(0, new ApiError(503, 'unavailable'))).toBe(true);
    expect(retry(2, new ApiError(503, 'unavailable'))).toBe(false);
  });
});
