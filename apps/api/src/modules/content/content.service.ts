import { DEFAULT_LANGUAGE, type LanguageId, type NewsletterResponse } from '@vaultline/shared';
import type { Db } from '../../db/client';
import { insertNewsletterSubscription } from './content.repository';

export function createContentService({ db }: { db: Db }) {
  return {
    /** Stores a newsletter sign-up; the address arrives validated and lower-cased. */
    async subscribeNewsletter(email: string, language?: LanguageId): Promise<NewsletterResponse> {
      await insertNewsletterSubscription(db, email, language ?? DEFAULT_LANGUAGE);
      return { email, subscribed: true };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
