import { LIMITS } from '@vaultline/shared';

/** spec-1 §3 Notification. Texts are already translated by the caller. */
export type Severity = 'Info' | 'Success' | 'Warning' | 'Error';

export interface NotificationAction {
  label: string;
  callback: () => void;
}

export interface NotificationInput {
  title: string;
  message?: string;
  severity?: Severity;
  /** ms before it closes by itself; 0 or null keeps it open. Default 5000. */
  closeAfter?: number | null;
  showCloseButton?: boolean;
  continue?: NotificationAction;
  primary?: NotificationAction;
  secondary?: NotificationAction;
}

export interface Notification
  extends Required<Pick<NotificationInput, 'title' | 'severity' | 'showCloseButton'>> {
  id: number;
  /** Date.now() when raised; navigation clears only what was raised before it started. */
  createdAt: number;
  message: string;
  closeAfter: number | null;
  continue?: NotificationAction;
  primary?: NotificationAction;
  secondary?: NotificationAction;
}

type Listener = (list: readonly Notification[]) => void;

let list: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l(list);
};

/** The one notification store; the shell renders it (show/removal delays live in the view). */
export const notifications = {
  get: () => list,
  subscribe(l: Listener) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
  add(input: NotificationInput): number {
    const n: Notification = {
      id: nextId++,
      createdAt: Date.now(),
      title: input.title,
      message: input.message ?? '',
      severity: input.severity ?? 'Info',
      closeAfter: input.closeAfter === undefined ? LIMITS.notificationCloseAfterMs : input.closeAfter || null,
      showCloseButton: input.showCloseButton ?? true,
      ...(input.continue ? { continue: input.continue } : {}),
      ...(input.primary ? { primary: input.primary } : {}),
      ...(input.secondary ? { secondary: input.secondary } : {}),
    };
    list = [...list, n];
    emit();
    return n.id;
  },
  remove(id: number) {
    list = list.filter((n) => n.id !== id);
    emit();
  },
  clear() {
    list = [];
    emit();
  },
  /** Removes the notifications raised before `time` (ms since epoch); later ones stay. */
  clearBefore(time: number) {
    const kept = list.filter((n) => n.createdAt >= time);
    if (kept.length === list.length) return;
    list = kept;
    emit();
  },
};

export const notify = (input: NotificationInput) => notifications.add(input);
