import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en-us.json';
import ru from '../../public/i18n/ru-ru.json';
import { i18n, initI18n, setLanguage, useTranslation } from './i18n';
import { createTranslator, interpolate, type Texts, translate } from './translator';

const texts: Texts = {
  Home: { Title: 'Welcome, {{name}}!', Nested: { Deep: 'deep text' } },
  Plain: 'Two {{a}} and {{ b }}; {{a}} again',
  Files_one: '{{count}} file',
  Files_other: '{{count}} files',
  Only_other: '{{count}} things',
  Err: 'generic',
  Err_whole: 'whole numbers only',
};

describe('translate', () => {
  it('reads nested keys by dots and fills {{placeholders}} without escaping', () => {
    expect(translate(texts, 'en-us', 'Home.Title', { name: '<b>Ada</b>' })).toBe('Welcome, <b>Ada</b>!');
    expect(translate(texts, 'en-us', 'Home.Nested.Deep')).toBe('deep text');
    expect(translate(texts, 'en-us', 'Plain', { a: 1, b: 'x' })).toBe('Two 1 and x; 1 again');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(interpolate('Hi {{name}}, {{other}}', { name: 'Ada' })).toBe('Hi Ada, {{other}}');
    expect(interpolate('Hi {{name}}')).toBe('Hi {{name}}');
  });

  it('returns the key when it is missing or names a group, the default value when given', () => {
    expect(translate(texts, 'en-us', 'Nope.Missing')).toBe('Nope.Missing');
    expect(translate(texts, 'en-us', 'Home')).toBe('Home');
    expect(translate(texts, 'en-us', 'Home.Title.Deeper')).toBe('Home.Title.Deeper');
    expect(translate(texts, 'en-us', 'Nope', { defaultValue: 'Fallback {{n}}', n: 3 })).toBe('Fallback 3');
  });

  it('picks the context variant when it exists', () => {
    expect(translate(texts, 'en-us', 'Err', { context: 'whole' })).toBe('whole numbers only');
    expect(translate(texts, 'en-us', 'Err', { context: 'unknown' })).toBe('generic');
  });

  it('chooses en-us plural forms by count, falling back to _other', () => {
    expect(translate(texts, 'en-us', 'Files', { count: 1 })).toBe('1 file');
    expect(translate(texts, 'en-us', 'Files', { count: 0 })).toBe('0 files');
    expect(translate(texts, 'en-us', 'Files', { count: 7 })).toBe('7 files');
    expect(translate(texts, 'en-us', 'Only', { count: 1 })).toBe('1 things');
  });

  it('chooses ru-ru one/few/many/other with the real file', () => {
    const t = (count: number) => translate(ru, 'ru-ru', 'Exchange.Preview.SecondsLeft', { count });
    expect(t(1)).toBe('Осталась 1 секунда');
    expect(t(21)).toBe('Осталась 21 секунда');
    expect(t(2)).toBe('Осталось 2 секунды');
    expect(t(24)).toBe('Осталось 24 секунды');
    expect(t(5)).toBe('Осталось 5 секунд');
    expect(t(11)).toBe('Осталось 11 секунд');
    expect(t(0)).toBe('Осталось 0 секунд');
    expect(t(1.5)).toBe('Осталось 1.5 секунды');
    expect(translate(ru, 'ru-ru', 'Admin.Outbox.Count', { count: 3, limit: 50 })).toBe(
      '3 письма, сначала новые (не более 50).',
    );
    expect(translate(en, 'en-us', 'Admin.Outbox.Count', { count: 1, limit: 50 })).toBe(
      'Showing 1 e-mail, newest first (at most 50).',
    );
  });
});

describe('createTranslator', () => {
  it('loads a language once, and the last of overlapping changes wins', async () => {
    let release: (t: Texts) => void = () => {};
    const load = vi.fn((lng: string) =>
      lng === 'slow' ? new Promise<Texts>((r) => (release = r)) : Promise.resolve({ K: lng }),
    );
    const tr = createTranslator<string>({ language: 'a', load });
    expect(tr.isInitialized).toBe(false);
    expect(tr.t('K')).toBe('K');
    const slow = tr.changeLanguage('slow');
    await tr.changeLanguage('b');
    release({ K: 'slow' });
    await slow;
    expect(tr.language).toBe('b');
    expect(tr.t('K')).toBe('b');
    await tr.changeLanguage('b');
    expect(load).toHaveBeenCalledTimes(2);
    expect(tr.isInitialized).toBe(true);
    expect(tr.exists('K')).toBe(true);
    expect(tr.exists('Nope')).toBe(false);
  });

  it('switches even when a file cannot be read (keys shown), and gives a new t each change', async () => {
    const tr = createTranslator<string>({
      language: 'a',
      load: (lng) => (lng === 'bad' ? Promise.reject(new Error('404')) : Promise.resolve({ K: 'k' })),
    });
    await tr.changeLanguage('a');
    const before = tr.t;
    await tr.changeLanguage('bad');
    expect(tr.language).toBe('bad');
    expect(tr.t('K')).toBe('K');
    expect(tr.t).not.toBe(before);
  });
});

function Title() {
  const { t, i18n: i } = useTranslation();
  return (
    <p>
      {i.language}: {t('Exchange.Preview.SecondsLeft', { count: 5 })}
    </p>
  );
}

describe('lib/i18n', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const serve = (files: Record<string, unknown>) => {
    const fetchMock = vi.fn(async (url: string) => {
      const file = files[url];
      return file
        ? new Response(JSON.stringify(file), { status: 200 })
        : new Response('missing', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('re-renders components when the language changes, and sets <html lang>', async () => {
    const fetchMock = serve({ '/i18n/en-us.json': en, '/i18n/ru-ru.json': ru });
    localStorage.setItem('lang', 'en-us');
    await initI18n();
    render(<Title />);
    expect(screen.getByText('en-us: 5 seconds left')).toBeInTheDocument();
    await act(() => setLanguage('ru-ru'));
    expect(screen.getByText('ru-ru: Осталось 5 секунд')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru-ru');
    expect(localStorage.getItem('lang')).toBe('ru-ru');
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/i18n/en-us.json', '/i18n/ru-ru.json']);
  });

  it("falls back to en-us's file when a language's file cannot be read", async () => {
    const fetchMock = serve({ '/i18n/en-us.json': en });
    localStorage.setItem('lang', 'de-de');
    expect(await initI18n()).toBe('de-de');
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/i18n/de-de.json', '/i18n/en-us.json']);
    expect(i18n.language).toBe('de-de');
    expect(i18n.t('Common.Loading')).toBe('Loading…');
  });
});
