/**
 * A node error as one short line: the client library's summary and the node's own detail (viem's
 * `shortMessage` and `details`), never the request URL (an RPC URL often carries an API key) nor
 * the request body. No import of the chain library: the service reports with it before loading it.
 */
export function rpcErrorText(err: unknown): string {
  const e = err as { shortMessage?: unknown; details?: unknown; message?: unknown } | undefined;
  const short = typeof e?.shortMessage === 'string' ? e.shortMessage : undefined;
  const details = typeof e?.details === 'string' && e.details !== short ? `: ${e.details}` : '';
  const text = short ? `${short}${details}` : err instanceof Error ? err.message : String(err);
  return text.replace(/https?:\/\/\S+|wss?:\/\/\S+/g, '[rpc]').slice(0, 300);
}
