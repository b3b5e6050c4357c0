export { ConfirmDialog, FormField, PageFrame, Spinner } from './components.tsx';
export { ThemeRoot } from './theme.tsx';
export { Toaster, type ToastMessage, toast } from './toast.tsx';
