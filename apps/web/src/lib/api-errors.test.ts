import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import fr from '../../public/i18n/fr-fr.json';
import ru from '../../public/i18n/ru-ru.json';
import { initTestI18n } from '../features/auth/test/render';
import { ApiRequestError } from './api-client';
import { apiErrorText } from './api-errors';
import { i18n } from './i18n';

const error = (code: string, params?: Record<string, string | number>, text = 'English from the server') =>
  new ApiRequestError('/api/x', { status: 400, statusText: 'Bad Request', error: text, code, params });

beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('fr-fr', fr);
  i18n.addResourceBundle('ru-ru', ru);
});
afterEach(() => i18n.changeLanguage('en-us'));

describe('API errors in the user language', () => {
  it('translates a code (the message of every ApiRequestError) and keeps the server text aside', async () => {
    await i18n.changeLanguage('fr-fr');
    const err = error('AMOUNT_TOO_SMALL', undefined, 'This amount is too small to convert.');
    expect(err.message).toBe('Ce montant est trop faible pour être converti.');
    expect(err.serverMessage).toBe('This amount is too small to convert.');
  });

  it('puts the values the server sent into the text, numbers in the language format', async () => {
    await i18n.changeLanguage('fr-fr');
    expect(
      error('BELOW_MINIMUM', { minimumUsd: '1000', approximateAmount: '0.01234000', ticker: 'BTC' }).message,
    ).toBe("La valeur minimale d'une transaction est de 1\u202f000 $ (environ 0,01234 BTC).");
    await i18n.changeLanguage('ru-ru');
    expect(error('RATE_LIMITED', { seconds: 42 }).message).toBe(
      'Слишком много попыток. Повторите через 42 с.',
    );
  });

  it('uses the whole-number wording for an asset without decimals', () => {
    expect(error('TOO_MANY_DECIMALS', { ticker: 'JPY', decimals: 0 }).message).toBe(
      'JPY amounts must be whole numbers.',
    );
    expect(error('TOO_MANY_DECIMALS', { ticker: 'BTC', decimals: 8 }).message).toBe(
      'BTC amounts have at most 8 decimals.',
    );
  });

  it("keeps the server's text for an unknown code or when a value the text needs is missing", async () => {
    await i18n.changeLanguage('fr-fr');
    expect(error('SOMETHING_NEW').message).toBe('English from the server');
    expect(error('BELOW_MINIMUM', { ticker: 'BTC' }).message).toBe('English from the server');
  });

  it('gives the same text through an explicit translator', () => {
    const text = apiErrorText({ code: 'INSUFFICIENT_FUNDS', error: 'x' }, i18n.t.bind(i18n));
    expect(text).toBe('Your balance is too low for this amount.');
  });
});
