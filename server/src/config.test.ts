import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, '/srv/pharos')).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/pharos/.pharos'),
      logLevel: 'info',
      poolSize: 20,
      shutdownTimeoutMs: 25_000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      { PORT: '9000', HOST: '127.0.0.1', DATABASE_URL: 'postgres://x/y', PHAROS_DATA_DIR: 'data', LOG_LEVEL: 'DEBUG', PG_POOL_SIZE: '5', PHAROS_SHUTDOWN_TIMEOUT: '40' },
      '/srv',
    );
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://x/y',
      dataDir: path.resolve('/srv/data'),
      logLevel: 'debug',
      poolSize: 5,
      shutdownTimeoutMs: 40_000,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }, '/').databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PG_POOL_SIZE: '0' }, /PG_POOL_SIZE must be at least 1/],
    [{ PHAROS_SHUTDOWN_TIMEOUT: '0' }, /PHAROS_SHUTDOWN_TIMEOUT must be at least 1/],
    [{ PHAROS_SHUTDOWN_TIMEOUT: '25s' }, /PHAROS_SHUTDOWN_TIMEOUT must be an integer/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env, '/')).toThrow(message);
  });
});
