// Every date and time the portal shows, in French and at the hour of France wherever the owner's device
// is set: the medals, their finders and the owners are in France, and a time reads the same on every page.

const PARIS = { timeZone: 'Europe/Paris' } as const;
const OPTIONS = {
  /** '23 novembre 2026' */
  date: { ...PARIS, dateStyle: 'long' },
  /** '23 novembre 2026 à 14:05' */
  dateTime: { ...PARIS, dateStyle: 'long', timeStyle: 'short' },
  /** 'lundi 23 novembre 2026 à 14:05' */
  dayDateTime: { ...PARIS, dateStyle: 'full', timeStyle: 'short' },
  /** '12 décembre 2026': a calendar day as the database keeps it, the same wherever the device is. */
  day: { timeZone: 'UTC', dateStyle: 'long' },
  /** Today's parts in Paris. */
  numericDay: { ...PARIS, year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Each made when first used: the first costs some 20 ms, which a page that shows no date need not pay.
const made = new Map<keyof typeof OPTIONS, Intl.DateTimeFormat>();
function format(style: keyof typeof OPTIONS): Intl.DateTimeFormat {
  let formatter = made.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('fr-FR', OPTIONS[style]);
    made.set(style, formatter);
  }
  return formatter;
}

/** A moment (an ISO timestamp from the database, or a Date) as the portal writes it, at the hour of Paris. */
export function parisTime(when: string | Date, style: 'date' | 'dateTime' | 'dayDateTime'): string {
  return format(style).format(new Date(when));
}

/** A day of the calendar ('YYYY-MM-DD', a `date` column) in French. */
export function parisDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return format('day').format(new Date(Date.UTC(year, month - 1, date)));
}

/** Today in Paris as 'YYYY-MM-DD': the day a keeper's access is counted in, and a date input's value. */
export function todayInParis(now: Date = new Date()): string {
  const parts = format('numericDay').formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
