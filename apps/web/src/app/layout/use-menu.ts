import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** spec-1 §2/§9: dropdown animation 200 ms in, 150 ms out. */
export const MENU_IN_MS = 200;
export const MENU_OUT_MS = 150;

export interface Menu {
  open: boolean;
  /** Rendered in the DOM (stays true during the closing animation). */
  mounted: boolean;
  /** In its final, visible state (drives the CSS transition). */
  entered: boolean;
  toggle: () => void;
  close: (opts?: { focusTrigger?: boolean }) => void;
  rootRef: RefObject<HTMLDivElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * A disclosure menu: a button with aria-expanded and a panel. A click anywhere outside `rootRef`
 * closes it, Escape closes it and returns focus to the button.
 */
export function useMenu(): Menu {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [entered, setEntered] = useState(false);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (open) {
      setMounted(true);
      // Next frame, so the panel is painted in its start state before transitioning in.
      const raf = requestAnimationFrame(() => setEntered(true));
      return () => cancelAnimationFrame(raf);
    }
    setEntered(false);
    const timer = setTimeout(() => setMounted(false), MENU_OUT_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const close = useCallback((opts?: { focusTrigger?: boolean }) => {
    setOpen(false);
    if (opts?.focusTrigger) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close({ focusTrigger: true });
    };
    // Focus leaving the menu (Tab past the last item) closes it too.
    const onFocus = (e: FocusEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, close]);

  return { open, mounted, entered, toggle: () => setOpen((o) => !o), close, rootRef, triggerRef };
}
