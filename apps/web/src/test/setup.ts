import '@testing-library/jest-dom/vitest';

// jsdom has no modal dialogs: open and close as the browser's <dialog> would.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};
