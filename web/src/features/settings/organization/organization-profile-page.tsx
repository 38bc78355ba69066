import { useSession } from '../../../api/session';
import { useCan } from '../../../app/access/use-can';
import { SettingsPage, SettingsPageHeader } from '../shared/page-header';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { OrganizationDetailsForm } from './organization-details-form';

export const NOT_ORGANIZATION_MODE_TEXT = 'Organizations are available only with PHAROS_AUTH_MODE=organizations';

/** `/settings/organization` (feature settings.organization_profile): the current organization, its members and invitations. */
export function OrganizationProfilePage() {
  const { data: session } = useSession();
  const isAdmin = useCan('rbac', 'write');
  const organization = session?.organization;
  return (
    <SettingsPage>
      <SettingsPageHeader title="Organization Profile" />
      {organization ? (
        <>
          <OrganizationDetailsForm key={organization.id} organization={organization} editable={isAdmin} />
          <MembersSection editable={isAdmin} />
          {isAdmin && <InvitationsSection />}
        </>
      ) : (
        <p className="text-sm text-fg-muted">{NOT_ORGANIZATION_MODE_TEXT}</p>
      )}
    </SettingsPage>
  );
}
