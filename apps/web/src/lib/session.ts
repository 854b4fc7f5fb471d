import { ROLE_CLAIM, type User } from '@vaultline/shared';
import { useSyncExternalStore } from 'react';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from './storage';

export interface Claims {
  sub: string;
  role: 'admin' | 'user';
  premium: boolean;
  exp: number;
}

export interface Session {
  token: string | null;
  claims: Claims | null;
  user: User | null;
}

/** Decodes (does not verify: the server does) the JWT payload. */
export function decodeToken(token: string): Claims | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const role = json[ROLE_CLAIM];
    if (typeof json.sub !== 'string' || typeof json.exp !== 'number') return null;
    return {
      sub: json.sub,
      role: role === 'admin' ? 'admin' : 'user',
      premium: json.premium === true,
      exp: json.exp,
    };
  } catch {
    return null;
  }
}

function load(): Session {
  const token = readStorage(STORAGE_KEYS.accessToken);
  const claims = token ? decodeToken(token) : null;
  return { token: claims ? token : null, claims, user: claims ? readJson<User>(STORAGE_KEYS.user) : null };
}

let current = load();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const session = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(token: string) {
    writeStorage(STORAGE_KEYS.accessToken, token);
    current = { ...current, token, claims: decodeToken(token) };
    emit();
  },
  setUser(user: User) {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    current = { ...current, user };
    emit();
  },
  clear() {
    writeStorage(STORAGE_KEYS.accessToken, null);
    writeStorage(STORAGE_KEYS.user, null);
    current = { token: null, claims: null, user: null };
    emit();
  },
};

// Another tab logging in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.accessToken || e.key === STORAGE_KEYS.user || e.key === null) {
      current = load();
      emit();
    }
  });
}

/** Authenticated: a token exists, decodes and is not expired (spec-1 §4, offset 0 s). */
export function isAuthenticated(s: Session = current, nowSeconds = Date.now() / 1000): boolean {
  return s.claims !== null && s.claims.exp > nowSeconds;
}

export function useSession(): Session & { authenticated: boolean; isAdmin: boolean; isPremium: boolean } {
  const s = useSyncExternalStore(session.subscribe, session.get, session.get);
  const authenticated = isAuthenticated(s);
  return {
    ...s,
    authenticated,
    isAdmin: authenticated && s.claims?.role === 'admin',
    isPremium: authenticated && s.claims?.premium === true,
  };
}
