/**
 * spec-2 §2: 8 hard-coded testimonials (author, date, text). These are FICTIONAL DEMO CONTENT,
 * written for this open-source project: no real customer wrote them, and the page says so to its
 * visitors (Testimonials.DemoNotice). An operator replaces them with real, consented reviews.
 * Texts are translated under Testimonials.Items.<id>; names and dates are the same in every language.
 */
export interface Testimonial {
  id: 'T1' | 'T2' | 'T3' | 'T4' | 'T5' | 'T6' | 'T7' | 'T8';
  author: string;
  /** ISO date (YYYY-MM-DD), shown in the page's language. */
  date: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  { id: 'T1', author: 'Amélie R.', date: '2025-01-14' },
  { id: 'T2', author: 'Jonas W.', date: '2025-02-03' },
  { id: 'T3', author: 'Olga S.', date: '2025-02-27' },
  { id: 'T4', author: 'Marco B.', date: '2025-03-19' },
  { id: 'T5', author: 'Sarah K.', date: '2025-04-08' },
  { id: 'T6', author: 'Dmitri P.', date: '2025-05-02' },
  { id: 'T7', author: 'Lucía F.', date: '2025-05-21' },
  { id: 'T8', author: 'Tom H.', date: '2025-06-10' },
];
