// What other features use of the inbox: the unread counts of 'Mes animaux'.
export { useUnreadCounts } from './api.ts';
