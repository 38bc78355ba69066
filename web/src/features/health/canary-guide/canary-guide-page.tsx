import { HEALTH_CHECK_SCHEDULES, HEALTH_CHECK_TYPES } from '@pharos/core';
import { Link } from 'react-router';
import { linkClass } from '../../../ui/link-styles';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { GUIDE_CHECK_TYPES } from './check-types';
import { C, Code, P, Section, Terms } from './guide-parts';

export const CANARY_EXAMPLE = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: storefront
  namespace: default
  labels:
    team: web
spec:
  schedule: "@every 1m"
  http:
    - name: storefront-home
      url: https://shop.example.com/
      responseCodes: [200]
  tcp:
    - name: storefront-db
      endpoint: db.internal:5432`;

const COMMON_FIELDS = [
  { name: 'name', meaning: 'The check, unique within its canary and type (the check of a later apply with the same name keeps its history)' },
  { name: 'description, icon, labels', meaning: 'Shown on /health; labels filter the dashboard' },
  { name: 'test', meaning: '{expr}: CEL that must be true for the check to pass' },
  { name: 'display', meaning: '{template} (Go template) or {expr} (CEL): the message of a run' },
  { name: 'transform', meaning: 'CEL expr or Go template turning the result into checks of their own, one per named result' },
  { name: 'timeout', meaning: 'Milliseconds a run may take (60000)' },
];

// opensearch, alertmanager and mongodb are spellings of types above.
const RUNNING = new Set(GUIDE_CHECK_TYPES.map((type) => type.type));
const KEPT = HEALTH_CHECK_TYPES.filter((type) => !RUNNING.has(type));

/** `/canary-checker`: how to write the canaries Pharos runs (the help link of 'Add Health Check'). */
export function CanaryGuidePage() {
  useDocumentTitle('Writing canaries | Pharos');
  return (
    <article className="flex max-w-4xl flex-col gap-8 pb-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-lg font-semibold">Writing canaries</h1>
        <P>
          A canary is a YAML document that lists health checks and how often they run. Pharos runs each check on the server, keeps a status for every run, and shows the
          results on <Link to="/health" className={linkClass}>Health</Link>. Canaries written for Flanksource canary-checker apply unchanged; the types below run here.
        </P>
        <nav aria-label="On this page" className="flex flex-wrap gap-3 text-sm">
          {[
            ['shape', 'The shape'],
            ['schedule', 'Schedules'],
            ['types', 'Check types'],
            ['expressions', 'Test, display and transform'],
            ['connections', 'Connections and secrets'],
            ['apply', 'Applying'],
          ].map(([id, title]) => (
            <a key={id} href={`#${id}`} className={linkClass}>
              {title}
            </a>
          ))}
        </nav>
      </header>

      <Section id="shape" title="The shape of a canary">
        <P>
          <C>apiVersion</C> and <C>kind</C> say what it is; <C>metadata</C> names it (the namespace is <C>default</C> unless set); <C>spec</C> holds the schedule and one
          list per check type. Every entry of a list is one check.
        </P>
        <Code label="A canary">{CANARY_EXAMPLE}</Code>
        <P>Fields every check takes:</P>
        <Terms label="Fields of every check" rows={COMMON_FIELDS} />
      </Section>

      <Section id="schedule" title="Schedules">
        <P>
          <C>spec.schedule</C> takes <C>@every</C> with a duration (<C>30s</C>, <C>5m</C>, <C>1h30m</C>; units ms, s, m, h; at least 1s), a descriptor (<C>@hourly</C>,{' '}
          <C>@daily</C>, <C>@weekly</C>, <C>@monthly</C>, <C>@yearly</C>) or a five-field cron expression in UTC (<C>*/10 * * * *</C>). Without a schedule,{' '}
          <C>spec.interval</C> gives seconds between runs; without either, a canary runs every 5 minutes. Saving or applying a canary changes its schedule at once.
        </P>
        <P>The health-check form offers {HEALTH_CHECK_SCHEDULES.join(', ')}.</P>
      </Section>

      <Section id="types" title="Check types">
        {GUIDE_CHECK_TYPES.map((type) => (
          <section key={type.type} aria-label={`${type.type} check`} className="flex flex-col gap-2">
            <h3 id={`type-${type.type}`} className="font-mono text-sm font-semibold">
              {type.type}
            </h3>
            <P>{type.summary}</P>
            <Terms label={`${type.type} fields`} rows={type.fields} />
            <p className="text-xs font-medium text-fg-muted">Variables</p>
            <Terms label={`${type.type} variables`} rows={type.variables} />
            <Code label={`${type.type} example`}>{type.example}</Code>
          </section>
        ))}
        <P>
          Other types are accepted and saved ({KEPT.join(', ')}); their checks appear on Health saying why they do not run: those that need a Kubernetes cluster
          or a cloud account say that this Pharos is not connected to one, the rest that they do not run yet.
        </P>
      </Section>

      <Section id="expressions" title="Test, display and transform">
        <P>
          After a run, <C>test.expr</C> decides: a CEL expression over the type’s variables that must be <C>true</C> (a check that already failed stays failed; an expression
          that errs fails the check with its error). <C>display.template</C> is a Go template (<C>{'{{ .code }}'}</C>, with the sprig and gomplate functions) and{' '}
          <C>display.expr</C> is CEL; either replaces the message of the run.
        </P>
        <P>
          <C>transform.expr</C> (CEL) or <C>transform.template</C> (a Go template) sees the same variables plus <C>pass</C>, <C>message</C>, <C>error</C> and{' '}
          <C>duration</C>, and gives one result or a list (as JSON text or, in CEL, the value). Each named result becomes a check of its own, kept by its name across runs
          (<C>name</C>, <C>pass</C>, <C>message</C>, <C>error</C>, <C>duration</C>, <C>detail</C>, <C>labels</C>, <C>description</C>, <C>icon</C>); a check no longer given is
          removed, after a last status when <C>transformDeleteStrategy</C> is <C>MarkHealthy</C> or <C>MarkUnhealthy</C>. One result without a name changes the check’s own
          result instead.
        </P>
        <Code label="One check per alert">{`transform:
  expr: |
    results.alerts.map(r, {
      'name': r.name,
      'labels': r.labels.omit(['alertname']),
      'message': r.message,
      'pass': false,
    }).toJSON()`}</Code>
        <Code label="Test and display">{`test:
  expr: "code == 200 && json.?version.orValue('') != ''"
display:
  template: "{{ .json.version }} answered in {{ .duration }} ms"`}</Code>
        <P>
          CEL has optional fields (<C>a.?b.orValue(x)</C>), <C>Duration('7d')</C>, <C>age(t)</C>, <C>jq(filter, value)</C>, the string, list, set and math extensions, and
          more (see the README). Expressions run in a sandbox with no access to the server’s files, network or environment, and stop after 2 seconds. Try one as you type
          with “Try an expression” in the spec editor, or with <C>pharos eval --cel 'code == 200' --data vars.yaml</C>.
        </P>
      </Section>

      <Section id="connections" title="Connections and secrets">
        <P>
          A check’s <C>connection</C> names a connection saved on <Link to="/settings/connections" className={linkClass}>Connections</Link> (or applied as a{' '}
          <C>Connection</C>): <C>connection://namespace/name</C>, <C>connection://Type/name</C> or just the name (the canary’s namespace first). Its URL, username,
          password and properties fill the fields the check leaves out.
        </P>
        <P>
          Credential fields (<C>username</C>, <C>password</C>, header and env values, a SQL <C>url</C>) take a value or a reference to a secret or config map, which is
          read from Pharos’s secret store (<C>pharos secret set NAME KEY</C>) and then from the server’s environment:
        </P>
        <Code label="Secret references">{`http:
  - name: private-api
    url: https://api.example.com/status
    username:
      value: monitor
    password:
      valueFrom:
        secretKeyRef: {name: api-creds, key: password}
    headers:
      - name: X-Token
        valueFrom:
          configMapKeyRef: {name: api, key: token}`}</Code>
      </Section>

      <Section id="apply" title="Applying">
        <P>
          Keep canaries in git and apply them; applying again updates them, and the checks follow (a check removed from the spec is removed from Health):
        </P>
        <Code label="Commands">{`npx pharos apply -f canaries/           # every .yaml/.yml/.json below
npx pharos get canary storefront -o yaml  # print it back
npx pharos delete -f canaries/storefront.yaml`}</Code>
        <P>
          The same documents can be sent to <C>POST /api/apply</C>, or a canary can be written on{' '}
          <Link to="/settings/canaries" className={linkClass}>Settings › Health Checks</Link> with its form or YAML editor. Every run is on Health, where Run Now runs a
          check at once.
        </P>
      </Section>
    </article>
  );
}
