import {
  type ContactInfo,
  type ContactMessage,
  type ContactMessagesPage,
  type ContactMessagesQuery,
  type ContactRequest,
  type ContactResponse,
  DEFAULT_LANGUAGE,
  type LanguageId,
  type NewsletterResponse,
} from '@vaultline/shared';
import type { Db } from '../../db/client';
import {
  type ContactMessageRow,
  insertContactMessage,
  insertNewsletterSubscription,
  listContactMessages,
} from './content.repository';

const toContactMessage = (r: ContactMessageRow): ContactMessage => ({
  id: r.id,
  fullName: r.fullName,
  email: r.email,
  phone: r.phone,
  message: r.message,
  language: r.language,
  userId: r.userId,
  createdAt: r.createdAt.toISOString(),
});

export function createContentService({ db, contactEmail }: { db: Db; contactEmail?: string | undefined }) {
  return {
    /** Stores a newsletter sign-up; the address arrives validated and lower-cased. */
    async subscribeNewsletter(email: string, language?: LanguageId): Promise<NewsletterResponse> {
      await insertNewsletterSubscription(db, email, language ?? DEFAULT_LANGUAGE);
      return { email, subscribed: true };
    },

    /** What the contact page shows besides its form. */
    contactInfo(): ContactInfo {
      return { email: contactEmail ?? null };
    },

    /** Stores a contact-page message (validated and trimmed by the shared schema). */
    async sendContactMessage(req: ContactRequest, userId: string | null): Promise<ContactResponse> {
      const id = await insertContactMessage(db, {
        fullName: req.fullName,
        email: req.email,
        phone: req.phone,
        message: req.message,
        language: req.language ?? DEFAULT_LANGUAGE,
        userId,
      });
      return { id, received: true };
    },

    async contactMessages({ page, pageSize }: ContactMessagesQuery): Promise<ContactMessagesPage> {
      const { rows, total } = await listContactMessages(db, pageSize, (page - 1) * pageSize);
      return { items: rows.map(toContactMessage), total, page, pageSize };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
