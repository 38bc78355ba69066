import { SETTINGS_MESSAGE_CLEAR_MS } from '@pharos/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../api/session-paths';
import { Card } from '../../../ui/card';
import { Logo } from '../../../ui/logo';
import { useDocumentTitle } from '../../../ui/use-document-title';
import type { FlowBody } from '../api/flows';
import { FlowView } from '../components/flow-view';
import { GoBackLink } from '../components/go-back-link';
import { useFlow } from '../flow/use-flow';
import { FlowForm } from '../form/flow-form';
import { FlowMessages } from '../form/flow-messages';
import { hasGroup } from '../form/nodes';
import { SETTINGS_SECTIONS } from './settings-sections';

export const SETTINGS_TITLE = 'Profile Management and Security Settings';

/** The flow's messages of one answer, hidden again after ten seconds. */
function useTransient(version: number, present: boolean): boolean {
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (!present) return;
    const timer = setTimeout(() => setExpired(version), SETTINGS_MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [version, present]);
  return present && expired !== version;
}

/** `/profile-settings`: profile, password, social sign-in and second factors. */
export function SettingsPage() {
  useDocumentTitle(SETTINGS_TITLE);
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('return_to') ?? undefined;
  const { flow, version, error, submit } = useFlow('settings', { returnTo });
  const showMessages = useTransient(version, (flow?.ui.messages?.length ?? 0) > 0);
  const onSubmit = async (body: FlowBody) => {
    await submit(body);
  };

  return (
    <main className="min-h-full bg-canvas px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <header className="flex items-center justify-between">
          <Logo />
          {/* After recovery or re-authentication the address has no return_to, but the flow keeps it. */}
          <GoBackLink to={safeReturnPath(returnTo ?? flow?.return_to)} />
        </header>
        <h1 className="text-xl font-semibold tracking-tight text-fg">{SETTINGS_TITLE}</h1>
        <FlowView flow={flow} error={error}>
          {(f) => (
            <>
              {showMessages && <FlowMessages messages={f.ui.messages} />}
              {SETTINGS_SECTIONS.filter((section) => hasGroup(f.ui, section.group)).map((section) => (
                <Card key={section.group} className="p-6">
                  <section aria-labelledby={`settings-${section.group}`} className="space-y-4">
                    <div className="space-y-1">
                      <h2 id={`settings-${section.group}`} className="text-base font-semibold text-fg">
                        {section.title}
                      </h2>
                      {section.description && <p className="text-sm text-fg-muted">{section.description}</p>}
                    </div>
                    <FlowForm
                      key={`${section.group}:${version}`}
                      ui={f.ui}
                      groups={[section.group]}
                      showMessages={false}
                      label={section.title}
                      onSubmit={onSubmit}
                    />
                  </section>
                </Card>
              ))}
            </>
          )}
        </FlowView>
      </div>
    </main>
  );
}
