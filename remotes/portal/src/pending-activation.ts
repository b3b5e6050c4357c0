import type { ActivationFormInput } from '@medaille/domain';

/** SPEC section 3: what the activation form keeps in local storage across sign-up and e-mail confirmation. */
const PENDING_ACTIVATION = 'pending_activation';
/** The code scanned before logging in or registering. */
const PENDING_CODE = 'pending_code';

export function savePendingActivation(values: ActivationFormInput): void {
  localStorage.setItem(PENDING_ACTIVATION, JSON.stringify(values));
  if (values.code) localStorage.setItem(PENDING_CODE, String(values.code));
}

export function readPendingActivation(): ActivationFormInput | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PENDING_ACTIVATION) ?? 'null') as ActivationFormInput | null;
    return stored && typeof stored === 'object' ? stored : null;
  } catch {
    return null;
  }
}

export function clearPendingActivation(): void {
  localStorage.removeItem(PENDING_ACTIVATION);
  localStorage.removeItem(PENDING_CODE);
}
