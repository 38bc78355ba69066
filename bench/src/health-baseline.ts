/**
 * The baseline of `npm run bench:health`: a plain Node loop requesting the target at the rate of the
 * checks (undici, keep-alive), nothing else. The parent measures its CPU and memory from /proc.
 * Arguments: target URL, requests per second, checks, seconds.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

const [url, rateText, checksText, secondsText] = process.argv.slice(2);
const rate = Number(rateText);
const checks = Number(checksText);
const end = Date.now() + Number(secondsText) * 1000;
let sent = 0;
let failed = 0;
const started = Date.now();
process.send?.('ready');
while (Date.now() < end) {
  const due = Math.floor(((Date.now() - started) / 1000) * rate);
  for (; sent < due; sent++) {
    void request(`${url}/c/${checks + (sent % checks)}`)
      .then(async (response) => {
        await response.body.text();
        if (response.statusCode !== 200) failed++;
      })
      .catch(() => failed++);
  }
  await sleep(20);
}
process.send?.({ sent, failed });
