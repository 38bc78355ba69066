import { describe, expect, it } from 'vitest';
import { redactUrl, serializers } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/.ory/self-service/logout?token=abc&return_to=/login', '/api/.ory/self-service/logout?token=[redacted]&return_to=/login'],
    ['/api/.ory/self-service/registration/browser?setup_token=xyz', '/api/.ory/self-service/registration/browser?setup_token=[redacted]'],
    ['/x?Code=1&flow=2', '/x?Code=[redacted]&flow=2'],
    ['/x?%74oken=1', '/x?%74oken=[redacted]'],
    ['/x?%zz=1&password=p', '/x?%zz=1&password=[redacted]'],
    ['/api/health', '/api/health'],
    ['/x?flow=1&flag', '/x?flow=1&flag'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('is what the request serializer logs', () => {
    expect(serializers.req({ method: 'GET', url: '/a?token=t', ip: '127.0.0.1' })).toMatchObject({ url: '/a?token=[redacted]', remoteAddress: '127.0.0.1' });
  });
});
