// Where an e-mail link may lead, decided as GoTrue decides it (internal/utilities/request.go,
// IsRedirectURLValid): the URL is parsed, never prefix-matched, then allowed when it is
//   1. on the site URL's host with the same scheme and port (any port on a loopback host, RFC 8252 §7.3);
//   2. an IP address that is loopback (any other IP, or a bare decimal number, is refused);
//   3. otherwise a hostname of ordinary characters matching one of the allow list's glob patterns
//      (gobwas/glob with separators '.' and '/': `*` stays within a label or a path segment, `**` crosses them).
// The URL is matched and returned in its parsed form (WHATWG), which is where a browser will actually go.

const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);

/** A URL's hostname without IPv6 brackets, as Go's url.Hostname() gives it. */
const hostnameOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

const isLocalhost = (hostname: string) => LOCALHOST_NAMES.has(hostname) || hostname.endsWith('.localhost');

function ipKind(hostname: string): 'loopback' | 'other' | null {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return hostname.startsWith('127.') ? 'loopback' : 'other';
  if (hostname.includes(':')) return hostname === '::1' ? 'loopback' : 'other';
  return null;
}

/** Compiles a GoTrue allow-list pattern (gobwas/glob syntax, separators '.' and '/') to a RegExp. */
export function compileGlob(pattern: string): RegExp {
  return new RegExp(`^${globSource(pattern)}$`, 's');
}

function globSource(pattern: string): string {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === '\\' && i + 1 < pattern.length) {
      i += 1;
      source += escapeRegExp(pattern[i] as string);
    } else if (char === '*') {
      if (pattern[i + 1] === '*') {
        i += 1;
        source += '.*';
      } else source += '[^./]*';
    } else if (char === '?') source += '[^./]';
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) source += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        const negated = body.startsWith('!');
        const members = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&');
        source += negated ? `[^./${members}]` : `[${members}]`;
        i = end;
      }
    } else if (char === '{') {
      const end = closingBrace(pattern, i);
      if (end < 0) source += '\\{';
      else {
        source += `(?:${splitAlternatives(pattern.slice(i + 1, end))
          .map(globSource)
          .join('|')})`;
        i = end;
      }
    } else source += escapeRegExp(char);
  }
  return source;
}

function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i += 1) {
    if (pattern[i] === '\\') i += 1;
    else if (pattern[i] === '{') depth += 1;
    else if (pattern[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i] as string;
    if (char === '\\') {
      current += char + (body[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The redirect an e-mail link will use: `wanted` when GoTrue would accept it, else the site URL. */
export function redirectTarget(wanted: string | undefined | null, siteUrl: string, allowList: RegExp[]): string {
  if (!wanted) return siteUrl;
  let url: URL;
  let site: URL;
  try {
    url = new URL(wanted);
    site = new URL(siteUrl);
  } catch {
    return siteUrl;
  }
  const hostname = hostnameOf(url);
  const sameSite =
    hostname === hostnameOf(site) &&
    url.protocol === site.protocol &&
    (url.port === site.port || isLocalhost(hostname));
  if (sameSite) return url.href;

  const ip = ipKind(hostname);
  if (DECIMAL_HOST.test(hostname)) return siteUrl;
  if (ip) return ip === 'loopback' ? url.href : siteUrl;
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  if (http && !REGULAR_HOSTNAME.test(hostname)) return siteUrl;

  // Matched without the fragment, as GoTrue does; a bare origin also in the form it was written (no '/').
  const href = url.href.replace(/#.*$/s, '');
  const forms = url.pathname === '/' && !url.search ? [href, href.slice(0, -1)] : [href];
  return allowList.some((pattern) => forms.some((form) => pattern.test(form))) ? url.href : siteUrl;
}
