import { Building2, Check, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useOrganizations, useSwitchOrganization } from '../../api/organizations';
import { menuItemClass, menuLabelClass, menuSeparatorClass } from './menu-styles';

/**
 * The organization part of the user menu (organization mode): the person's organizations, the
 * current one checked; choosing another switches to it, 'Create organization' opens the form.
 */
export function OrganizationSwitcher({ onCreate }: { onCreate: () => void }) {
  const { data } = useOrganizations();
  const switchTo = useSwitchOrganization();
  return (
    <>
      <DropdownMenu.Label className={menuLabelClass}>Organizations</DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={data?.current ?? ''}
        onValueChange={(id) => {
          if (id !== data?.current) switchTo.mutate(id);
        }}
      >
        {data?.organizations.map((organization) => (
          <DropdownMenu.RadioItem key={organization.id} value={organization.id} className={menuItemClass} disabled={switchTo.isPending}>
            <Building2 className="size-4 text-fg-muted" aria-hidden="true" />
            <span className="flex-1 truncate">{organization.name}</span>
            <DropdownMenu.ItemIndicator>
              <Check className="size-4 text-accent" aria-hidden="true" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      {data?.canCreate && (
        <DropdownMenu.Item className={menuItemClass} onSelect={onCreate}>
          <Plus className="size-4 text-fg-muted" aria-hidden="true" />
          Create organization
        </DropdownMenu.Item>
      )}
      <DropdownMenu.Separator className={menuSeparatorClass} />
    </>
  );
}
