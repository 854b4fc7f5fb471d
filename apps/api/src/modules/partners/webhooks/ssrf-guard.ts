import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** A name lookup answering every address of a host (dns.promises.lookup with all: true by default). */
export type HostLookup = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: HostLookup = (host) => dns.lookup(host, { all: true, verbatim: true });

export interface GuardOptions {
  lookup: HostLookup;
  /** WEBHOOK_ALLOW_LOOPBACK: tests and local development post to a receiver on 127.0.0.1. */
  allowLoopback: boolean;
  /** Production accepts https only (but to an allowed loopback): the body is not for the path's eyes. */
  httpsOnly: boolean;
}

/** The address a request may connect to, checked: the caller connects to exactly this one. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why an address is refused; `reason` is safe to show the partner and to log. */
export class UrlRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UrlRefused';
  }
}

/**
 * Only plain public unicast is allowed. ipaddr.js names the classes (private, loopback, linkLocal,
 * carrierGradeNat, uniqueLocal, multicast, reserved, unspecified, broadcast, the IPv6 transition
 * ranges that embed an IPv4 address...), and `process` turns an IPv4-mapped IPv6 address into its
 * IPv4 one first, so ::ffff:10.0.0.1 is judged as 10.0.0.1.
 */
export function addressRefusal(address: string, allowLoopback: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && allowLoopback) return undefined;
  return `resolves to a ${range} address`;
}

/**
 * Checks a webhook URL before a request (and when an endpoint is made): scheme, then every address
 * the host resolves to. One bad address refuses the URL (a name answering a public and a private
 * address could be steered to the private one). Answers the first address, which the request must
 * connect to without a second lookup (so DNS rebinding between check and connect cannot slip by).
 */
export async function checkWebhookUrl(raw: string, opts: GuardOptions): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('not a valid address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UrlRefused('only http(s) addresses');
  if (url.username || url.password) throw new UrlRefused('credentials in the address are not allowed');
  // IPv6 literals come bracketed in URL.hostname.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let answers: { address: string; family: number }[];
  if (ipaddr.isValid(host)) answers = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      answers = await opts.lookup(host);
    } catch {
      throw new UrlRefused('the host name does not resolve');
    }
  }
  if (answers.length === 0) throw new UrlRefused('the host name does not resolve');
  for (const a of answers) {
    const refusal = addressRefusal(a.address, opts.allowLoopback);
    if (refusal) throw new UrlRefused(refusal);
  }
  // Plain http to loopback (when allowed) never leaves the machine: nothing for TLS to protect.
  const local = answers.every((a) => ipaddr.process(a.address).range() === 'loopback');
  if (opts.httpsOnly && url.protocol !== 'https:' && !local) throw new UrlRefused('only https addresses');
  const first = answers[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
