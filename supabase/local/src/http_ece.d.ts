// http_ece ships no types: the one function the push receiver calls.
declare module 'http_ece' {
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: unknown; authSecret: string },
  ): Buffer;
}
