import { describe, expect, it } from 'vitest';
import { loadDataServiceConfig, viewerSlotCount } from './config.js';

describe('loadDataServiceConfig', () => {
  it('has a 5 s statement timeout by default and reads PHAROS_STATEMENT_TIMEOUT', () => {
    expect(loadDataServiceConfig({}).statementTimeoutMs).toBe(5_000);
    expect(loadDataServiceConfig({ PHAROS_STATEMENT_TIMEOUT: '30s' }).statementTimeoutMs).toBe(30_000);
    expect(loadDataServiceConfig({ PHAROS_STATEMENT_TIMEOUT: '1500ms' }).statementTimeoutMs).toBe(1_500);
    expect(() => loadDataServiceConfig({ PHAROS_STATEMENT_TIMEOUT: 'soon' })).toThrow(/PHAROS_STATEMENT_TIMEOUT/);
  });

  it('lets two requests of a caller run at once unless PHAROS_DB_CALLER_CONCURRENCY says otherwise', () => {
    expect(loadDataServiceConfig({}).callerConcurrency).toBe(2);
    expect(loadDataServiceConfig({ PHAROS_DB_CALLER_CONCURRENCY: '8' }).callerConcurrency).toBe(8);
    expect(() => loadDataServiceConfig({ PHAROS_DB_CALLER_CONCURRENCY: '0' })).toThrow(/PHAROS_DB_CALLER_CONCURRENCY/);
  });

  it('gives callers with only the viewer role half the pool together unless PHAROS_DB_VIEWER_SHARE says otherwise', () => {
    expect(viewerSlotCount(loadDataServiceConfig({}), 20)).toBe(10);
    expect(viewerSlotCount(loadDataServiceConfig({ PHAROS_DB_VIEWER_SHARE: '25%' }), 20)).toBe(5);
    expect(viewerSlotCount(loadDataServiceConfig({ PHAROS_DB_VIEWER_SHARE: '10' }), 4)).toBe(1);
    expect(() => loadDataServiceConfig({ PHAROS_DB_VIEWER_SHARE: '0%' })).toThrow(/PHAROS_DB_VIEWER_SHARE/);
    expect(() => loadDataServiceConfig({ PHAROS_DB_VIEWER_SHARE: 'half' })).toThrow(/PHAROS_DB_VIEWER_SHARE/);
  });
});
