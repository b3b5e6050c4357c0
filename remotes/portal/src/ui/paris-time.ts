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

/** '12 décembre 2026': a calendar day as the database keeps it ('2026-12-12'), the same wherever the device is. */
const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'long' });

/** A day of the calendar ('YYYY-MM-DD', a `date` column) in French. */
export function parisDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return DAY.format(new Date(Date.UTC(year, month - 1, date)));
}

const NUMERIC_DAY = new Intl.DateTimeFormat('fr-FR', { ...PARIS, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Paris as 'YYYY-MM-DD': the day a keeper's access is counted in, and a date input's value. */
export function todayInParis(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    NUMERIC_DAY.formatToParts(now).find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
