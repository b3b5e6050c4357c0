export { configScript, type ShellConfig } from './config.ts';
export {
  type ClientInfo,
  createShellHost,
  DEFAULT_RENDER_BUDGET_MS,
  type ShellHost,
  type ShellHostOptions,
} from './host.ts';
export { MESSAGE_FORM_MAX_BYTES } from './message-form.ts';
export { type ScanServerSource, scanServerFromDeployment } from './scan-server.ts';
