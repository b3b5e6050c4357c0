// Every date and time the portal shows, in French and at the hour of France wherever the owner's device
// is set: the medals, their finders and the owners are in France, and a time reads the same on every page.

const PARIS = { timeZone: 'Europe/Paris' } as const;
const FORMATS = {
  /** '23 novembre 2026' */
  date: new Intl.DateTimeFormat('fr-FR', { ...PARIS, dateStyle: 'long' }),
  /** '23 novembre 2026 à 14:05' */
  dateTime: new Intl.DateTimeFormat('fr-FR', { ...PARIS, dateStyle: 'long', timeStyle: 'short' }),
  /** 'lundi 23 novembre 2026 à 14:05' */
  dayDateTime: new Intl.DateTimeFormat('fr-FR', { ...PARIS, dateStyle: 'full', timeStyle: 'short' }),
};

/** A moment (an ISO timestamp from the database, or a Date) as the portal writes it, at the hour of Paris. */
export function parisTime(when: string | Date, style: keyof typeof FORMATS): string {
  return FORMATS[style].format(new Date(when));
}
