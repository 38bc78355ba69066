import { kubernetesHealth } from '../../health/kubernetes.js';
import type { TemplateFunction } from '../exec.js';

/** gomplate's k8s functions for objects at hand: health, status, readiness. */

export const K8S: Readonly<Record<string, TemplateFunction>> = {
  IsHealthy: (object) => kubernetesHealth(object).health === 'healthy',
  IsReady: (object) => kubernetesHealth(object).ready,
  GetStatus: (object) => kubernetesHealth(object).status,
  GetHealth: (object) => ({ ...kubernetesHealth(object) }),
};

export const K8S_ALIASES: Readonly<Record<string, TemplateFunction>> = {
  isHealthy: K8S.IsHealthy!,
  isReady: K8S.IsReady!,
  getStatus: K8S.GetStatus!,
  getHealth: K8S.GetHealth!,
};
