import type { DbOrTx } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';

/** Inserts the address once; a second sign-up with the same address is a no-op. */
export async function insertNewsletterSubscription(
  db: DbOrTx,
  email: string,
  language: string,
): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email, language }).onConflictDoNothing({
    target: newsletterSubscriptions.email,
  });
}
