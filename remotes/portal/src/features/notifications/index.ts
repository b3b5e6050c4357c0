// What the rest of the portal uses of this device's alerts: the portal made installable (once per page), and the
// account page's 'Notifications sur cet appareil'.
export { installPortal } from './device.ts';
export { NotificationsSection } from './notifications-section.tsx';
