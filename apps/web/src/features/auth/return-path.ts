/**
 * Where a guard asked to come back to after login (`location.state.from`, a path or a location), if it
 * is a path of this site; anything else (another origin, a protocol-relative URL) is ignored.
 */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  let path: string | null = null;
  if (typeof from === 'string') path = from;
  else if (
    from &&
    typeof from === 'object' &&
    typeof (from as { pathname?: unknown }).pathname === 'string'
  ) {
    const loc = from as { pathname: string; search?: unknown; hash?: unknown };
    path = `${loc.pathname}${typeof loc.search === 'string' ? loc.search : ''}${typeof loc.hash === 'string' ? loc.hash : ''}`;
  }
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // Coming back to a visitor-only page after signing in would bounce straight to /home anyway.
  if (/^\/(login|signup|forgotPassword|logout)(?:[/?#]|$)/.test(path)) return null;
  return path;
}
