/** Text for an HTML element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The spec's "simple address pattern" for e-mails. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims a text input; an empty or missing value becomes null (docs/product/animals.md). */
export function trimToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** C0 control characters other than tab, line feed and carriage return, and DEL: nobody types them. */
const isControlCharacter = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

/** True when a text holds a control character (NUL among them, which PostgreSQL cannot store). */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) if (isControlCharacter(value.charCodeAt(i))) return true;
  return false;
}

/** The text without its control characters, for metadata such as a browser's user agent. */
export function withoutControlCharacters(value: string): string {
  return Array.from(value)
    .filter((char) => !isControlCharacter(char.charCodeAt(0)))
    .join('');
}

/**
 * Control characters (tab and line breaks among them), the line and paragraph separators, and the bidi
 * embeddings, overrides and isolates: none belongs in a name that goes into an e-mail's subject or a page's
 * title (a line break ends a header; U+202E turns the words around). The database's check constraints
 * (animals_nom_caracteres, health_records_label_caracteres) hold the same list, and a test holds them to this.
 */
const LINE_OR_BIDI_CHARACTER = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** True when a name or a label holds a character of LINE_OR_BIDI_CHARACTER. */
export function hasLineOrBidiCharacters(value: string): boolean {
  return LINE_OR_BIDI_CHARACTER.test(value);
}

/**
 * True when a text of several lines (a message shown on a page) holds a character of LINE_OR_BIDI_CHARACTER
 * other than its line feeds: the line breaks a person types, and nothing else of that list. The database's
 * checks of such texts (searches_textes_caracteres, sightings_textes_caracteres) hold the same rule.
 */
export function hasBidiOrControlBesidesLines(value: string): boolean {
  return hasLineOrBidiCharacters(value.replaceAll('\n', ''));
}
