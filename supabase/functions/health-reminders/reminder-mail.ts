// The e-mail of one reminder of the health booklet, in French, in the owners' e-mails' layout: what is due,
// for which animal and when, and a button to the animal's booklet in the portal; and its push to the member's
// devices.
import type { FunctionEnv } from '../_shared/env.ts';
import { animalBookletPath, animalBookletUrl } from '../_shared/links.ts';
import type { Mail } from '../_shared/mail.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import type { PushPayload } from '../_shared/push.ts';

/** What claim_health_reminders answers for each reminder to send. */
export interface HealthReminder {
  record_id: string;
  /** The member it reminds, whose devices it is pushed to too. */
  user_id: string;
  email: string;
  animal_id: string;
  animal_name: string;
  label: string;
  record_kind: 'vaccination' | 'treatment' | 'visit';
  /** Seven days before the due date, or on the day. */
  kind: 'before' | 'on_day';
  /** YYYY-MM-DD */
  due_on: string;
}

/** Line breaks and other control characters have no place in a subject. */
const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

/** '3 mars 2027', with the French ordinal of the first day ('1er mars 2027'); `weekday` adds 'mercredi'. */
export function frenchDate(day: string, { weekday = false } = {}): string {
  const format = new Intl.DateTimeFormat('fr-FR', {
    ...(weekday ? { weekday: 'long' as const } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format
    .formatToParts(new Date(`${day}T00:00:00Z`))
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}

/** What is due, as a sentence's start: 'Le rappel du vaccin « Rage » de Filou est à faire'. */
function whatIsDue(reminder: HealthReminder, name: string): string {
  const label = `« ${reminder.label} »`;
  switch (reminder.record_kind) {
    case 'vaccination':
      return `Le rappel du vaccin ${label} de ${name} est à faire`;
    case 'treatment':
      return `Le prochain traitement ${label} de ${name} est à donner`;
    default:
      return `La prochaine visite ${label} de ${name} est prévue`;
  }
}

/** 'aujourd'hui', or 'le 3 mars 2027': when a reminder is due, as its title and its push say it. */
const dueWhen = (reminder: HealthReminder) =>
  reminder.kind === 'on_day' ? "aujourd'hui" : `le ${frenchDate(reminder.due_on)}`;

/** 'Rappel : Rage de Filou le 3 mars 2027', or '… aujourd'hui': the e-mail's subject, the push's title. */
function reminderTitle(reminder: HealthReminder): string {
  return `Rappel : ${oneLine(reminder.label)} de ${oneLine(reminder.animal_name)} ${dueWhen(reminder)}`;
}

export function reminderMail(env: FunctionEnv, reminder: HealthReminder): Mail {
  const name = oneLine(reminder.animal_name);
  const onDay = reminder.kind === 'on_day';
  const needsVet = reminder.record_kind !== 'treatment' && !onDay;
  return ownerMail({
    to: reminder.email,
    subject: reminderTitle(reminder),
    paragraphs: [
      {
        text: `${whatIsDue(reminder, name)} ${onDay ? "aujourd'hui, " : ''}le ${frenchDate(reminder.due_on, { weekday: true })}.`,
      },
      ...(needsVet ? [{ text: "Pensez à prendre rendez-vous chez votre vétérinaire si ce n'est pas déjà fait." }] : []),
      { text: 'Une fois fait, notez-le dans son carnet de santé : le prochain rappel y sera proposé.' },
    ],
    action: { label: `Ouvrir le carnet de ${name}`, href: animalBookletUrl(env, reminder.animal_id) },
    after: [
      {
        text: `Vous recevez ce rappel parce que vous faites partie du foyer de ${name} sur Médaille. Vous pouvez désactiver les rappels dans son carnet de santé.`,
      },
    ],
  });
}

/** The same reminder on the member's devices: the e-mail's subject, the sentence of what is due, the booklet. */
export function reminderPush(reminder: HealthReminder): PushPayload {
  return {
    title: reminderTitle(reminder),
    body: `${whatIsDue(reminder, oneLine(reminder.animal_name))} ${dueWhen(reminder)}.`,
    url: animalBookletPath(reminder.animal_id),
    tag: `reminder-${reminder.record_id}`,
  };
}
