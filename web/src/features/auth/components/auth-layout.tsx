import type { ReactNode } from 'react';
import { Card } from '../../../ui/card';
import { Logo } from '../../../ui/logo';
import { useDocumentTitle } from '../../../ui/use-document-title';

export interface AuthLayoutProps {
  /** The browser tab's title. */
  title: string;
  heading: string;
  children: ReactNode;
  /** Links under the card ('Reset password', 'Go back' …). */
  footer?: ReactNode;
  width?: 'narrow' | 'wide';
}

/** The frame of the identity pages: logo, a card with the heading, links beneath. */
export function AuthLayout({ title, heading, children, footer, width = 'narrow' }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-full flex-col items-center bg-canvas px-4 py-12 sm:py-20">
      <div className={width === 'narrow' ? 'w-full max-w-sm' : 'w-full max-w-2xl'}>
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <Card className="p-6 sm:p-8">
          <h1 className="mb-6 text-xl font-semibold tracking-tight text-fg">{heading}</h1>
          {children}
        </Card>
        {footer && <div className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">{footer}</div>}
      </div>
    </main>
  );
}
