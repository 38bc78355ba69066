import { insertRun } from './create-run.js';
import { checkParameters, ParameterError } from './parameters.js';
import { renderTemplatedValues } from './parameter-defaults.js';
import type { RunTarget } from './resource.js';
import type { PlaybookOptions, RunRow } from './run-context.js';
import type { PlaybookSpec } from './spec.js';

/** A playbook as its triggers read it. */
export interface TriggeredPlaybook {
  id: string;
  spec: unknown;
}

/** The run a trigger would start, before its parameters. */
export function triggeredDraft(playbook: TriggeredPlaybook, target: RunTarget | undefined, trigger: Record<string, unknown>): RunRow {
  return {
    id: '',
    playbook_id: playbook.id,
    status: 'pending',
    spec: playbook.spec,
    parameters: {},
    config_id: target?.kind === 'configs' ? target.id : null,
    component_id: target?.kind === 'components' ? target.id : null,
    check_id: target?.kind === 'checks' ? target.id : null,
    created_by: null,
    start_time: null,
    trigger,
  };
}

/**
 * Starts a run nobody asked for by hand (an event, a webhook, a schedule) with the parameters'
 * defaults; one whose trigger could not be evaluated (`error`), or whose required parameters have no
 * default, is recorded as a failed run saying why.
 */
export async function startTriggeredRun(options: PlaybookOptions, playbook: TriggeredPlaybook, spec: PlaybookSpec, draft: RunRow, error?: string): Promise<string> {
  if (error) return insertRun(options, draft, {}, error);
  try {
    const params = checkParameters(spec.parameters, {});
    return await insertRun(options, draft, await renderTemplatedValues(options, draft, params));
  } catch (error) {
    if (error instanceof ParameterError) return insertRun(options, draft, {}, `Invalid parameters: ${error.message}`);
    throw error;
  }
}
