export * from './config-toml.ts';
export * from './local-project.ts';
