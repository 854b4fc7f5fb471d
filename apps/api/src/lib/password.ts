import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost: ~10 ms a hash on this machine.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against on unknown e-mails so both paths cost the same. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hash(`dummy-${Math.random()}`);
  return dummy;
};
