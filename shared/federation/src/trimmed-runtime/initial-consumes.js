// Replaces @module-federation/webpack-bundler-runtime's installInitialConsumes.js in our builds (see
// ../build.ts): it provides the shared modules that an entry chunk itself imports (eager sharing). Each of
// our builds starts with an async boundary (`import('./bootstrap')`, the remotes' exposed chunks), so the
// list is always empty; the runtime still calls it once at start, which updates the consume options as the
// original does.
import { updateConsumeOptions } from './updateOptions.js';

export function installInitialConsumes(options) {
  updateConsumeOptions(options);
  if (options.initialConsumes.length > 0) {
    throw new Error('Eager shared modules are left out of this build: import them after an async boundary');
  }
  return options.asyncLoad ? Promise.resolve([]) : undefined;
}
