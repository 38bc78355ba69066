import { awsAmsClient, awsSupportClient } from './aws-support.js';
import { emailClient } from './email.js';
import { genericClient } from './generic.js';
import { jiraClient } from './jira.js';
import { msPlannerClient } from './ms-planner.js';
import { serviceNowClient } from './service-now.js';
import type { ClientType, ResponderClient } from './types.js';

/** How each client type of spec 2 section 3 reaches its system. */
export const RESPONDER_CLIENTS: Readonly<Record<ClientType, ResponderClient>> = {
  email: emailClient,
  jira: jiraClient,
  service_now: serviceNowClient,
  ms_planner: msPlannerClient,
  aws_support: awsSupportClient,
  aws_ams_services_request: awsAmsClient,
  ca: genericClient('ca', false),
  redhat: genericClient('redhat', true),
  oracle: genericClient('oracle', true),
  vmware: genericClient('vmware', true),
};

export function clientOf(type: string): ResponderClient | undefined {
  return Object.hasOwn(RESPONDER_CLIENTS, type) ? RESPONDER_CLIENTS[type as ClientType] : undefined;
}
