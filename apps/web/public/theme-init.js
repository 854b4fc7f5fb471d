// Applies the theme before first paint: the `dark` key ("true"/"false"), else the system theme.
// A file, not an inline script, because the Content-Security-Policy allows only 'self' scripts.
(() => {
  let dark = false;
  try {
    const s = localStorage.getItem('dark');
    dark = s === 'true' || (s !== 'false' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // storage disabled: light until the app starts
  }
  if (dark) document.documentElement.classList.add('dark');
})();

// Starts fetching the page language's texts now, beside the app's scripts, instead of after them
// (the app's boot fetches the same URL and gets this response). Same choice as chooseLanguage in
// src/lib/i18n.ts: the stored language, else the cached profile's, else the browser's, else en-us.
// A wrong guess (the profile changed elsewhere) only costs one unused request.
(() => {
  const ids = ['en-us', 'fr-fr', 'de-de', 'ru-ru'];
  const match = (tag) => {
    const lower = String(tag || '').toLowerCase();
    return ids.includes(lower) ? lower : ids.find((id) => id.split('-')[0] === lower.split('-')[0]);
  };
  let lang = null;
  try {
    lang = ids.includes(localStorage.getItem('lang')) ? localStorage.getItem('lang') : null;
    if (!lang && localStorage.getItem('accesstoken')) {
      const profile = JSON.parse(localStorage.getItem('user') || 'null');
      lang = ids.includes(profile?.preferedLanguage) ? profile.preferedLanguage : null;
    }
  } catch {
    // storage disabled: the browser's language
  }
  if (!lang) {
    const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
    lang = tags.map(match).find(Boolean) || 'en-us';
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = `/i18n/${lang}.json`;
  document.head.appendChild(link);
})();
