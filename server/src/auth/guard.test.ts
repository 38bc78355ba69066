import { describe, expect, it } from 'vitest';
import { isPublic } from './guard.js';

describe('isPublic', () => {
  it.each([
    ['GET', '/api/health'],
    ['HEAD', '/api/health'],
    ['GET', '/api/about?x=1'],
    ['POST', '/api/.ory/self-service/login?flow=1'],
    ['GET', '/api/.ory'],
    ['GET', '/'],
    ['GET', '/incidents/123'],
    ['GET', '/apis'],
  ])('%s %s is open', (method, url) => {
    expect(isPublic(method, url)).toBe(true);
  });

  it.each([
    ['POST', '/api/health'],
    ['GET', '/api/health/x'],
    ['GET', '/api'],
    ['GET', '/api?x'],
    ['GET', '/api/db/people'],
    ['GET', '/api/.oryx'],
    ['DELETE', '/api/about'],
  ])('%s %s needs a caller', (method, url) => {
    expect(isPublic(method, url)).toBe(false);
  });
});
