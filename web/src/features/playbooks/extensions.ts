// What the playbooks area offers the screens of checks, components and configs (see app/resource-extensions.tsx).
export { AvailablePlaybooks } from './available-playbooks';
export { PlaybooksMenu } from './playbooks-menu';
export { PlaybookRunsList } from './runs/playbook-runs-list';
export { SuggestedFixes } from './suggested-fixes';
