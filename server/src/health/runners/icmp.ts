import { spawn } from 'node:child_process';
import { failed, number, slower, text, type CheckRunner } from './types.js';

/** Packets sent when `packetCount` is not given (canary-checker's default). */
const DEFAULT_PACKET_COUNT = 5;
/** Longest a ping may wait for its replies, in seconds (canary-checker's pinger timeout). */
const DEADLINE_SECONDS = 10;

interface PingStatistics {
  ip: string | undefined;
  sent: number;
  received: number;
  /** Percent of the packets that got no reply. */
  loss: number;
  /** Round trip in milliseconds, when a reply came. */
  rtt?: { min: number; avg: number; max: number };
}

/** The statistics iputils' ping prints at its end (in the C locale), or undefined when it printed none. */
export function parsePing(output: string): PingStatistics | undefined {
  const counts = /(\d+) packets transmitted, (\d+) received(?:, .*?)?, ([\d.]+)% packet loss/.exec(output);
  if (!counts) return undefined;
  const rtt = /= ([\d.]+)\/([\d.]+)\/([\d.]+)\/[\d.]+ ms/.exec(output);
  return {
    ip: /^PING \S+ \(([^)]+)\)/m.exec(output)?.[1],
    sent: Number(counts[1]),
    received: Number(counts[2]),
    loss: Number(counts[3]),
    ...(rtt ? { rtt: { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]) } } : {}),
  };
}

/** The host of an endpoint written as a name, an address or a URL. */
function hostOf(endpoint: string): string {
  if (!endpoint.includes('://')) return endpoint.replace(/^\[|\]$/g, '');
  try {
    return new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return endpoint;
  }
}

/** Runs ping; when the run is cut short, SIGINT makes ping print what it counted so far. */
function ping(host: string, count: number, signal: AbortSignal): Promise<{ output: string; errors: string }> {
  return new Promise((resolve) => {
    const child = spawn('ping', ['-n', '-c', String(count), '-i', '0.2', '-w', String(DEADLINE_SECONDS), host], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    const interrupt = () => child.kill('SIGINT');
    signal.addEventListener('abort', interrupt, { once: true });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) => {
      signal.removeEventListener('abort', interrupt);
      resolve({ output, errors: `${errors}${error.message}` });
    });
    child.once('close', () => {
      signal.removeEventListener('abort', interrupt);
      resolve({ output, errors });
    });
  });
}

/**
 * Pings `endpoint` `packetCount` times (default 5) with the system's ping. It fails when no reply
 * comes, when more than `packetLossThreshold` percent of the packets are lost (default 0), and when
 * the average round trip exceeds `thresholdMillis`. Variables: ip, packetsSent, packetsReceived,
 * packetLoss (percent), latency, latencyMin, latencyMax (ms).
 */
export const icmpCheck: CheckRunner = async (spec, context) => {
  const endpoint = text(spec['endpoint']);
  if (!endpoint) return failed('endpoint is required (a host to ping)');
  const count = number(spec['packetCount']);
  if (count !== undefined && (!Number.isInteger(count) || count < 0)) return failed('packetCount must be a whole number');
  const host = hostOf(endpoint);
  if (host.startsWith('-')) return failed(`'${endpoint}' is not a host`);
  const started = performance.now();
  const { output, errors } = await ping(host, count || DEFAULT_PACKET_COUNT, context.signal);
  const elapsed = Math.round(performance.now() - started);
  const statistics = parsePing(output);
  if (!statistics) return failed(errors.trim().split('\n').at(-1) || `ping ${host} printed no statistics`, elapsed);
  const ip = statistics.ip ?? host;
  if (statistics.sent === 0) return failed(`no packets sent to ${ip}`, elapsed);
  const latency = statistics.rtt?.avg;
  // canary-checker counts a sub-millisecond round trip as 1 ms.
  const duration = latency === undefined ? elapsed : Math.max(Math.round(latency), latency > 0 ? 1 : 0);
  const data = {
    ip,
    packetsSent: statistics.sent,
    packetsReceived: statistics.received,
    packetLoss: statistics.loss,
    latency: latency ?? null,
    latencyMin: statistics.rtt?.min ?? null,
    latencyMax: statistics.rtt?.max ?? null,
    duration,
  };
  if (statistics.received === 0) return failed(`no reply from ${ip}: ${statistics.loss}% packet loss`, duration, data);
  const lossThreshold = number(spec['packetLossThreshold']) ?? 0;
  if (statistics.loss > lossThreshold) return failed(`${ip}: packet loss of ${statistics.loss}% is more than the threshold of ${lossThreshold}%`, duration, data);
  const tooSlow = slower(duration, spec);
  if (tooSlow) return failed(tooSlow, duration, data);
  return { pass: true, duration, message: `${statistics.received}/${statistics.sent} replies from ${ip} in ${latency} ms on average`, data };
};
