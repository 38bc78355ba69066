import type { ReactNode } from 'react';

export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-8 text-center text-sm text-fg-muted">
        {children}
      </td>
    </tr>
  );
}
