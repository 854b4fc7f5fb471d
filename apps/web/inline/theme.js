// Applies the theme before first paint: the `dark` key ("true"/"false"), else the system theme.
// Inlined into index.html's head by the build (vite.config.ts, paintFirst); the server allows it in
// its Content-Security-Policy by its hash (apps/api/src/plugins/security-headers.ts).
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
