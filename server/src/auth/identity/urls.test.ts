import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from './config.js';
import { redirectUri } from './oidc/start.js';
import { Urls } from './urls.js';

function urlsFor(env: Record<string, string>, host = 'pharos.local:8080', protocol = 'http'): Urls {
  return new Urls(loadIdentityConfig(env), { host, protocol } as FastifyRequest);
}

describe('Urls', () => {
  it('follows the request without PHAROS_PUBLIC_URL', () => {
    const urls = urlsFor({});
    expect(urls.origin).toBe('http://pharos.local:8080');
    expect(urls.secure).toBe(false);
    expect(urls.hostname).toBe('pharos.local');
    expect(urls.api('/self-service/login', { flow: 'f' })).toBe('http://pharos.local:8080/api/.ory/self-service/login?flow=f');
    expect(urls.ui('login', { aal: 'aal2', return_to: '/a?b=c' })).toBe('/login?aal=aal2&return_to=%2Fa%3Fb%3Dc');
    expect(urls.ui('settings')).toBe('/profile-settings');
  });

  it('follows PHAROS_PUBLIC_URL, path prefix included', () => {
    const urls = urlsFor({ PHAROS_PUBLIC_URL: 'https://ops.example.com/pharos/' });
    expect(urls.origin).toBe('https://ops.example.com');
    expect(urls.secure).toBe(true);
    expect(urls.api('/sessions/whoami')).toBe('https://ops.example.com/pharos/api/.ory/sessions/whoami');
    expect(urls.ui('recovery', { flow: 'x' })).toBe('/pharos/recovery?flow=x');
    expect(urls.defaultReturn()).toBe('/pharos/');
  });

  it('gives the provider {public URL}/api/auth/oidc/callback as the single sign-on redirect URI', () => {
    expect(redirectUri(urlsFor({ PHAROS_PUBLIC_URL: 'https://ops.example.com/pharos/' }))).toBe('https://ops.example.com/pharos/api/auth/oidc/callback');
    expect(redirectUri(urlsFor({ PHAROS_PUBLIC_URL: 'https://pharos.example.com' }))).toBe('https://pharos.example.com/api/auth/oidc/callback');
    expect(redirectUri(urlsFor({}))).toBe('http://pharos.local:8080/api/auth/oidc/callback');
  });

  it.each([
    ['/incidents?status=open', '/incidents?status=open'],
    ['http://pharos.local:8080/health', 'http://pharos.local:8080/health'],
    ['https://docs.example.com/pharos', 'https://docs.example.com/pharos'],
    ['https://docs.example.com/pharos/guide', 'https://docs.example.com/pharos/guide'],
  ])('allows return_to %s', (raw, expected) => {
    expect(urlsFor({ PHAROS_ALLOWED_RETURN_URLS: 'https://docs.example.com/pharos' }).allowedReturnTo(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example.com/',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'https://docs.example.com/pharosx',
    'http://user:pass@pharos.local:8080/',
    'https://pharos.local:8080/',
    '/a\nb',
    '',
  ])('refuses return_to %j', (raw) => {
    expect(urlsFor({ PHAROS_ALLOWED_RETURN_URLS: 'https://docs.example.com/pharos' }).allowedReturnTo(raw)).toBeNull();
  });
});
