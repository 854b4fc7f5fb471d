import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { PARTNER_SIGNATURE_HEADER } from '@vaultline/shared';
import { type CheckedTarget, checkWebhookUrl, type GuardOptions, UrlRefused } from './ssrf-guard';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the time is signed, so a replay is dated. */
export function signatureHeader(secret: string, body: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed (no secret, no body of the answer); null when delivered. */
  error: string | null;
}

export interface SenderOptions extends GuardOptions {
  timeoutMs: number;
  /** The most of an answer's body read (then discarded): a receiver cannot make us buffer much. */
  maxBodyBytes?: number;
}

/** The connection goes to the address the guard checked, whatever the name resolves to now. */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_host, opts, cb) => {
    const all = typeof opts === 'object' && opts !== null && (opts as { all?: boolean }).all;
    if (all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else cb(null, target.address, target.family);
  };
}

/**
 * Posts one event: checks the URL (every time, names can change), connects to the checked address,
 * follows no redirect (a 3xx is a failure), gives up after `timeoutMs` for the whole exchange, and
 * reads at most `maxBodyBytes` of the answer.
 */
export async function sendWebhook(
  opts: SenderOptions,
  req: { url: string; secret: string; eventId: string; body: string },
): Promise<SendResult> {
  let target: CheckedTarget;
  try {
    target = await checkWebhookUrl(req.url, opts);
  } catch (err) {
    if (err instanceof UrlRefused) return { ok: false, statusCode: null, error: `refused: ${err.reason}` };
    throw err;
  }
  const client = target.url.protocol === 'https:' ? https : http;
  const maxBody = opts.maxBodyBytes ?? 64 * 1024;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const request = client.request(target.url, {
      method: 'POST',
      agent: false,
      lookup: pinnedLookup(target),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(req.body),
        'user-agent': 'Vaultline-Webhooks/1',
        [PARTNER_SIGNATURE_HEADER]: signatureHeader(req.secret, req.body),
        'Vaultline-Event-Id': req.eventId,
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      done({ ok: false, statusCode: null, error: `timeout after ${opts.timeoutMs} ms` });
    }, opts.timeoutMs);
    request.on('error', (err) => done({ ok: false, statusCode: null, error: err.message.slice(0, 200) }));
    request.on('response', (res) => {
      const code = res.statusCode ?? 0;
      let read = 0;
      const finish = () => {
        const ok = code >= 200 && code < 300;
        const error = ok
          ? null
          : code >= 300 && code < 400
            ? `HTTP ${code} (redirects are not followed)`
            : `HTTP ${code}`;
        res.destroy();
        done({ ok, statusCode: code, error });
      };
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= maxBody) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    request.end(req.body);
  });
}
