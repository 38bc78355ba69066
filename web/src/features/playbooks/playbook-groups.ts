import { PLAYBOOK_DEFAULT_CATEGORY } from '@pharos/core';
import type { Playbook } from './api';

export interface PlaybookGroup {
  category: string;
  playbooks: Playbook[];
}

/** Playbooks by category ('Other' when none), categories by name with 'Other' last, playbooks by title. */
export function groupByCategory(playbooks: readonly Playbook[]): PlaybookGroup[] {
  const groups = new Map<string, Playbook[]>();
  for (const playbook of playbooks) {
    const category = playbook.category?.trim() || playbook.spec?.category?.trim() || PLAYBOOK_DEFAULT_CATEGORY;
    groups.set(category, [...(groups.get(category) ?? []), playbook]);
  }
  return [...groups.entries()]
    .map(([category, members]) => ({ category, playbooks: members.sort((a, b) => a.title.localeCompare(b.title)) }))
    .sort((a, b) => (a.category === PLAYBOOK_DEFAULT_CATEGORY ? 1 : b.category === PLAYBOOK_DEFAULT_CATEGORY ? -1 : a.category.localeCompare(b.category)));
}
