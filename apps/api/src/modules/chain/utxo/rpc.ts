/**
 * A small typed JSON-RPC client for Bitcoin Core and its forks (Litecoin Core, zcashd): fetch with
 * basic authentication taken from the URL's credentials. The credentials go in a header and never
 * into an error or a log line; errors carry `shortMessage` and `details` as rpc-error.ts reads them.
 *
 * Amounts stay exact: the node writes them as JSON numbers with 8 decimals (0.30000000), which
 * JSON.parse would turn into floats. Every number with a fraction or an exponent is read as its
 * text instead (`parseExact`), and `toUnits` turns that text into an integer of smallest units.
 */
export class UtxoRpcError extends Error {
  constructor(
    readonly shortMessage: string,
    readonly details: string | undefined,
    /** The node's error code (e.g. -8 for a block height out of range), when it answered one. */
    readonly code: number | undefined,
  ) {
    super(details ? `${shortMessage}: ${details}` : shortMessage);
    this.name = 'UtxoRpcError';
  }
}

export interface UtxoRpc {
  call<T>(method: string, params?: unknown[]): Promise<T>;
  /** Several calls in one request (a JSON-RPC batch), answers in the same order. */
  batch<T>(calls: { method: string; params?: unknown[] }[]): Promise<T[]>;
}

export function createUtxoRpc(url: string, o: { timeoutMs?: number } = {}): UtxoRpc {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new UtxoRpcError('the RPC URL is not a URL', undefined, undefined);
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.username || endpoint.password) {
    const user = decodeURIComponent(endpoint.username);
    const pass = decodeURIComponent(endpoint.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    endpoint.username = '';
    endpoint.password = '';
  }
  const target = endpoint.toString();
  let id = 0;

  async function post(body: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(target, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const detail = cause?.code ?? cause?.message ?? (err as Error).name;
      throw new UtxoRpcError('the node did not answer', detail, undefined);
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403)
      throw new UtxoRpcError('the node refused the RPC credentials', `HTTP ${res.status}`, undefined);
    try {
      return parseExact(text);
    } catch {
      throw new UtxoRpcError(
        'the node answered with something that is not JSON',
        `HTTP ${res.status}`,
        undefined,
      );
    }
  }

  function answer<T>(method: string, reply: unknown): T {
    const r = reply as { result?: unknown; error?: { code?: number; message?: string } | null } | undefined;
    if (!r || typeof r !== 'object') throw new UtxoRpcError(`${method}: no answer`, undefined, undefined);
    if (r.error)
      throw new UtxoRpcError(
        `${method} failed`,
        String(r.error.message ?? 'error'),
        r.error.code ?? undefined,
      );
    return r.result as T;
  }

  return {
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      return answer<T>(method, await post({ jsonrpc: '1.0', id: ++id, method, params }));
    },
    async batch<T>(calls: { method: string; params?: unknown[] }[]): Promise<T[]> {
      if (calls.length === 0) return [];
      const first = id + 1;
      const body = calls.map((c) => ({ jsonrpc: '1.0', id: ++id, method: c.method, params: c.params ?? [] }));
      const replies = await post(body);
      if (!Array.isArray(replies)) return [answer<T>(calls[0]?.method ?? 'batch', replies)]; // an error for the whole batch
      const byId = new Map(replies.map((r) => [(r as { id?: number }).id, r]));
      return calls.map((c, i) => answer<T>(c.method, byId.get(first + i)));
    },
  };
}

/**
 * JSON.parse, with every number that has a fraction or an exponent kept as its text (a string), so
 * that no amount ever passes through a float. Whole numbers (heights, counts) stay numbers.
 */
export function parseExact(text: string): unknown {
  // A string (escapes included) is copied as it is; a number outside strings is quoted when it has a
  // fraction or an exponent.
  const exact = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) =>
    token.startsWith('"') || !/[.eE]/.test(token) ? token : `"${token}"`,
  );
  return JSON.parse(exact);
}

/**
 * An amount as the node writes it (`0.30000000`, kept as text by parseExact) in smallest units
 * (satoshis, litoshis), exactly. More decimals than the coin has, or an exponent, is refused.
 */
export function toUnits(value: unknown, decimals = 8): bigint {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  if (typeof text !== 'string')
    throw new UtxoRpcError('an amount the node wrote is not a number', undefined, undefined);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m)
    throw new UtxoRpcError('an amount the node wrote is not a plain decimal', text.slice(0, 40), undefined);
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals)
    throw new UtxoRpcError('an amount the node wrote has too many decimals', text.slice(0, 40), undefined);
  const units =
    BigInt(m[2] as string) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return m[1] ? -units : units;
}
