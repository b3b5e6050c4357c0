// Replaces @module-federation/error-codes' desc.mjs in our builds (see ../build.ts): one English sentence
// per error code, in every entry file. A federation error still names its code and the page of the
// federation docs that explains it ('#RUNTIME-008 … https://module-federation.io/guide/troubleshooting/…').
const described = new Proxy({}, { get: () => 'Module Federation error' });

export const runtimeDescMap = described;
export const typeDescMap = described;
export const buildDescMap = described;
export const errorDescMap = described;
