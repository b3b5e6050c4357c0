// The toasts are `./toast` alone: one module, so one store, wherever a page shows or raises them.
export { ConfirmDialog, FormField, PageFrame, Spinner } from './components.tsx';
export { ThemeRoot } from './theme.tsx';
