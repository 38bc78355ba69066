import { CloudWatchClient, DescribeAlarmsCommand, StateValue, type DescribeAlarmsCommandOutput } from '@aws-sdk/client-cloudwatch';
import { awsAccessOf, AwsAccessError, type AwsAccessResolver } from '../../aws/access.js';
import { assumedAccess } from '../../aws/assume-role.js';
import { awsErrorText, clientConfigOf, DEFAULT_REGION } from '../../aws/clients.js';
import { ForeignOrigin } from '../../connections/origin.js';
import { UnresolvedReference } from '../../secret-store/resolve.js';
import { failed, slower, text, type CheckRunner, type RunContext } from './types.js';

const STATES: readonly string[] = Object.values(StateValue);
/** canary-checker reads one page of at most 100 alarms. */
const MAX_RECORDS = 100;

function resolverOf(context: RunContext): AwsAccessResolver {
  return {
    value: (field) => context.value(field),
    connection: (reference) => {
      if (!context.connection) throw new AwsAccessError('connections cannot be used here');
      return context.connection(reference);
    },
  };
}

/** What expressions see when no alarm could be read: no alarms, so a transform over them still runs. */
const NOTHING_READ = { results: { MetricAlarms: [], CompositeAlarms: [] }, firing: [] };

const alarmNames = (value: unknown): string[] => (Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string' && name !== '') : []);

/** The alarms' answer as canary-checker hands it to expressions (`results.MetricAlarms`), Dates as text. */
const plain = (answer: DescribeAlarmsCommandOutput): Record<string, unknown> => {
  const { $metadata: _metadata, ...rest } = answer;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
};

/**
 * canary-checker's cloudwatch check: DescribeAlarms (at most 100) filtered by `alarms` (names),
 * `alarmPrefix`, `actionPrefix` and `state`, in `region`, with the AWS connection fields (`assumeRole` too). Healthy
 * while no alarm it reads is in ALARM; else unhealthy, the firing alarms' names the error, comma
 * separated as upstream. Variables: results (MetricAlarms, CompositeAlarms), firing.
 */
export const cloudwatchCheck: CheckRunner = async (spec, context) => {
  const state = text(spec['state']);
  if (state && !STATES.includes(state)) return failed(`state ${state} is not a CloudWatch alarm state: write one of ${STATES.join(', ')}`, 0, NOTHING_READ);
  let access;
  try {
    access = await awsAccessOf(spec, resolverOf(context));
  } catch (error) {
    if (error instanceof AwsAccessError || error instanceof ForeignOrigin || error instanceof UnresolvedReference) return failed(error.message, 0, NOTHING_READ);
    throw error;
  }
  const region = text(spec['region']) ?? access.regions[0] ?? DEFAULT_REGION;
  const started = performance.now();
  let client: CloudWatchClient | undefined;
  let answer: DescribeAlarmsCommandOutput;
  try {
    client = new CloudWatchClient(clientConfigOf(await assumedAccess(access, region, context.signal), region));
    const names = alarmNames(spec['alarms']);
    answer = await client.send(
      new DescribeAlarmsCommand({
        ...(names.length > 0 ? { AlarmNames: names } : {}),
        ...(text(spec['alarmPrefix']) ? { AlarmNamePrefix: text(spec['alarmPrefix'])! } : {}),
        ...(text(spec['actionPrefix']) ? { ActionPrefix: text(spec['actionPrefix'])! } : {}),
        ...(state ? { StateValue: state as StateValue } : {}),
        MaxRecords: MAX_RECORDS,
      }),
      { abortSignal: context.signal },
    );
  } catch (error) {
    context.signal.throwIfAborted();
    return failed(`cloudwatch: ${awsErrorText(error)}`, Math.round(performance.now() - started), NOTHING_READ);
  } finally {
    client?.destroy();
  }
  const duration = Math.round(performance.now() - started);
  const alarms = [...(answer.MetricAlarms ?? []), ...(answer.CompositeAlarms ?? [])];
  const firing = alarms.filter((alarm) => alarm.StateValue === StateValue.ALARM).map((alarm) => alarm.AlarmName ?? '');
  const data = { results: plain(answer), firing, duration };
  if (firing.length > 0) return { ...failed(firing.join(','), duration, data), message: `in ALARM: ${firing.join(', ')}` };
  const tooSlow = slower(duration, spec);
  if (tooSlow) return failed(tooSlow, duration, data);
  return { pass: true, duration, message: `${alarms.length} alarm${alarms.length === 1 ? '' : 's'}, none in ALARM`, data };
};
