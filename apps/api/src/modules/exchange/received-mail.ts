import type { LanguageId } from '@vaultline/shared';

/** The guest's e-mails when what arrived differs from the quote: a requote or a refund. */
interface Texts {
  requoteSubject: string;
  requote: (a: { received: string; from: string; quoted: string; receive: string; to: string }) => string;
  refundSubject: string;
  refund: (a: { received: string; from: string; address: string; hash: string | null }) => string;
  trackHere: string;
}

const TEXTS: Record<LanguageId, Texts> = {
  'en-us': {
    requoteSubject: 'Your Vaultline exchange was requoted',
    requote: (a) =>
      `We received ${a.received} ${a.from} instead of ${a.quoted} ${a.from}. At the current rate you receive ${a.receive} ${a.to}; it is on its way.`,
    refundSubject: 'Your Vaultline exchange was refunded',
    refund: (a) =>
      `We sent the ${a.received} ${a.from} we received back to ${a.address}.${a.hash ? ` Transaction: ${a.hash}` : ''}`,
    trackHere: 'Follow your exchange here:',
  },
  'fr-fr': {
    requoteSubject: 'Votre échange Vaultline a été recalculé',
    requote: (a) =>
      `Nous avons reçu ${a.received} ${a.from} au lieu de ${a.quoted} ${a.from}. Au cours actuel, vous recevez ${a.receive} ${a.to} ; l'envoi est en cours.`,
    refundSubject: 'Votre échange Vaultline a été remboursé',
    refund: (a) =>
      `Nous avons renvoyé les ${a.received} ${a.from} reçus à ${a.address}.${a.hash ? ` Transaction : ${a.hash}` : ''}`,
    trackHere: 'Suivez votre échange ici :',
  },
  'de-de': {
    requoteSubject: 'Ihr Vaultline-Tausch wurde neu berechnet',
    requote: (a) =>
      `Wir haben ${a.received} ${a.from} statt ${a.quoted} ${a.from} erhalten. Zum aktuellen Kurs erhalten Sie ${a.receive} ${a.to}; die Auszahlung ist unterwegs.`,
    refundSubject: 'Ihr Vaultline-Tausch wurde erstattet',
    refund: (a) =>
      `Wir haben die erhaltenen ${a.received} ${a.from} an ${a.address} zurückgesendet.${a.hash ? ` Transaktion: ${a.hash}` : ''}`,
    trackHere: 'Verfolgen Sie Ihren Tausch hier:',
  },
  'ru-ru': {
    requoteSubject: 'Ваш обмен Vaultline пересчитан',
    requote: (a) =>
      `Мы получили ${a.received} ${a.from} вместо ${a.quoted} ${a.from}. По текущему курсу вы получите ${a.receive} ${a.to}; перевод уже отправляется.`,
    refundSubject: 'Средства по вашему обмену Vaultline возвращены',
    refund: (a) =>
      `Мы вернули полученные ${a.received} ${a.from} на адрес ${a.address}.${a.hash ? ` Транзакция: ${a.hash}` : ''}`,
    trackHere: 'Следите за обменом здесь:',
  },
};

const texts = (lang: string): Texts => TEXTS[lang as LanguageId] ?? TEXTS['en-us'];

export function requoteMail(
  lang: string,
  a: { received: string; from: string; quoted: string; receive: string; to: string },
  link: string,
) {
  const t = texts(lang);
  return { subject: t.requoteSubject, text: [t.requote(a), '', t.trackHere, link].join('\n') };
}

export function refundMail(
  lang: string,
  a: { received: string; from: string; address: string; hash: string | null },
  link: string,
) {
  const t = texts(lang);
  return { subject: t.refundSubject, text: [t.refund(a), '', t.trackHere, link].join('\n') };
}
