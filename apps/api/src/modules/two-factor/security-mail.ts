import type { LanguageId, SecurityEventType } from '@vaultline/shared';

/**
 * The security e-mails (issue 30), in the four languages of the product: a factor added or
 * removed, a recovery code used, a sign-in from a new device, factors reset by the support.
 * They name what happened, when, and from which browser and network; never a code or a secret.
 */
interface Texts {
  subject: Record<SecurityEventType, string>;
  what: Record<SecurityEventType, (detail: string) => string>;
  when: string;
  from: string;
  notYou: string;
  locked: (hours: number) => string;
}

const TEXTS: Record<LanguageId, Texts> = {
  'en-us': {
    subject: {
      'totp.enabled': 'An authenticator app was added to your Vaultline account',
      'totp.disabled': 'The authenticator app was removed from your Vaultline account',
      'passkey.added': 'A passkey was added to your Vaultline account',
      'passkey.removed': 'A passkey was removed from your Vaultline account',
      'recoveryCode.used': 'A recovery code of your Vaultline account was used',
      'signIn.newDevice': 'New sign-in to your Vaultline account',
      'factors.reset': 'The second factors of your Vaultline account were reset',
    },
    what: {
      'totp.enabled': () => 'An authenticator app now gives codes for your account.',
      'totp.disabled': () => 'Your account no longer accepts codes from the authenticator app.',
      'passkey.added': (d) => `A passkey named "${d}" can now sign in to your account.`,
      'passkey.removed': (d) => `The passkey named "${d}" can no longer sign in to your account.`,
      'recoveryCode.used': (d) => `A recovery code was used. Recovery codes left: ${d}.`,
      'signIn.newDevice': () =>
        'Someone signed in to your account from a browser or network we had not seen before.',
      'factors.reset': () =>
        'Our support removed every second factor of your account at your request. Set up a new one in My account → Security.',
    },
    when: 'When',
    from: 'From',
    notYou: 'If this was not you, change your password at once and contact our support.',
    locked: (h) => `For your safety, withdrawals stay locked for ${h} hours.`,
  },
  'fr-fr': {
    subject: {
      'totp.enabled': 'Une application d’authentification a été ajoutée à votre compte Vaultline',
      'totp.disabled': 'L’application d’authentification a été retirée de votre compte Vaultline',
      'passkey.added': 'Une clé d’accès a été ajoutée à votre compte Vaultline',
      'passkey.removed': 'Une clé d’accès a été retirée de votre compte Vaultline',
      'recoveryCode.used': 'Un code de récupération de votre compte Vaultline a été utilisé',
      'signIn.newDevice': 'Nouvelle connexion à votre compte Vaultline',
      'factors.reset': 'Les seconds facteurs de votre compte Vaultline ont été réinitialisés',
    },
    what: {
      'totp.enabled': () => 'Une application d’authentification donne désormais des codes pour votre compte.',
      'totp.disabled': () => 'Votre compte n’accepte plus les codes de l’application d’authentification.',
      'passkey.added': (d) => `Une clé d’accès nommée « ${d} » peut désormais se connecter à votre compte.`,
      'passkey.removed': (d) => `La clé d’accès nommée « ${d} » ne peut plus se connecter à votre compte.`,
      'recoveryCode.used': (d) => `Un code de récupération a été utilisé. Codes restants : ${d}.`,
      'signIn.newDevice': () =>
        'Quelqu’un s’est connecté à votre compte depuis un navigateur ou un réseau que nous ne connaissions pas.',
      'factors.reset': () =>
        'Notre support a retiré tous les seconds facteurs de votre compte à votre demande. Configurez-en un nouveau dans Mon compte → Sécurité.',
    },
    when: 'Quand',
    from: 'Depuis',
    notYou: 'Si ce n’était pas vous, changez votre mot de passe immédiatement et contactez notre support.',
    locked: (h) => `Pour votre sécurité, les retraits restent bloqués pendant ${h} heures.`,
  },
  'de-de': {
    subject: {
      'totp.enabled': 'Eine Authenticator-App wurde zu Ihrem Vaultline-Konto hinzugefügt',
      'totp.disabled': 'Die Authenticator-App wurde von Ihrem Vaultline-Konto entfernt',
      'passkey.added': 'Ein Passkey wurde zu Ihrem Vaultline-Konto hinzugefügt',
      'passkey.removed': 'Ein Passkey wurde von Ihrem Vaultline-Konto entfernt',
      'recoveryCode.used': 'Ein Wiederherstellungscode Ihres Vaultline-Kontos wurde verwendet',
      'signIn.newDevice': 'Neue Anmeldung bei Ihrem Vaultline-Konto',
      'factors.reset': 'Die zweiten Faktoren Ihres Vaultline-Kontos wurden zurückgesetzt',
    },
    what: {
      'totp.enabled': () => 'Eine Authenticator-App erzeugt jetzt Codes für Ihr Konto.',
      'totp.disabled': () => 'Ihr Konto akzeptiert keine Codes der Authenticator-App mehr.',
      'passkey.added': (d) => `Ein Passkey namens „${d}“ kann sich jetzt bei Ihrem Konto anmelden.`,
      'passkey.removed': (d) => `Der Passkey namens „${d}“ kann sich nicht mehr bei Ihrem Konto anmelden.`,
      'recoveryCode.used': (d) => `Ein Wiederherstellungscode wurde verwendet. Verbleibende Codes: ${d}.`,
      'signIn.newDevice': () =>
        'Jemand hat sich von einem Browser oder Netzwerk bei Ihrem Konto angemeldet, das wir noch nicht kannten.',
      'factors.reset': () =>
        'Unser Support hat auf Ihre Anfrage alle zweiten Faktoren Ihres Kontos entfernt. Richten Sie unter Mein Konto → Sicherheit einen neuen ein.',
    },
    when: 'Wann',
    from: 'Von',
    notYou: 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie unseren Support.',
    locked: (h) => `Zu Ihrer Sicherheit bleiben Auszahlungen ${h} Stunden lang gesperrt.`,
  },
  'ru-ru': {
    subject: {
      'totp.enabled': 'К вашему аккаунту Vaultline добавлено приложение-аутентификатор',
      'totp.disabled': 'Приложение-аутентификатор удалено из вашего аккаунта Vaultline',
      'passkey.added': 'К вашему аккаунту Vaultline добавлен ключ доступа',
      'passkey.removed': 'Ключ доступа удалён из вашего аккаунта Vaultline',
      'recoveryCode.used': 'Использован код восстановления вашего аккаунта Vaultline',
      'signIn.newDevice': 'Новый вход в ваш аккаунт Vaultline',
      'factors.reset': 'Вторые факторы вашего аккаунта Vaultline сброшены',
    },
    what: {
      'totp.enabled': () => 'Приложение-аутентификатор теперь выдаёт коды для вашего аккаунта.',
      'totp.disabled': () => 'Ваш аккаунт больше не принимает коды приложения-аутентификатора.',
      'passkey.added': (d) => `Ключ доступа «${d}» теперь может входить в ваш аккаунт.`,
      'passkey.removed': (d) => `Ключ доступа «${d}» больше не может входить в ваш аккаунт.`,
      'recoveryCode.used': (d) => `Использован код восстановления. Осталось кодов: ${d}.`,
      'signIn.newDevice': () =>
        'Кто-то вошёл в ваш аккаунт из браузера или сети, которых мы раньше не видели.',
      'factors.reset': () =>
        'По вашей просьбе наша поддержка удалила все вторые факторы вашего аккаунта. Настройте новый в разделе «Мой аккаунт → Безопасность».',
    },
    when: 'Когда',
    from: 'Откуда',
    notYou: 'Если это были не вы, немедленно смените пароль и свяжитесь с нашей поддержкой.',
    locked: (h) => `В целях безопасности вывод средств заблокирован на ${h} ч.`,
  },
};

export function securityMail(
  language: string,
  e: {
    type: SecurityEventType;
    detail: string | null;
    at: Date;
    userAgent: string | null;
    ip: string | null;
    lockHours?: number;
  },
): { subject: string; text: string } {
  const t = TEXTS[language as LanguageId] ?? TEXTS['en-us'];
  const lines = [
    t.what[e.type](e.detail ?? ''),
    '',
    `${t.when}: ${e.at.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
  ];
  // A change made by the support (a reset) has no device of the user's to show, and the staff's own
  // address is not the user's to see.
  if (e.userAgent !== null || e.ip !== null) lines.push(`${t.from}: ${e.userAgent ?? '?'} (${e.ip ?? '?'})`);
  if (e.lockHours) lines.push('', t.locked(e.lockHours));
  lines.push('', t.notYou);
  return { subject: t.subject[e.type], text: lines.join('\n') };
}
