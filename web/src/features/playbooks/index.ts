export { PlaybooksPage } from './playbooks-page';
export { RunPlaybookModal } from './run-modal';
export type { RunnablePlaybook, RunPlaybookModalProps } from './run-modal';
