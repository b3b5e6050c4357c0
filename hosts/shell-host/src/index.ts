export { configScript } from './config.ts';
export {
  type ClientInfo,
  createShellHost,
  DEFAULT_MANIFEST_MAX_AGE_MS,
  DEFAULT_RENDER_BUDGET_MS,
  type ShellHost,
  type ShellHostOptions,
} from './host.ts';
