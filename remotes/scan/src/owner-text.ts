// The words a finder sends or follows whatever the page's language, apart from the page's dictionaries (copy.ts),
// which load by language: these are on every page.

export const SUPPORT_EMAIL = 'contact@medaille.fr';

/** What the owner reads, in French whatever the finder's language: the text of an SMS or WhatsApp message. */
export const OWNER_TEXT = {
  found: (name: string, pageUrl: string) => `Bonjour, j'ai trouvé ${name} et j'ai scanné sa médaille : ${pageUrl}`,
  /** The subject of an e-mail to the owner's public address. */
  mailSubject: (name: string) => `J'ai trouvé ${name}`,
  /** The national registry of dogs and cats, which the guide names. */
  icadUrl: 'https://www.i-cad.fr',
} as const;
