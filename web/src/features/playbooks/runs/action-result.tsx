import { isRecord } from '@pharos/core';
import type { ReactNode } from 'react';
import { AnsiText } from '../../../ui/ansi-text';
import { Button } from '../../../ui/button';
import { agentNote, type RunStep } from './run-steps';

const preClass = 'max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap break-all';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{title}</h4>
      {children}
    </section>
  );
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const json = (value: unknown) => JSON.stringify(value, null, 2);

function Output({ title, text }: { title: string; text: string }) {
  return (
    <Block title={title}>
      <pre className={preClass}>
        <AnsiText text={text} />
      </pre>
    </Block>
  );
}

interface Artifact {
  path: string;
  size: number;
  content?: string;
  encoding?: string;
}

const isArtifact = (value: unknown): value is Artifact => isRecord(value) && typeof value['path'] === 'string';

function download(artifact: Artifact) {
  const bytes = Uint8Array.from(atob(artifact.content ?? ''), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = artifact.path.split('/').at(-1) ?? 'artifact';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Artifacts({ artifacts }: { artifacts: Artifact[] }) {
  return (
    <Block title="Artifacts">
      <ul className="flex flex-col gap-2">
        {artifacts.map((artifact) => (
          <li key={artifact.path} aria-label={artifact.path} className="flex flex-col gap-1">
            <div className="flex items-center gap-2 text-sm">
              <span className="font-mono">{artifact.path}</span>
              <span className="text-xs text-fg-muted">{artifact.size.toLocaleString()} bytes</span>
              {artifact.encoding === 'base64' && artifact.content !== undefined && (
                <Button size="sm" variant="secondary" onClick={() => download(artifact)}>
                  Download
                </Button>
              )}
              {artifact.content === undefined && <span className="text-xs text-fg-muted">too large to keep</span>}
            </div>
            {artifact.content !== undefined && artifact.encoding !== 'base64' && <pre className={preClass}>{artifact.content}</pre>}
          </li>
        ))}
      </ul>
    </Block>
  );
}

function Rows({ rows, count }: { rows: Record<string, unknown>[]; count: unknown }) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <Block title={`Rows${typeof count === 'number' ? ` (${count})` : ''}`}>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted">No rows</p>
      ) : (
        <div className="max-h-96 overflow-auto rounded-md border border-border">
          <table aria-label="Rows" className="w-full text-left text-xs">
            <thead>
              <tr>
                {columns.map((name) => (
                  <th key={name} scope="col" className="border-b border-border px-2 py-1 font-semibold">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className="border-b border-border last:border-0">
                  {columns.map((name) => {
                    const value = row[name];
                    return (
                      <td key={name} className="px-2 py-1 font-mono">
                        {value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Block>
  );
}

function Http({ result }: { result: Record<string, unknown> }) {
  const headers = isRecord(result['headers']) ? Object.entries(result['headers']) : [];
  const body = result['json'] !== undefined && result['json'] !== null ? json(result['json']) : textOf(result['content']);
  return (
    <>
      <Block title="HTTP status">
        <p className="font-mono text-sm">{String(result['code'])}</p>
      </Block>
      {headers.length > 0 && (
        <Block title="Headers">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 font-mono text-xs">
            {headers.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-fg-muted">{name}</dt>
                <dd className="break-all">{Array.isArray(value) ? value.join(', ') : String(value)}</dd>
              </div>
            ))}
          </dl>
        </Block>
      )}
      {body !== null && (
        <Block title="Body">
          <pre className={preClass}>{body}</pre>
        </Block>
      )}
    </>
  );
}

const KNOWN = new Set(['stdout', 'stderr', 'logs', 'exitCode', 'artifacts', 'code', 'headers', 'content', 'json', 'rows', 'count']);

/** The selected step's result: script output with ANSI colours, HTTP answer, SQL rows, artifacts, anything else as JSON, and its error. */
export function ActionResult({ step }: { step: RunStep }) {
  const result = isRecord(step.result) ? step.result : {};
  const stdout = textOf(result['stdout']);
  const stderr = textOf(result['stderr']);
  const logs = textOf(result['logs']);
  const artifacts = Array.isArray(result['artifacts']) ? result['artifacts'].filter(isArtifact) : [];
  const rows = Array.isArray(result['rows']) ? result['rows'].filter(isRecord) : null;
  const rest = Object.fromEntries(Object.entries(result).filter(([key]) => !KNOWN.has(key)));
  const empty = !step.error && Object.keys(result).length === 0;
  const onAgent = agentNote(step);
  return (
    <div aria-label={`Result of ${step.name}`} role="region" className="flex flex-col gap-4">
      {onAgent && <p className="text-sm text-fg-muted">{onAgent}</p>}
      {step.error && (
        <Block title="Error">
          <pre className={`${preClass} text-[light-dark(#b42318,#f97066)]`}>
            <AnsiText text={step.error} />
          </pre>
        </Block>
      )}
      {typeof result['exitCode'] === 'number' && <p className="text-sm text-fg-muted">Exit code {result['exitCode']}</p>}
      {stdout !== null && <Output title="stdout" text={stdout} />}
      {stderr !== null && <Output title="stderr" text={stderr} />}
      {logs !== null && <Output title="Logs" text={logs} />}
      {result['code'] !== undefined && <Http result={result} />}
      {rows !== null && <Rows rows={rows} count={result['count']} />}
      {artifacts.length > 0 && <Artifacts artifacts={artifacts} />}
      {Object.keys(rest).length > 0 && (
        <Block title="Result">
          <pre className={preClass}>{json(rest)}</pre>
        </Block>
      )}
      {empty && step.status !== 'waiting' && <p className="text-sm text-fg-muted">No result yet.</p>}
    </div>
  );
}
