// Starts the app once the page has painted its boot screen. Inlined at the end of index.html's body
// by the build (vite.config.ts, paintFirst) and allowed by its hash in the server's
// Content-Security-Policy (apps/api/src/plugins/security-headers.ts). Until then only the page and
// its stylesheet download, so on a slow connection the boot screen shows sooner; the app's files
// then have the line to themselves. The build replaces __APP_TAGS__ with the tags Vite would put in
// the head: the entry module, its modulepreloads and the route-preload script.
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const template = document.createElement('template');
    template.innerHTML = __APP_TAGS__;
    for (const tag of template.content.querySelectorAll('script, link')) {
      const el = document.createElement(tag.tagName);
      for (const a of tag.attributes) el.setAttribute(a.name, a.value);
      document.head.appendChild(el);
    }
    // The page language's texts, beside the app's scripts instead of after them (the app's boot
    // fetches the same URL and gets this response). Same choice as chooseLanguage in src/lib/i18n.ts:
    // the stored language, else the cached profile's, else the browser's, else en-us. A wrong guess
    // (the profile changed elsewhere) only costs one unused request.
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
  };
  // After the next frame has been painted; a background tab paints no frame, so a timer starts it there.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 300);
})();
