// The e-mails to a finder about their conversation (DESIGN D17), in the language of the page they wrote from:
// their private link once they wrote, a word when the household answered, and one when the animal is home. Neither carries anything the
// finder or anyone else wrote, only the animal's name and our own link, so that nobody can use them to phish.

import { call, type ServiceDatabase } from './database.ts';
import { animalHomeText, CONVERSATION_LIMITS, type FinderLanguage, isFinderLanguage } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';
import { conversationUrl } from './links.ts';
import type { Mail } from './mail.ts';
import { composeMail, type MailVoice } from './mail-layout.ts';
import { sendOrQueue } from './outbox.ts';

interface FinderMailWords {
  voice: MailVoice;
  linkSubject: (name: string) => string;
  linkText: (name: string) => string;
  keepPrivate: string;
  validity: (days: number) => string;
  answerSubject: (name: string) => string;
  answerText: (name: string) => string;
  /** After the animal-is-home sentence (animalHomeText), its subject. */
  foundText: string;
  open: string;
}

const voice = (language: string, greeting: string, signature: string, colon = ': '): MailVoice => ({
  language,
  greeting,
  signature,
  colon,
});

const WORDS: Record<FinderLanguage, FinderMailWords> = {
  fr: {
    voice: voice('fr', 'Bonjour,', "L'équipe Médaille", ' : '),
    linkSubject: (name) => `Votre conversation au sujet de ${name}`,
    linkText: (name) =>
      `Vous avez écrit au propriétaire de ${name}. Ce lien privé vous ramène à la conversation : vous y lirez ses réponses et pourrez lui écrire à nouveau.`,
    keepPrivate: 'Gardez-le pour vous : qui a ce lien peut lire la conversation.',
    validity: (days) => `Le lien reste valable ${days} jours après le dernier message.`,
    answerSubject: (name) => `Nouvelle réponse au sujet de ${name}`,
    answerText: (name) => `Le propriétaire de ${name} vous a répondu.`,
    foundText: 'Merci pour votre aide. La conversation reste ouverte si vous voulez écrire encore.',
    open: 'Ouvrir la conversation',
  },
  en: {
    voice: voice('en', 'Hello,', 'The Médaille team'),
    linkSubject: (name) => `Your conversation about ${name}`,
    linkText: (name) =>
      `You wrote to ${name}'s owner. This private link takes you back to the conversation: you will read their answers there and can write again.`,
    keepPrivate: 'Keep it to yourself: anyone with this link can read the conversation.',
    validity: (days) => `The link stays valid for ${days} days after the last message.`,
    answerSubject: (name) => `New answer about ${name}`,
    answerText: (name) => `${name}'s owner has answered you.`,
    foundText: 'Thank you for your help. The conversation stays open if you want to write again.',
    open: 'Open the conversation',
  },
  es: {
    voice: voice('es', 'Hola:', 'El equipo de Médaille'),
    linkSubject: (name) => `Su conversación sobre ${name}`,
    linkText: (name) =>
      `Ha escrito al dueño de ${name}. Este enlace privado le lleva de vuelta a la conversación: allí leerá sus respuestas y podrá escribirle de nuevo.`,
    keepPrivate: 'Guárdelo para usted: quien tenga este enlace puede leer la conversación.',
    validity: (days) => `El enlace es válido durante ${days} días después del último mensaje.`,
    answerSubject: (name) => `Nueva respuesta sobre ${name}`,
    answerText: (name) => `El dueño de ${name} le ha respondido.`,
    foundText: 'Gracias por su ayuda. La conversación sigue abierta si quiere volver a escribir.',
    open: 'Abrir la conversación',
  },
  de: {
    voice: voice('de', 'Hallo,', 'Ihr Médaille-Team'),
    linkSubject: (name) => `Ihre Unterhaltung über ${name}`,
    linkText: (name) =>
      `Sie haben dem Besitzer von ${name} geschrieben. Dieser private Link führt Sie zurück zur Unterhaltung: Dort lesen Sie seine Antworten und können erneut schreiben.`,
    keepPrivate: 'Behalten Sie ihn für sich: Wer diesen Link hat, kann die Unterhaltung lesen.',
    validity: (days) => `Der Link bleibt ${days} Tage nach der letzten Nachricht gültig.`,
    answerSubject: (name) => `Neue Antwort zu ${name}`,
    answerText: (name) => `Der Besitzer von ${name} hat Ihnen geantwortet.`,
    foundText: 'Vielen Dank für Ihre Hilfe. Die Unterhaltung bleibt offen, falls Sie noch einmal schreiben möchten.',
    open: 'Unterhaltung öffnen',
  },
  it: {
    voice: voice('it', 'Buongiorno,', 'Il team di Médaille'),
    linkSubject: (name) => `La sua conversazione su ${name}`,
    linkText: (name) =>
      `Ha scritto al proprietario di ${name}. Questo link privato la riporta alla conversazione: lì leggerà le sue risposte e potrà scrivere di nuovo.`,
    keepPrivate: 'Lo tenga per sé: chiunque abbia questo link può leggere la conversazione.',
    validity: (days) => `Il link resta valido per ${days} giorni dopo l'ultimo messaggio.`,
    answerSubject: (name) => `Nuova risposta su ${name}`,
    answerText: (name) => `Il proprietario di ${name} le ha risposto.`,
    foundText: 'Grazie per il suo aiuto. La conversazione resta aperta se vuole scrivere ancora.',
    open: 'Apri la conversazione',
  },
  nl: {
    voice: voice('nl', 'Hallo,', 'Het Médaille-team'),
    linkSubject: (name) => `Uw gesprek over ${name}`,
    linkText: (name) =>
      `U hebt de eigenaar van ${name} geschreven. Deze privélink brengt u terug naar het gesprek: daar leest u de antwoorden en kunt u opnieuw schrijven.`,
    keepPrivate: 'Houd hem voor uzelf: wie deze link heeft, kan het gesprek lezen.',
    validity: (days) => `De link blijft ${days} dagen na het laatste bericht geldig.`,
    answerSubject: (name) => `Nieuw antwoord over ${name}`,
    answerText: (name) => `De eigenaar van ${name} heeft u geantwoord.`,
    foundText: 'Bedankt voor uw hulp. Het gesprek blijft open als u nog eens wilt schrijven.',
    open: 'Gesprek openen',
  },
};

export interface FinderMailFacts {
  to: string;
  token: string;
  language: FinderLanguage;
  animalName: string;
}

/** The finder's private link, sent once they wrote, if they gave their address. */
export function conversationLinkMail(env: FunctionEnv, { to, token, language, animalName }: FinderMailFacts): Mail {
  const words = WORDS[language];
  return composeMail(
    {
      to,
      subject: words.linkSubject(animalName),
      paragraphs: [{ text: words.linkText(animalName) }, { text: words.keepPrivate }],
      action: { label: words.open, href: conversationUrl(env, token) },
      after: [{ text: words.validity(CONVERSATION_LIMITS.validDays) }],
    },
    words.voice,
  );
}

/** A word that the household answered, with the link and none of the answer's words. */
export function conversationAnswerMail(env: FunctionEnv, { to, token, language, animalName }: FinderMailFacts): Mail {
  const words = WORDS[language];
  return composeMail(
    {
      to,
      subject: words.answerSubject(animalName),
      paragraphs: [{ text: words.answerText(animalName) }],
      action: { label: words.open, href: conversationUrl(env, token) },
    },
    words.voice,
  );
}

/** The word that the animal is home, for a finder who left their address: the sentence is the subject too. */
export function animalHomeMail(
  env: FunctionEnv,
  { to, token, language, animalName, animalSex }: FinderMailFacts & { animalSex: string | null },
): Mail {
  const words = WORDS[language];
  const home = animalHomeText(language, animalName, animalSex);
  return composeMail(
    {
      to,
      subject: home,
      paragraphs: [{ text: home }, { text: words.foundText }],
      action: { label: words.open, href: conversationUrl(env, token) },
    },
    words.voice,
  );
}

/** What claim_found_notices answers for each finder to tell. */
interface FoundNotice {
  to: string;
  token: string;
  language: string;
  animal_name: string;
  animal_sex: string | null;
}

/** Claims the 'found' words not e-mailed yet and sends (or queues) them; answers how many. */
export async function tellFindersAnimalHome(env: FunctionEnv, db: ServiceDatabase): Promise<number> {
  const notices = await call<FoundNotice[]>(db, 'claim_found_notices', {});
  const mails = notices.map((notice) =>
    animalHomeMail(env, {
      to: notice.to,
      token: notice.token,
      language: isFinderLanguage(notice.language) ? notice.language : 'fr',
      animalName: notice.animal_name,
      animalSex: notice.animal_sex,
    }),
  );
  await sendOrQueue(env, mails, { toAnyAddress: true });
  return notices.length;
}
