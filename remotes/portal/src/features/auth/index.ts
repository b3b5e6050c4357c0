// What other features use of auth: the sign-in dialog (activation), the way to the login page and back (the
// owner pages), and for the e-mail callback the new-password form, the auth errors in French and the end of
// waiting for a confirmation.
export type { ActivationLink } from './api.ts';
export { AuthDialog } from './auth-dialog.tsx';
export { authErrorMessage } from './auth-errors.ts';
export { forgetAwaitingConfirmation } from './awaiting-confirmation.ts';
export { NewPasswordForm } from './new-password-form.tsx';
export { SignInFirst } from './sign-in-first.tsx';
