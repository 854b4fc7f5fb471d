/**
 * A token waiting for the next page. Cancelling on /premium/manage answers a token without the
 * premium claim; stored at once, the premium-only guard of that page would send the user to
 * /forbidden before the move to /premium finished. So it is held here and /premium applies it.
 */
let held: string | null = null;

export function holdToken(token: string): void {
  held = token;
}

export function takeHeldToken(): string | null {
  const token = held;
  held = null;
  return token;
}
