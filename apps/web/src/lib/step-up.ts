/**
 * Step-up (issue 30 point 4): an action that needs a second factor given recently answers 401
 * TWO_FACTOR_NEEDED. The API client then asks the dialog registered here for a factor and sends the
 * request again with it in the `twoFactor` field; an account without a factor gets 403
 * TWO_FACTOR_REQUIRED, which is shown with a way to Security. The client knows no component: the
 * shell's dialog registers itself here.
 */

/** What the `twoFactor` field of a protected request carries. */
export type TwoFactorProof = { code: string } | { recoveryCode: string } | { passkey: unknown };

export interface StepUpRequest {
  /** Why a factor is asked for, in the UI language. */
  message: string;
  /** Sends the request again with `proof`; rejects (an ApiRequestError) when the factor is refused. */
  attempt: (proof: TwoFactorProof) => Promise<void>;
}

/** Resolves true once an attempt went through, false when the user gave up. */
export type StepUpHandler = (request: StepUpRequest) => Promise<boolean>;

let handler: StepUpHandler | null = null;
let waiting: ((h: StepUpHandler) => void)[] = [];
let wanted = false;
const wantListeners = new Set<() => void>();

/** Registers the dialog that asks for a factor; returns the unregister. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  for (const resolve of waiting) resolve(next);
  waiting = [];
  return () => {
    if (handler === next) handler = null;
  };
}

/**
 * The dialog that asks for a factor. The shell loads its code only when first needed (it is not
 * part of any page's first load): this asks the shell for it and waits until it registered. Null
 * where no shell listens (the widget, unit tests).
 */
export async function stepUpHandler(): Promise<StepUpHandler | null> {
  if (handler) return handler;
  if (wantListeners.size === 0) return null;
  wanted = true;
  for (const l of wantListeners) l();
  return new Promise((resolve) => waiting.push(resolve));
}

/** Whether the shell should load the dialog (a step-up was asked for once). */
export const stepUpWanted = {
  get: (): boolean => wanted,
  subscribe(listener: () => void): () => void {
    wantListeners.add(listener);
    return () => wantListeners.delete(listener);
  },
};

/** The notice of 403 TWO_FACTOR_REQUIRED: a message and the way to Security. */
export interface RequiredNotice {
  message: string;
  /** True for an action the user started (shown at once), false for a page's own load. */
  action: boolean;
}

let notice: RequiredNotice | null = null;
const listeners = new Set<() => void>();

export const twoFactorRequired = {
  get: (): RequiredNotice | null => notice,
  set(next: RequiredNotice | null) {
    notice = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const TWO_FACTOR_NEEDED = 'TWO_FACTOR_NEEDED';
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';
