// What other features use of a loss: marking an animal lost or found, the lost switch (of the edit page and 'Mes animaux'), and the
// checklist of one loss ('Mes animaux' cards show it too).
export { type Loss, saveLost } from './api.ts';
export { LostChecklist } from './lost-checklist.tsx';
export { LostPanel } from './lost-panel.tsx';
export { LostSwitch } from './lost-switch.tsx';
