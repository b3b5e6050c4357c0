// What other features use of auth: the sign-in dialog (activation, edit page) and the new-password form
// (the e-mail callback).
export { AuthDialog } from './auth-dialog.tsx';
export { NewPasswordForm } from './new-password-form.tsx';
