import { isRecord } from '@pharos/core';
import { authorization, baseUrl, endpoint, field, RemoteError, required, requestJson } from './http.js';
import type { ClientTarget, Option, RemoteComment, RemoteState, ResponderClient } from './types.js';

/**
 * Jira Cloud and Jira Server/Data Center through REST API v2 (the same paths on both): the issue is
 * created with POST /rest/api/2/issue and followed with GET /rest/api/2/issue/{key}. The connection's
 * URL is the site; its username and password are the account's email and API token (Cloud) or
 * user and password, or only a personal access token as password (Data Center, sent as Bearer).
 */

const api = (target: ClientTarget, path: string): string => endpoint(baseUrl(target.connection), `/rest/api/2/${path}`);

function request(target: ClientTarget, method: 'GET' | 'POST' = 'GET', body?: unknown) {
  return { method, headers: authorization(target.connection), ...(body !== undefined ? { body } : {}), signal: target.signal };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Final statuses that close the issue, not only resolve it (Jira Service Management's Resolved waits for Closed). */
const CLOSING_STATUS = /^(closed|done|cancel+ed|declined|rejected)$/i;
/** Resolutions that end the issue without a fix: closed at once. */
const CLOSING_RESOLUTION = /^(won't (do|fix)|duplicate|declined|cannot reproduce|rejected)$/i;

const nameOf = (value: unknown): string => (isRecord(value) ? text(value['name']) : '');

/**
 * The status category says where the issue is: new → nothing yet; indeterminate (In Progress, Waiting
 * for support …) → acknowledged; done → resolved, and closed too when the status is a final one
 * (Closed, Done, Cancelled) or the resolution ends it without a fix (Won't Do, Duplicate …).
 */
export function jiraState(fields: Record<string, unknown>): Omit<RemoteState, 'comments'> {
  const status = isRecord(fields['status']) ? fields['status'] : {};
  const category = isRecord(status['statusCategory']) ? text(status['statusCategory']['key']) : '';
  const done = category === 'done';
  return {
    acknowledged: category === 'indeterminate' || done,
    resolved: done,
    closed: done && (CLOSING_STATUS.test(text(status['name'])) || CLOSING_RESOLUTION.test(nameOf(fields['resolution']))),
  };
}

function commentsOf(fields: Record<string, unknown>): RemoteComment[] {
  const holder = fields['comment'];
  const list = isRecord(holder) && Array.isArray(holder['comments']) ? holder['comments'] : [];
  return list.filter(isRecord).map((comment) => ({
    id: text(comment['id']),
    body: text(comment['body']),
    author: isRecord(comment['author']) ? text(comment['author']['displayName']) || text(comment['author']['name']) || null : null,
  })).filter((comment) => comment.id !== '' && comment.body.trim() !== '');
}

const options = (list: unknown, value: (item: Record<string, unknown>) => string, label: (item: Record<string, unknown>) => string): Option[] =>
  (Array.isArray(list) ? list : []).filter(isRecord).map((item) => ({ value: value(item), label: label(item) || value(item) })).filter((option) => option.value !== '');

export const jiraClient: ResponderClient = {
  async create(target) {
    const { fields } = target;
    const body = {
      fields: {
        project: { key: required(fields, 'project') },
        issuetype: { name: required(fields, 'issueType') },
        summary: required(fields, 'summary'),
        description: required(fields, 'description'),
        priority: { name: required(fields, 'priority') },
      },
    };
    const { body: answer } = await requestJson(api(target, 'issue'), request(target, 'POST', body));
    const key = field(answer, 'key', 'Jira');
    return { externalId: key, properties: { url: endpoint(baseUrl(target.connection), `/browse/${key}`) } };
  },

  async follow(target, key) {
    const { body } = await requestJson(api(target, `issue/${encodeURIComponent(key)}?fields=status,resolution,comment`), request(target));
    if (!isRecord(body) || !isRecord(body['fields'])) throw new RemoteError(`Jira answered issue ${key} without fields`);
    return { ...jiraState(body['fields']), comments: commentsOf(body['fields']) };
  },

  /** Projects; with a project, the issue types it offers and the priorities its create screen allows. */
  async options(target, query) {
    const projects = (await requestJson(api(target, 'project'), request(target))).body;
    const result: Record<string, Option[]> = { project: options(projects, (item) => text(item['key']), (item) => text(item['name'])) };
    const project = query['project'];
    if (!project) return result;
    const meta = (await requestJson<Record<string, unknown>>(api(target, `issue/createmeta/${encodeURIComponent(project)}/issuetypes`), request(target))).body;
    // Data Center answers {values: […]}, Cloud {issueTypes: […]}.
    const types = isRecord(meta) ? (meta['values'] ?? meta['issueTypes']) : [];
    result['issueType'] = options(types, (item) => text(item['name']), (item) => text(item['name']));
    const first = Array.isArray(types) ? types.find(isRecord) : undefined;
    let priorities: Option[] = [];
    if (first) {
      const screen = (await requestJson<Record<string, unknown>>(api(target, `issue/createmeta/${encodeURIComponent(project)}/issuetypes/${encodeURIComponent(text(first['id']))}`), request(target))).body;
      const fieldList = isRecord(screen) ? (screen['values'] ?? screen['fields']) : [];
      const priority = (Array.isArray(fieldList) ? fieldList : []).filter(isRecord).find((item) => item['fieldId'] === 'priority');
      if (priority) priorities = options(priority['allowedValues'], (item) => text(item['name']), (item) => text(item['name']));
    }
    if (priorities.length === 0) {
      // Priority is not on the project's create screen: the site's priorities.
      priorities = options((await requestJson(api(target, 'priority'), request(target))).body, (item) => text(item['name']), (item) => text(item['name']));
    }
    result['priority'] = priorities;
    return result;
  },
};
