import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
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

/**
 * The one refusal a partner reads for any host that is not public, whether it names a private
 * range, a blocked class or nothing at all: different words would let a partner map our internal
 * names (a name that resolves to 10.x reads differently from one that does not resolve).
 */
export const BLOCKED_ADDRESS = 'the host does not resolve to a public address';

/**
 * Why an address is refused: `reason` is what the partner reads (and the delivery log shows);
 * `detail` (the blocked class) is for the server's own log only.
 */
export class UrlRefused extends Error {
  constructor(
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(reason);
    this.name = 'UrlRefused';
  }
}

/** One IPv6 block, parsed by the system (ipaddr.js 2.5 reads ::10.0.0.1 as ::ffff:10.0.0.1). */
function block6(prefix: string, bits: number): BlockList {
  const list = new BlockList();
  list.addSubnet(prefix, bits, 'ipv6');
  return list;
}
/** ::/96, IPv4-compatible IPv6 (deprecated by RFC 4291): some stacks still reach the embedded IPv4. */
const IPV4_COMPATIBLE = block6('::', 96);
const LOOPBACK6 = block6('::1', 128);
const UNSPECIFIED6 = block6('::', 128);

/**
 * Only plain public unicast is allowed; answers the blocked class, or undefined. ipaddr.js names the
 * classes (private, loopback, linkLocal, carrierGradeNat, uniqueLocal, multicast, reserved,
 * unspecified, broadcast, the IPv6 transition ranges that embed an IPv4 address...), and `process`
 * turns an IPv4-mapped IPv6 address into its IPv4 one first, so ::ffff:10.0.0.1 is judged as
 * 10.0.0.1. The whole of ::/96 but ::1 is refused first: ipaddr.js calls ::7f00:1 unicast and
 * misreads ::10.0.0.1 as IPv4-mapped, while the socket would connect to the IPv4-compatible one.
 */
export function addressRefusal(address: string, allowLoopback: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return 'notAnAddress';
  if (isIP(address) === 6 && IPV4_COMPATIBLE.check(address, 'ipv6')) {
    if (LOOPBACK6.check(address, 'ipv6')) return allowLoopback ? undefined : 'loopback';
    return UNSPECIFIED6.check(address, 'ipv6') ? 'unspecified' : 'ipv4Compatible';
  }
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && allowLoopback) return undefined;
  return range;
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
      throw new UrlRefused(BLOCKED_ADDRESS, 'unresolved');
    }
  }
  if (answers.length === 0) throw new UrlRefused(BLOCKED_ADDRESS, 'unresolved');
  for (const a of answers) {
    const refusal = addressRefusal(a.address, opts.allowLoopback);
    if (refusal) throw new UrlRefused(BLOCKED_ADDRESS, refusal);
  }
  // Plain http to loopback (when allowed) never leaves the machine: nothing for TLS to protect.
  const local = answers.every((a) => ipaddr.process(a.address).range() === 'loopback');
  if (opts.httpsOnly && url.protocol !== 'https:' && !local) throw new UrlRefused('only https addresses');
  const first = answers[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
