/** The time of day alone (the lists put the date and the time on two lines). */
export const formatTime = (d: string | Date, lang: string): string =>
  new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(d instanceof Date ? d : new Date(d));
