import { describe, expect, it } from 'vitest';
import { JOB_STATUS_COLOURS, JOB_STATUS_FILTER_OPTIONS, agentLink, jobResourceLink } from './jobs.js';

describe('job statuses', () => {
  it('colours RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red', () => {
    expect(JOB_STATUS_COLOURS).toEqual({
      RUNNING: 'yellow',
      SUCCESS: 'green',
      WARNING: 'orange',
      FAILED: 'red',
      STOPPED: 'red',
    });
  });

  it('filters on the first four statuses', () => {
    expect(JOB_STATUS_FILTER_OPTIONS).toEqual(['RUNNING', 'SUCCESS', 'WARNING', 'FAILED']);
  });
});

describe('job resource links', () => {
  it('links each resource type to its page', () => {
    expect(jobResourceLink('canary', 'c1')).toBe('/settings/canaries/c1');
    expect(jobResourceLink('playbook_run', 'r1')).toBe('/playbooks/runs/r1');
    expect(jobResourceLink('config_scraper', 's1')).toBe('/catalog/scrapers/s1');
    expect(jobResourceLink('catalog_scraper', 's1')).toBe('/catalog/scrapers/s1');
    expect(jobResourceLink('topology', 't1')).toBe('/settings/topologies/t1');
    expect(jobResourceLink('config', 'x')).toBe('/catalog/x');
    expect(jobResourceLink('playbook', 'p')).toBe('/playbooks/p');
    expect(jobResourceLink('team', 'p')).toBeUndefined();
    expect(agentLink('a1')).toBe('/settings/agents?id=a1');
  });
});
