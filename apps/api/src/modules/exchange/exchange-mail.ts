import type { LanguageId } from '@vaultline/shared';

/**
 * The guest's e-mails, in the four languages of the product. The body holds only what the guest
 * already knows plus the private tracking link(s); the link is the exchange's only key.
 */
interface Texts {
  createdSubject: string;
  created: (a: { amount: string; from: string; receive: string; to: string; address: string }) => string;
  trackHere: string;
  expiresIn: (minutes: string) => string;
  listSubject: string;
  listIntro: string;
  footer: string;
  statusSubject: string;
  statusIs: (status: string) => string;
  notes: string;
  statuses: Record<number, string>;
}

const TEXTS: Record<LanguageId, Texts> = {
  'en-us': {
    createdSubject: 'Your Vaultline exchange',
    created: (a) =>
      `You asked to exchange ${a.amount} ${a.from} for ${a.receive} ${a.to}.\nSend ${a.amount} ${a.from} to this address: ${a.address}`,
    trackHere: 'Follow your exchange here:',
    expiresIn: (m) => `If no deposit is confirmed within ${m} minutes, the exchange expires.`,
    listSubject: 'Your Vaultline exchanges',
    listIntro: 'Here are the links to the exchanges made with this address:',
    footer: 'If you did not ask for this, you can ignore this e-mail.',
    statusSubject: 'Your Vaultline exchange has a new status',
    statusIs: (s) => `Your exchange is now: ${s}.`,
    notes: 'Note from our team:',
    statuses: {
      [-1]: 'on hold',
      0: 'failed',
      1: 'completed',
      2: 'pending verification',
      3: 'awaiting your deposit',
    },
  },
  'fr-fr': {
    createdSubject: 'Votre échange Vaultline',
    created: (a) =>
      `Vous avez demandé d'échanger ${a.amount} ${a.from} contre ${a.receive} ${a.to}.\nEnvoyez ${a.amount} ${a.from} à cette adresse : ${a.address}`,
    trackHere: 'Suivez votre échange ici :',
    expiresIn: (m) => `Si aucun dépôt n'est confirmé dans les ${m} minutes, l'échange expire.`,
    listSubject: 'Vos échanges Vaultline',
    listIntro: 'Voici les liens des échanges faits avec cette adresse :',
    footer: "Si vous n'avez rien demandé, vous pouvez ignorer cet e-mail.",
    statusSubject: 'Votre échange Vaultline a un nouveau statut',
    statusIs: (s) => `Votre échange est maintenant : ${s}.`,
    notes: 'Note de notre équipe :',
    statuses: {
      [-1]: 'en attente',
      0: 'échoué',
      1: 'terminé',
      2: 'en cours de vérification',
      3: 'en attente de votre dépôt',
    },
  },
  'de-de': {
    createdSubject: 'Ihr Vaultline-Tausch',
    created: (a) =>
      `Sie möchten ${a.amount} ${a.from} gegen ${a.receive} ${a.to} tauschen.\nSenden Sie ${a.amount} ${a.from} an diese Adresse: ${a.address}`,
    trackHere: 'Verfolgen Sie Ihren Tausch hier:',
    expiresIn: (m) => `Wird innerhalb von ${m} Minuten keine Einzahlung bestätigt, verfällt der Tausch.`,
    listSubject: 'Ihre Vaultline-Tauschvorgänge',
    listIntro: 'Hier sind die Links zu den Tauschvorgängen mit dieser Adresse:',
    footer: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    statusSubject: 'Ihr Vaultline-Tausch hat einen neuen Status',
    statusIs: (s) => `Ihr Tausch ist jetzt: ${s}.`,
    notes: 'Hinweis unseres Teams:',
    statuses: {
      [-1]: 'angehalten',
      0: 'fehlgeschlagen',
      1: 'abgeschlossen',
      2: 'in Prüfung',
      3: 'wartet auf Ihre Einzahlung',
    },
  },
  'ru-ru': {
    createdSubject: 'Ваш обмен в Vaultline',
    created: (a) =>
      `Вы запросили обмен ${a.amount} ${a.from} на ${a.receive} ${a.to}.\nОтправьте ${a.amount} ${a.from} на этот адрес: ${a.address}`,
    trackHere: 'Следите за обменом здесь:',
    expiresIn: (m) => `Если депозит не будет подтверждён в течение ${m} минут, обмен истечёт.`,
    listSubject: 'Ваши обмены в Vaultline',
    listIntro: 'Вот ссылки на обмены, сделанные с этим адресом:',
    footer: 'Если вы этого не запрашивали, просто проигнорируйте это письмо.',
    statusSubject: 'У вашего обмена в Vaultline новый статус',
    statusIs: (s) => `Статус вашего обмена: ${s}.`,
    notes: 'Примечание нашей команды:',
    statuses: {
      [-1]: 'приостановлен',
      0: 'не выполнен',
      1: 'завершён',
      2: 'на проверке',
      3: 'ожидает вашего депозита',
    },
  },
};

const texts = (lang: string): Texts => TEXTS[lang as LanguageId] ?? TEXTS['en-us'];

/** The guest's private tracking page of one exchange. */
export const trackingLink = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/+$/, '')}/buy-sell/exchange/${id}`;

export function createdMail(
  lang: string,
  a: { amount: string; from: string; receive: string; to: string; address: string },
  link: string,
  expiryMinutes: number,
) {
  const t = texts(lang);
  return {
    subject: t.createdSubject,
    text: [t.created(a), t.expiresIn(String(expiryMinutes)), '', t.trackHere, link, '', t.footer].join('\n'),
  };
}

export function listMail(lang: string, links: string[]) {
  const t = texts(lang);
  return { subject: t.listSubject, text: [t.listIntro, '', ...links, '', t.footer].join('\n') };
}

/** Sent on every status change after creation (confirm, expiry, an admin's decision). */
export function statusMail(lang: string, status: number, link: string, adminNotes: string | null) {
  const t = texts(lang);
  const lines = [t.statusIs(t.statuses[status] ?? String(status))];
  if (adminNotes) lines.push('', t.notes, adminNotes);
  lines.push('', t.trackHere, link, '', t.footer);
  return { subject: t.statusSubject, text: lines.join('\n') };
}
