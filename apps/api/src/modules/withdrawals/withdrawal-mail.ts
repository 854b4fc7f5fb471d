import type { LanguageId, WithdrawalStatus } from '@vaultline/shared';

/**
 * The withdrawal e-mails, in the four languages of the product: one at each status change, and one
 * when an address is added (with the link that removes it at once). They name the amount, the asset
 * and the status; never a code or a secret.
 */
interface Texts {
  status: Record<WithdrawalStatus, string>;
  subject: (amount: string, ticker: string, status: string) => string;
  body: (amount: string, ticker: string, status: string, link: string) => string;
  addressSubject: string;
  addressBody: (label: string, ticker: string, address: string, usableAt: string, remove: string) => string;
}

const TEXTS: Record<LanguageId, Texts> = {
  'en-us': {
    status: {
      review: 'waiting for review',
      queued: 'queued',
      sending: 'being sent',
      sent: 'sent',
      completed: 'completed',
      cancelled: 'cancelled',
      rejected: 'rejected',
      failed: 'failed',
    },
    subject: (a, t, s) => `Your withdrawal of ${a} ${t}: ${s}`,
    body: (a, t, s, l) => `Your withdrawal of ${a} ${t} is now ${s}.\n\nFollow it here: ${l}\n`,
    addressSubject: 'A new withdrawal address was added to your Vaultline account',
    addressBody: (label, t, addr, at, remove) =>
      `The ${t} address "${label}" (${addr}) was added to your address book. It can be used from ${at}.\n\nIf this was not you, remove it at once with this link (no sign-in needed), then change your password:\n${remove}\n`,
  },
  'fr-fr': {
    status: {
      review: 'en attente de vérification',
      queued: 'en file d’attente',
      sending: 'en cours d’envoi',
      sent: 'envoyé',
      completed: 'terminé',
      cancelled: 'annulé',
      rejected: 'refusé',
      failed: 'échoué',
    },
    subject: (a, t, s) => `Votre retrait de ${a} ${t} : ${s}`,
    body: (a, t, s, l) => `Votre retrait de ${a} ${t} est maintenant ${s}.\n\nSuivez-le ici : ${l}\n`,
    addressSubject: 'Une nouvelle adresse de retrait a été ajoutée à votre compte Vaultline',
    addressBody: (label, t, addr, at, remove) =>
      `L’adresse ${t} « ${label} » (${addr}) a été ajoutée à votre carnet d’adresses. Elle pourra être utilisée à partir du ${at}.\n\nSi ce n’était pas vous, supprimez-la tout de suite avec ce lien (sans connexion), puis changez votre mot de passe :\n${remove}\n`,
  },
  'de-de': {
    status: {
      review: 'wartet auf Prüfung',
      queued: 'in der Warteschlange',
      sending: 'wird gesendet',
      sent: 'gesendet',
      completed: 'abgeschlossen',
      cancelled: 'storniert',
      rejected: 'abgelehnt',
      failed: 'fehlgeschlagen',
    },
    subject: (a, t, s) => `Ihre Auszahlung von ${a} ${t}: ${s}`,
    body: (a, t, s, l) => `Ihre Auszahlung von ${a} ${t} ist jetzt: ${s}.\n\nVerfolgen Sie sie hier: ${l}\n`,
    addressSubject: 'Eine neue Auszahlungsadresse wurde Ihrem Vaultline-Konto hinzugefügt',
    addressBody: (label, t, addr, at, remove) =>
      `Die ${t}-Adresse „${label}“ (${addr}) wurde Ihrem Adressbuch hinzugefügt. Sie kann ab ${at} verwendet werden.\n\nWenn Sie das nicht waren, entfernen Sie sie sofort mit diesem Link (ohne Anmeldung) und ändern Sie Ihr Passwort:\n${remove}\n`,
  },
  'ru-ru': {
    status: {
      review: 'ожидает проверки',
      queued: 'в очереди',
      sending: 'отправляется',
      sent: 'отправлен',
      completed: 'завершён',
      cancelled: 'отменён',
      rejected: 'отклонён',
      failed: 'не выполнен',
    },
    subject: (a, t, s) => `Ваш вывод ${a} ${t}: ${s}`,
    body: (a, t, s, l) => `Статус вашего вывода ${a} ${t}: ${s}.\n\nСледите за ним здесь: ${l}\n`,
    addressSubject: 'В ваш аккаунт Vaultline добавлен новый адрес для вывода',
    addressBody: (label, t, addr, at, remove) =>
      `Адрес ${t} «${label}» (${addr}) добавлен в вашу адресную книгу. Его можно использовать с ${at}.\n\nЕсли это были не вы, сразу удалите его по этой ссылке (вход не нужен) и смените пароль:\n${remove}\n`,
  },
};

const texts = (lang: string) => TEXTS[lang as LanguageId] ?? TEXTS['en-us'];

export function withdrawalStatusMail(
  lang: string,
  w: { amount: string; ticker: string; status: WithdrawalStatus; link: string },
) {
  const t = texts(lang);
  const s = t.status[w.status];
  return { subject: t.subject(w.amount, w.ticker, s), text: t.body(w.amount, w.ticker, s, w.link) };
}

export function addressAddedMail(
  lang: string,
  a: { label: string; ticker: string; address: string; usableAt: Date; removeLink: string },
) {
  const t = texts(lang);
  const at = `${a.usableAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return { subject: t.addressSubject, text: t.addressBody(a.label, a.ticker, a.address, at, a.removeLink) };
}
