import '@testing-library/jest-dom/vitest';
import { vi } from 'vitest';

// jsdom has no modal dialogs: open and close as the browser's <dialog> would.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// Test files share a worker and its jsdom (isolate: false in vitest.config.ts): each one starts from
// fresh copies of the app's own modules (the translator, stores and caches are module state), empty
// storage and a bare <html>, as it would alone.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const name of document.documentElement.getAttributeNames())
  document.documentElement.removeAttribute(name);
document.head.innerHTML = '';
document.body.innerHTML = '';
