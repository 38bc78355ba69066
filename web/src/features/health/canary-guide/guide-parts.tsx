import type { ReactNode } from 'react';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Code({ children, label }: { children: string; label?: string }) {
  return (
    <pre aria-label={label} className="overflow-x-auto rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-xs leading-5">
      <code>{children}</code>
    </pre>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <p className="max-w-3xl text-sm leading-6">{children}</p>;
}

export function C({ children }: { children: ReactNode }) {
  return <code className="rounded bg-surface-muted px-1 font-mono text-[0.8125rem]">{children}</code>;
}

/** A two-column table of names and meanings. */
export function Terms({ label, rows }: { label: string; rows: readonly { name: string; meaning: string }[] }) {
  return (
    <table aria-label={label} className="w-full max-w-3xl text-left text-sm">
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-t border-border align-top">
            <td className="w-48 py-1 pr-3 font-mono text-xs">{row.name}</td>
            <td className="py-1">{row.meaning}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
