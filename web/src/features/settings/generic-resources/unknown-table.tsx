import { SettingsPage } from '../shared/page-header';

/** A settings route whose table the generic screens do not know. */
export function UnknownSettingsTable() {
  return (
    <SettingsPage>
      <p role="alert" className="text-sm text-fg-muted">
        Unknown type
      </p>
    </SettingsPage>
  );
}
