import type { ExpressionSandbox } from '../expressions/sandbox.js';
import { runBodyScript } from './script.js';
import { scriptTypeOf } from './script-types.js';
import type { NotificationRule, Subject } from './types.js';

/** Title and body of a rule without its own, by the kind of event (Go templates over the same variables). */
function defaults(eventName: string): { title: string; body: string } {
  const link = '\n\n[Open in Pharos]({{.permalink}})';
  if (eventName.startsWith('check.')) {
    return {
      title: 'Check {{.check.name}} has {{.new_state}}',
      body: 'Canary: {{.canary.name}}{{if .check.endpoint}}\nEndpoint: {{.check.endpoint}}{{end}}{{if .check_status.error}}\nError: {{.check_status.error}}{{else if .check_status.message}}\nMessage: {{.check_status.message}}{{end}}' + link,
    };
  }
  if (eventName.startsWith('component.')) return { title: 'Component {{.component.name}} is {{.new_state}}', body: 'Type: {{.component.type}}{{if .component.status_reason}}\nReason: {{.component.status_reason}}{{end}}' + link };
  if (['config.created', 'config.updated', 'config.deleted'].includes(eventName)) return { title: '{{.config.type}} {{.config.name}} was {{.new_state}}', body: 'Type: {{.config.type}}' + link };
  if (eventName.startsWith('config.')) return { title: '{{.config.type}} {{.config.name}} is {{.new_state}}', body: 'Type: {{.config.type}}{{if .config.status}}\nStatus: {{.config.status}}{{end}}' + link };
  if (eventName === 'playbook.approval.inserted') return { title: 'A run of playbook {{.playbook.name}} was approved', body: 'Run status: {{.run.status}}' + link };
  if (eventName.startsWith('playbook.run.')) return { title: 'Playbook {{.playbook.name}} run {{.new_state}}', body: '{{if .run.error}}Error: {{.run.error}}{{else}}Status: {{.run.status}}{{end}}' + link };
  if (eventName === 'playbook.spec.approval.updated') return { title: 'The approval of playbook {{.playbook.name}} changed', body: 'Playbook: {{.playbook.name}}' + link };
  return { title: '{{.event.name}}', body: '{{.event.name}}' + link };
}

// Splits the one rendering of title and body; a control character no template writes by accident.
const SEPARATOR = '\u0000\u001e\u0000';

/**
 * A rule's title and markdown body for an event; throws when a template or script fails. The title
 * is a Go template; the body is one too (title and body in one sandbox request) unless the rule's
 * `properties.template_type` names Javascript, Expr or JSONPath.
 */
export async function renderMessage(sandbox: ExpressionSandbox, rule: NotificationRule, eventName: string, subject: Subject): Promise<{ title: string; body: string }> {
  const fallback = defaults(eventName);
  const title = rule.title?.trim() ? rule.title : fallback.title;
  const name = `notification ${rule.name ?? rule.id}`;
  const scriptType = rule.template?.trim() ? scriptTypeOf(rule.properties) : undefined;
  if (scriptType) {
    const body = await runBodyScript(sandbox, scriptType, rule.template!, subject.variables, name);
    return { title: (await sandbox.renderTemplate(title, subject.variables, name)).trim(), body: body.trim() };
  }
  const body = rule.template?.trim() ? rule.template : fallback.body;
  const rendered = await sandbox.renderTemplate(`${title}${SEPARATOR}${body}`, subject.variables, name);
  const at = rendered.indexOf(SEPARATOR);
  if (at === -1) return { title: title === rule.title ? rendered : '', body: rendered };
  return { title: rendered.slice(0, at).trim(), body: rendered.slice(at + SEPARATOR.length).trim() };
}
