import type { LanguageId } from '@vaultline/shared';
import type { MailMessage } from '../../mail/mail.service';

interface Texts {
  subject: string;
  body: (a: { name: string; url: string; link: string }) => string;
}

/**
 * The partner's e-mail when an endpoint is disabled, in the four languages of the product. The URL
 * is the partner's own; the secret is never in it.
 */
const TEXTS: Record<LanguageId, Texts> = {
  'en-us': {
    subject: 'Vaultline: a webhook endpoint was disabled',
    body: (a) =>
      `Hello ${a.name},\n\nEvery delivery to your webhook endpoint ${a.url} has failed for more than a day, so we stopped sending to it.\nEvents stay in your delivery log. Once the endpoint answers again, enable it in your partner area (${a.link}); the pending events are then sent.`,
  },
  'fr-fr': {
    subject: 'Vaultline : un point de terminaison webhook a été désactivé',
    body: (a) =>
      `Bonjour ${a.name},\n\nToutes les livraisons vers votre point de terminaison ${a.url} échouent depuis plus d'un jour : nous avons cessé de lui envoyer des événements.\nIls restent dans votre journal de livraisons. Quand le point de terminaison répondra de nouveau, réactivez-le dans votre espace partenaire (${a.link}) ; les événements en attente seront alors envoyés.`,
  },
  'de-de': {
    subject: 'Vaultline: ein Webhook-Endpunkt wurde deaktiviert',
    body: (a) =>
      `Hallo ${a.name},\n\nJede Zustellung an Ihren Webhook-Endpunkt ${a.url} ist seit über einem Tag fehlgeschlagen, daher senden wir nicht mehr dorthin.\nDie Ereignisse bleiben in Ihrem Zustellprotokoll. Sobald der Endpunkt wieder antwortet, aktivieren Sie ihn in Ihrem Partnerbereich (${a.link}); die ausstehenden Ereignisse werden dann gesendet.`,
  },
  'ru-ru': {
    subject: 'Vaultline: адрес для вебхуков отключён',
    body: (a) =>
      `Здравствуйте, ${a.name}!\n\nВсе доставки на ваш адрес для вебхуков ${a.url} не удаются больше суток, поэтому мы перестали на него отправлять.\nСобытия остаются в журнале доставок. Когда адрес снова начнёт отвечать, включите его в кабинете партнёра (${a.link}); ожидающие события будут отправлены.`,
  },
};

export function endpointDisabledMail(
  to: { email: string; firstName: string; language: string },
  url: string,
  publicUrl: string,
): MailMessage {
  const texts = TEXTS[to.language as LanguageId] ?? TEXTS['en-us'];
  const link = `${publicUrl.replace(/\/$/, '')}/partner`;
  return { to: to.email, subject: texts.subject, text: texts.body({ name: to.firstName, url, link }) };
}
