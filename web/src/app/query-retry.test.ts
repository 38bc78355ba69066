import { PostgrestError } from '@supabase/postgrest-js';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { shouldRetry } from './query-client';

const dataError = (code: string) => new PostgrestError({ message: 'm', details: '', hint: '', code });

describe('shouldRetry', () => {
  it('does not retry answers: 4xx of the HTTP client and data-service errors caused by the request', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, dataError('42501'))).toBe(false);
    expect(shouldRetry(0, dataError('PGRST116'))).toBe(false);
    expect(shouldRetry(0, dataError('23505'))).toBe(false);
  });

  it('retries an unavailable database, server errors and network failures, twice', () => {
    expect(shouldRetry(0, dataError('08006'))).toBe(true);
    expect(shouldRetry(1, dataError('PGRST000'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'Unavailable'))).toBe(true);
    expect(shouldRetry(1, new TypeError('fetch failed'))).toBe(true);
    expect(shouldRetry(2, new TypeError('fetch failed'))).toBe(false);
  });
});
