import type { Refusal } from './api.ts';
import { ACTIVATION_COPY } from './copy.ts';

const text = ACTIVATION_COPY.activation;

/** What the owner reads for each reason the database gives for refusing an activation. */
export const REFUSAL_TEXT: Record<Refusal, string> = {
  session_expired: text.sessionExpired.title,
  too_many_attempts: text.tooManyAttempts.description,
  code_unavailable: text.invalidCode.description,
  code_suspended: text.codeSuspended,
};
