export { NO_PARAMETERS_MESSAGE, RunPlaybookModal, SELECT_RESOURCE_MESSAGE } from './run-playbook-modal';
export type { RunnablePlaybook, RunPlaybookModalProps } from './run-playbook-modal';
