import { NormalizedSchema } from '@smithy/core/schema';

/**
 * Recorded answers (Cloud Custodian's placebo files: boto3's parsed form, times as
 * `{__class__: 'datetime', …}`) written back in an XML protocol's wire format, driven by the output shape
 * the AWS SDK client itself parses them with: its members' XML names (EC2's locationNames), list
 * members (`item` for EC2, `member` for Query) and timestamps.
 */

/** An output shape as the SDK clients export it (e.g. `DescribeInstancesResult$` of `@aws-sdk/client-ec2`). */
export type OutputShape = Parameters<typeof NormalizedSchema.of>[0];

interface PlaceboTime {
  __class__: 'datetime';
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  microsecond?: number;
}

const isPlaceboTime = (value: unknown): value is PlaceboTime => typeof value === 'object' && value !== null && (value as { __class__?: unknown }).__class__ === 'datetime';

/** A recorded time as a Date (placebo keeps them in UTC). */
export function timeOf(value: unknown): Date | undefined {
  if (isPlaceboTime(value)) return new Date(Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second, Math.floor((value.microsecond ?? 0) / 1000)));
  if (typeof value === 'string') return new Date(value);
  return undefined;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function scalarText(schema: NormalizedSchema, value: unknown): string {
  if (schema.isTimestampSchema()) return timeOf(value)?.toISOString() ?? '';
  return escapeXml(String(value));
}

/** The XML of `value` as an element `name` of `schema`, lists' members named as the shape says (else `defaultMember`). */
function element(schema: NormalizedSchema, value: unknown, name: string, defaultMember: string): string {
  if (value === undefined || value === null) return '';
  if (schema.isListSchema()) {
    const member = schema.getValueSchema();
    const memberName = member.getMergedTraits().xmlName ?? defaultMember;
    const items = (value as unknown[]).map((item) => element(member, item, memberName, defaultMember)).join('');
    return schema.getMergedTraits().xmlFlattened ? items : `<${name}>${items}</${name}>`;
  }
  if (schema.isMapSchema()) {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, entry]) => `<entry><key>${escapeXml(key)}</key>${element(schema.getValueSchema(), entry, 'value', defaultMember)}</entry>`);
    return `<${name}>${entries.join('')}</${name}>`;
  }
  if (schema.isStructSchema()) return `<${name}>${members(schema, value as Record<string, unknown>, defaultMember)}</${name}>`;
  return `<${name}>${scalarText(schema, value)}</${name}>`;
}

function members(schema: NormalizedSchema, value: Record<string, unknown>, defaultMember: string): string {
  let xml = '';
  for (const [memberName, member] of schema.structIterator()) {
    const traits = member.getMergedTraits();
    xml += element(member, value[memberName], traits.xmlName ?? memberName, defaultMember);
  }
  return xml;
}

const REQUEST_ID = '7a62c49f-347e-4fc4-9331-6e8eEXAMPLE';

/** An EC2 Query answer: `<{Action}Response xmlns>` with the output's members, lists of `item`. */
export function ec2Xml(action: string, output: OutputShape, recorded: Record<string, unknown>): string {
  const body = members(NormalizedSchema.of(output), recorded, 'item');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${action}Response xmlns="http://ec2.amazonaws.com/doc/2016-11-15/"><requestId>${REQUEST_ID}</requestId>${body}</${action}Response>`;
}

/** A Query (STS, IAM, RDS) answer: `<{Action}Response><{Action}Result>` with the output's members, lists of `member`. */
export function queryXml(action: string, namespace: string, output: OutputShape, recorded: Record<string, unknown>): string {
  const body = members(NormalizedSchema.of(output), recorded, 'member');
  return `<${action}Response xmlns="${namespace}"><${action}Result>${body}</${action}Result><ResponseMetadata><RequestId>${REQUEST_ID}</RequestId></ResponseMetadata></${action}Response>`;
}

/** A REST-XML (S3) answer: the output's members under the root element its shape names. */
export function restXml(namespace: string, output: OutputShape, recorded: Record<string, unknown>): string {
  const shape = NormalizedSchema.of(output);
  const root = shape.getMergedTraits().xmlName ?? shape.getName();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${namespace}">${members(shape, recorded, 'member')}</${root}>`;
}
