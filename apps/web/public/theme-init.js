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
