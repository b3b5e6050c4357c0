// Generated from shared/domain/src/conversation.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
// A conversation between a finder and an animal's household (docs/decisions/0017-finder-owner-conversation.md): the
// finder's private link, and the limits that supabase/schemas/conversations.sql and
// finder_functions.sql enforce too (tests/database/conversations.test.ts holds the SQL to these numbers).
// Without zod: the functions get a copy of this module.
import type { FinderLanguage } from './languages.ts';
import { agreeWith } from './sex.ts';

export const CONVERSATION_LIMITS = {
  /** The link opens the conversation until this many days after its last message, either side's. */
  validDays: 30,
  /** A household member's answer. A finder's message keeps LIMITS.messageMaxLength. */
  replyMaxLength: 1000,
  /** Answers an hour per household member, over all their conversations. */
  repliesPerHourPerMember: 30,
  /** Each side is e-mailed about a conversation at most once in this many minutes. */
  mailEveryMinutes: 15,
  /** A finder's messages an hour in one conversation, from one connection. */
  finderMessagesPerHour: 20,
  /** A finder's page reads of conversations an hour, from one connection (the page asks again while open). */
  finderReadsPerHour: 600,
  /** The place a finder left the animal at ('Je l'ai déposé chez …'). */
  statusPlaceMaxLength: 120,
  /** What finders say they are doing is told at once this many times an hour per animal, then like a message. */
  statusAlertsPerHour: 6,
  /**
   * E-mails to one finder's address a day, across conversations, and of those the links to a conversation
   * (pass_finder_mail of supabase/schemas/mail.sql says why these figures, and decides).
   */
  finderMailsPerDay: 10,
  finderLinkMailsPerDay: 5,
} as const;

/**
 * What a finder may say they are doing, with their message (finder_messages.finder_status): they have the
 * animal with them, they saw it here (with their position, if they agree), they left it somewhere (a vet, the
 * town hall: the place they name).
 */
export const FINDER_STATUSES = ['with_me', 'seen_here', 'dropped_off'] as const;
export type FinderStatus = (typeof FINDER_STATUSES)[number];

export const isFinderStatus = (value: unknown): value is FinderStatus =>
  FINDER_STATUSES.includes(value as FinderStatus);

/**
 * The finder's words in French, agreed with the animal's sex (M/F as stored): what a French finder ticks, and
 * what the household reads quoted (the inbox, the e-mail, the push).
 */
export function finderStatusWords(sex: string | null | undefined): Record<FinderStatus, string> {
  return agreeWith(sex, {
    male: {
      with_me: "Je l'ai avec moi",
      seen_here: "Je l'ai vu ici",
      dropped_off: "Je l'ai déposé chez un vétérinaire / à la mairie",
    },
    female: {
      with_me: "Je l'ai avec moi",
      seen_here: "Je l'ai vue ici",
      dropped_off: "Je l'ai déposée chez un vétérinaire / à la mairie",
    },
  });
}

/** A conversation link's token as record_finder_message makes it: 64 lower-case hex characters. */
export const CONVERSATION_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The animal when its name is not to be said (a search page whose household hides it: a stolen or fearful
 * animal), where a sentence would name it.
 */
export const UNNAMED_ANIMAL: Record<FinderLanguage, string> = {
  fr: 'L’animal',
  en: 'The animal',
  es: 'El animal',
  de: 'Das Tier',
  it: 'L’animale',
  nl: 'Het dier',
};

/**
 * What a finder reads once the household marked the animal found (a 'found' line of their conversation): on
 * their page and in their e-mail, in their language, agreed with the animal's sex where the language does.
 */
export function animalHomeText(language: FinderLanguage, name: string, sex: string | null): string {
  switch (language) {
    case 'fr':
      return agreeWith(sex, {
        male: `${name} est rentré chez lui, merci !`,
        female: `${name} est rentrée chez elle, merci !`,
        unknown: `${name} est rentré à la maison, merci !`,
      });
    case 'en':
      return `${name} is back home. Thank you!`;
    case 'es':
      return `¡${name} ya está en casa, gracias!`;
    case 'de':
      return `${name} ist wieder zu Hause, danke!`;
    case 'it':
      return agreeWith(sex, { male: `${name} è tornato a casa, grazie!`, female: `${name} è tornata a casa, grazie!` });
    case 'nl':
      return `${name} is weer thuis, bedankt!`;
  }
}
