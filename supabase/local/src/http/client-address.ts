// Who the client is, as a real gateway sees it (docs/decisions/0009-client-identity-from-gateway.md): the address of
// the socket, never a header the client wrote. Hosted Supabase sits behind Cloudflare, which sets `cf-connecting-ip` to
// the connecting address and overwrites any value the client sent; the local stack does the same from its socket, so
// the functions and SQL read the client's identity from one header on both.
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';

/** The header that carries the client's address past the gateway, on hosted Supabase and here. */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

/**
 * Headers through which proxies pass on a client's address: a client can send any of them, so none is kept.
 * `x-medaille-finder` is not one of them and goes through, as on hosted Supabase: it is the shell's host's
 * signed word for a finder's address, which the functions check with a secret no client has (clientHash).
 */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'cf-connecting-ipv6',
];

type WithSocket = { Bindings: HttpBindings; Variables: { clientAddress: string } };

/** The peer address of the request's socket, IPv4-mapped IPv6 addresses written as IPv4. */
export function socketAddress(c: Context): string {
  const address = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** True for 127.0.0.0/8 and ::1: a request from this machine. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/**
 * Drops every forwarding header the client sent and sets the socket's address in their place, as the
 * gateway in front of hosted Supabase does, before any service sees the request.
 */
export const clientAddressFromSocket: MiddlewareHandler<WithSocket> = async (c, next) => {
  const address = socketAddress(c);
  const headers = c.req.raw.headers;
  for (const name of FORWARDING_HEADERS) headers.delete(name);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  headers.set('x-forwarded-for', address);
  c.set('clientAddress', address);
  await next();
};
