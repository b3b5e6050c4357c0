// The e-mails to a finder about their conversation (docs/decisions/0017-finder-owner-conversation.md), in the language
// of the page they wrote from:
// their private link once they wrote, a word when the household answered, and one when the animal is home; and
// to the finder of an animal without a medal (docs/product/found.md), their report's private link, then the word
// that an owner says it is theirs.
// Anyone may type any address in a message, so none carries anything the finder or anyone else wrote; their
// subjects carry nothing an owner chose either (not even the animal's name, which the body gives); each one
// first asks the database whether it may go (pass_finder_mail: the address's one window, its refusal), and
// carries a way to stop them all: RFC 8058's one-click List-Unsubscribe, and a link to the page that does it.
// The answers and the 'found' word go only to an address whose finder asked for them on the page of the link
// e-mailed to it (a button: opening the link asks nothing, as mail scanners open every link).

import { call, type ServiceDatabase } from './database.ts';
import { animalHomeText, CONVERSATION_LIMITS, type FinderLanguage, isFinderLanguage } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';
import { conversationUrl, foundPrivateUrl, stopFinderMailPageUrl, stopFinderMailUrl } from './links.ts';
import type { Mail } from './mail.ts';
import { composeMail, type MailParagraph, type MailVoice } from './mail-layout.ts';
import { sendOrQueue } from './outbox.ts';

interface FinderMailWords {
  voice: MailVoice;
  linkSubject: string;
  linkText: (name: string) => string;
  keepPrivate: string;
  /** That the answers are e-mailed only once the finder asks for them on the page of this e-mail's link. */
  openOnce: string;
  validity: (days: number) => string;
  /** A found animal reported with an address: the first e-mail, with the report's e-mailed link. */
  reportSubject: string;
  reportText: string;
  reportOpenOnce: string;
  reportOpen: string;
  /** 'C'est le mien': an owner opened a conversation from the finder's found animal's page. */
  claimSubject: string;
  claimText: string;
  answerSubject: string;
  answerText: (name: string) => string;
  foundSubject: string;
  /** After the animal-is-home sentence (animalHomeText). */
  foundText: string;
  open: string;
  /** The visible way to stop every e-mail to the address: its sentence and its link's words. */
  stopText: string;
  stopLabel: string;
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
    linkSubject: 'Votre conversation sur Médaille',
    linkText: (name) =>
      `Vous avez écrit au propriétaire de ${name}. Ce lien privé vous ramène à la conversation : vous y lirez ses réponses et pourrez lui écrire à nouveau.`,
    keepPrivate: 'Gardez-le pour vous : qui a ce lien peut lire la conversation.',
    openOnce: 'Pour être prévenu ici de ses réponses, ouvrez-le et choisissez « Me prévenir par e-mail ».',
    validity: (days) => `Le lien reste valable ${days} jours après le dernier message.`,
    reportSubject: 'Votre signalement sur Médaille',
    reportText:
      'Vous avez signalé sur Médaille un animal trouvé. Ce lien privé vous ramène à sa page : vous y lirez les messages des propriétaires qui pensent le reconnaître, et pourrez clore le signalement quand il sera rentré chez lui.',
    reportOpenOnce:
      'Pour être prévenu ici quand un propriétaire vous écrit, ouvrez-le et choisissez « Me prévenir par e-mail ».',
    reportOpen: 'Ouvrir mon signalement',
    claimSubject: "Quelqu'un pense que l'animal que vous avez trouvé est le sien",
    claimText:
      "Le propriétaire d'un animal perdu près de là pense que l'animal que vous avez signalé sur Médaille est le sien. Il vous a écrit : ce lien privé vous mène à la conversation, où vous pourrez lui répondre et lui poser des questions avant de le rencontrer.",
    answerSubject: 'Nouvelle réponse dans votre conversation sur Médaille',
    answerText: (name) => `Le propriétaire de ${name} vous a répondu.`,
    foundSubject: "Bonne nouvelle : l'animal est rentré chez lui",
    foundText: 'Merci pour votre aide. La conversation reste ouverte si vous voulez écrire encore.',
    open: 'Ouvrir la conversation',
    stopText: "Vous ne voulez plus d'e-mails de Médaille à cette adresse ?",
    stopLabel: 'Ne plus en recevoir',
  },
  en: {
    voice: voice('en', 'Hello,', 'The Médaille team'),
    linkSubject: 'Your conversation on Médaille',
    linkText: (name) =>
      `You wrote to ${name}'s owner. This private link takes you back to the conversation: you will read their answers there and can write again.`,
    keepPrivate: 'Keep it to yourself: anyone with this link can read the conversation.',
    openOnce: 'To be told of their answers here, open it and choose “Tell me by e-mail”.',
    validity: (days) => `The link stays valid for ${days} days after the last message.`,
    reportSubject: 'Your report on Médaille',
    reportText:
      'You reported an animal you found on Médaille. This private link takes you back to its page: there you will read the messages of owners who think they recognise it, and can close the report once it is home.',
    reportOpenOnce: 'To be told here when an owner writes to you, open it and choose “Tell me by e-mail”.',
    reportOpen: 'Open my report',
    claimSubject: 'Someone thinks the animal you found is theirs',
    claimText:
      'The owner of an animal lost nearby thinks the animal you reported on Médaille is theirs. They have written to you: this private link takes you to the conversation, where you can answer and ask them questions before you meet.',
    answerSubject: 'New answer in your conversation on Médaille',
    answerText: (name) => `${name}'s owner has answered you.`,
    foundSubject: 'Good news: the animal is back home',
    foundText: 'Thank you for your help. The conversation stays open if you want to write again.',
    open: 'Open the conversation',
    stopText: "Don't want e-mails from Médaille at this address?",
    stopLabel: 'Stop them',
  },
  es: {
    voice: voice('es', 'Hola:', 'El equipo de Médaille'),
    linkSubject: 'Su conversación en Médaille',
    linkText: (name) =>
      `Ha escrito al dueño de ${name}. Este enlace privado le lleva de vuelta a la conversación: allí leerá sus respuestas y podrá escribirle de nuevo.`,
    keepPrivate: 'Guárdelo para usted: quien tenga este enlace puede leer la conversación.',
    openOnce: 'Para recibir aquí el aviso de sus respuestas, ábralo y elija «Avisarme por correo».',
    validity: (days) => `El enlace es válido durante ${days} días después del último mensaje.`,
    reportSubject: 'Su aviso en Médaille',
    reportText:
      'Ha avisado en Médaille de un animal encontrado. Este enlace privado le lleva de vuelta a su página: allí leerá los mensajes de los dueños que crean reconocerlo, y podrá cerrar el aviso cuando haya vuelto a casa.',
    reportOpenOnce: 'Para recibir aquí un aviso cuando un dueño le escriba, ábralo y elija «Avisarme por correo».',
    reportOpen: 'Abrir mi aviso',
    claimSubject: 'Alguien cree que el animal que encontró es suyo',
    claimText:
      'El dueño de un animal perdido cerca de allí cree que el animal que usted señaló en Médaille es el suyo. Le ha escrito: este enlace privado le lleva a la conversación, donde podrá responderle y hacerle preguntas antes de verse.',
    answerSubject: 'Nueva respuesta en su conversación en Médaille',
    answerText: (name) => `El dueño de ${name} le ha respondido.`,
    foundSubject: 'Buenas noticias: el animal ha vuelto a casa',
    foundText: 'Gracias por su ayuda. La conversación sigue abierta si quiere volver a escribir.',
    open: 'Abrir la conversación',
    stopText: '¿No quiere más correos de Médaille en esta dirección?',
    stopLabel: 'Dejar de recibirlos',
  },
  de: {
    voice: voice('de', 'Hallo,', 'Ihr Médaille-Team'),
    linkSubject: 'Ihre Unterhaltung auf Médaille',
    linkText: (name) =>
      `Sie haben dem Besitzer von ${name} geschrieben. Dieser private Link führt Sie zurück zur Unterhaltung: Dort lesen Sie seine Antworten und können erneut schreiben.`,
    keepPrivate: 'Behalten Sie ihn für sich: Wer diesen Link hat, kann die Unterhaltung lesen.',
    openOnce:
      'Um hier über Antworten benachrichtigt zu werden, öffnen Sie ihn und wählen Sie „Per E-Mail benachrichtigen“.',
    validity: (days) => `Der Link bleibt ${days} Tage nach der letzten Nachricht gültig.`,
    reportSubject: 'Ihre Meldung auf Médaille',
    reportText:
      'Sie haben auf Médaille ein gefundenes Tier gemeldet. Dieser private Link führt Sie zurück zu seiner Seite: Dort lesen Sie die Nachrichten von Besitzern, die es zu erkennen glauben, und können die Meldung schließen, sobald es wieder zu Hause ist.',
    reportOpenOnce:
      'Um hier benachrichtigt zu werden, wenn ein Besitzer Ihnen schreibt, öffnen Sie ihn und wählen Sie „Per E-Mail benachrichtigen“.',
    reportOpen: 'Meine Meldung öffnen',
    claimSubject: 'Jemand glaubt, dass das gefundene Tier seines ist',
    claimText:
      'Der Besitzer eines in der Nähe verlorenen Tieres glaubt, dass das Tier, das Sie auf Médaille gemeldet haben, seines ist. Er hat Ihnen geschrieben: Dieser private Link führt Sie zur Unterhaltung, wo Sie ihm antworten und Fragen stellen können, bevor Sie sich treffen.',
    answerSubject: 'Neue Antwort in Ihrer Unterhaltung auf Médaille',
    answerText: (name) => `Der Besitzer von ${name} hat Ihnen geantwortet.`,
    foundSubject: 'Gute Nachricht: Das Tier ist wieder zu Hause',
    foundText: 'Vielen Dank für Ihre Hilfe. Die Unterhaltung bleibt offen, falls Sie noch einmal schreiben möchten.',
    open: 'Unterhaltung öffnen',
    stopText: 'Keine E-Mails von Médaille mehr an diese Adresse?',
    stopLabel: 'Abbestellen',
  },
  it: {
    voice: voice('it', 'Buongiorno,', 'Il team di Médaille'),
    linkSubject: 'La sua conversazione su Médaille',
    linkText: (name) =>
      `Ha scritto al proprietario di ${name}. Questo link privato la riporta alla conversazione: lì leggerà le sue risposte e potrà scrivere di nuovo.`,
    keepPrivate: 'Lo tenga per sé: chiunque abbia questo link può leggere la conversazione.',
    openOnce: 'Per essere avvisato qui delle risposte, lo apra e scelga «Avvisami per e-mail».',
    validity: (days) => `Il link resta valido per ${days} giorni dopo l'ultimo messaggio.`,
    reportSubject: 'La sua segnalazione su Médaille',
    reportText:
      'Ha segnalato su Médaille un animale trovato. Questo link privato la riporta alla sua pagina: lì leggerà i messaggi dei proprietari che pensano di riconoscerlo, e potrà chiudere la segnalazione quando sarà tornato a casa.',
    reportOpenOnce: 'Per essere avvisato qui quando un proprietario le scrive, lo apra e scelga «Avvisami per e-mail».',
    reportOpen: 'Apri la mia segnalazione',
    claimSubject: "Qualcuno pensa che l'animale che ha trovato sia suo",
    claimText:
      "Il proprietario di un animale smarrito lì vicino pensa che l'animale che lei ha segnalato su Médaille sia il suo. Le ha scritto: questo link privato la porta alla conversazione, dove potrà rispondergli e fargli domande prima di incontrarvi.",
    answerSubject: 'Nuova risposta nella sua conversazione su Médaille',
    answerText: (name) => `Il proprietario di ${name} le ha risposto.`,
    foundSubject: "Buone notizie: l'animale è tornato a casa",
    foundText: 'Grazie per il suo aiuto. La conversazione resta aperta se vuole scrivere ancora.',
    open: 'Apri la conversazione',
    stopText: 'Non vuole più e-mail da Médaille a questo indirizzo?',
    stopLabel: 'Non riceverle più',
  },
  nl: {
    voice: voice('nl', 'Hallo,', 'Het Médaille-team'),
    linkSubject: 'Uw gesprek op Médaille',
    linkText: (name) =>
      `U hebt de eigenaar van ${name} geschreven. Deze privélink brengt u terug naar het gesprek: daar leest u de antwoorden en kunt u opnieuw schrijven.`,
    keepPrivate: 'Houd hem voor uzelf: wie deze link heeft, kan het gesprek lezen.',
    openOnce: 'Wilt u hier bericht krijgen van antwoorden? Open hem en kies ‘Stuur mij een e-mail’.',
    validity: (days) => `De link blijft ${days} dagen na het laatste bericht geldig.`,
    reportSubject: 'Uw melding op Médaille',
    reportText:
      'U hebt op Médaille een gevonden dier gemeld. Deze privélink brengt u terug naar de pagina ervan: daar leest u de berichten van eigenaars die denken het te herkennen, en kunt u de melding sluiten zodra het weer thuis is.',
    reportOpenOnce: 'Wilt u hier bericht krijgen als een eigenaar u schrijft? Open hem en kies ‘Stuur mij een e-mail’.',
    reportOpen: 'Mijn melding openen',
    claimSubject: 'Iemand denkt dat het dier dat u vond van hem is',
    claimText:
      'De eigenaar van een dier dat in de buurt is verdwenen, denkt dat het dier dat u op Médaille meldde het zijne is. Hij heeft u geschreven: deze privélink brengt u naar het gesprek, waar u kunt antwoorden en vragen stellen voordat u afspreekt.',
    answerSubject: 'Nieuw antwoord in uw gesprek op Médaille',
    answerText: (name) => `De eigenaar van ${name} heeft u geantwoord.`,
    foundSubject: 'Goed nieuws: het dier is weer thuis',
    foundText: 'Bedankt voor uw hulp. Het gesprek blijft open als u nog eens wilt schrijven.',
    open: 'Gesprek openen',
    stopText: 'Geen e-mails van Médaille meer op dit adres?',
    stopLabel: 'Afmelden',
  },
};

/**
 * One e-mail to a finder: which one, where, with their conversation's e-mailed link (mail_token), or for
 * 'report' their found report's. 'claim' names no animal: the owner's search may hide its name, and the finder
 * knows which animal they found.
 */
export type FinderLetter = { to: string; token: string; language: string } & (
  | { kind: 'link' | 'answer' | 'found'; animalName: string; animalSex?: string | null }
  | { kind: 'claim' }
  | { kind: 'report'; reportId: string }
);

/** What each kind of e-mail says, its subject apart. */
function content(words: FinderMailWords, letter: FinderLetter, language: FinderLanguage) {
  if (letter.kind === 'report') {
    return {
      subject: words.reportSubject,
      paragraphs: [{ text: words.reportText }, { text: words.keepPrivate }, { text: words.reportOpenOnce }],
      after: [],
    };
  }
  if (letter.kind === 'claim') {
    return {
      subject: words.claimSubject,
      paragraphs: [{ text: words.claimText }, { text: words.keepPrivate }, { text: words.openOnce }],
      after: [{ text: words.validity(CONVERSATION_LIMITS.validDays) }],
    };
  }
  const { kind, animalName, animalSex } = letter;
  switch (kind) {
    case 'link':
      return {
        subject: words.linkSubject,
        paragraphs: [{ text: words.linkText(animalName) }, { text: words.keepPrivate }, { text: words.openOnce }],
        after: [{ text: words.validity(CONVERSATION_LIMITS.validDays) }],
      };
    case 'answer':
      return { subject: words.answerSubject, paragraphs: [{ text: words.answerText(animalName) }], after: [] };
    case 'found': {
      const home = animalHomeText(language, animalName, animalSex ?? null);
      return { subject: words.foundSubject, paragraphs: [{ text: home }, { text: words.foundText }], after: [] };
    }
  }
}

/** The greeting and signature of an e-mail to a finder's address, in its language. */
export const finderVoice = (language: FinderLanguage): MailVoice => WORDS[language].voice;

/** RFC 8058's headers: a mail client's one-click unsubscribe POSTs to that URL. */
export const oneClickUnsubscribe = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The way to stop every e-mail to a finder's address (its stop token): the paragraph that links to the site's
 * page, in the e-mail's language, and the one-click headers that post to the function.
 */
export function stopEveryMail(env: FunctionEnv, stopToken: string, language: FinderLanguage) {
  const words = WORDS[language];
  const page = stopFinderMailPageUrl(env, stopToken, language);
  const paragraph: MailParagraph = { text: words.stopText, link: { label: words.stopLabel, href: page } };
  return { paragraph, headers: oneClickUnsubscribe(stopFinderMailUrl(env, stopToken, language)) };
}

/** The e-mail itself, with the address's unsubscribe link as a header (RFC 8058) and as words. */
export function finderMail(env: FunctionEnv, letter: FinderLetter, unsubscribeToken: string): Mail {
  const language = isFinderLanguage(letter.language) ? letter.language : 'fr';
  const words = WORDS[language];
  const { subject, paragraphs, after } = content(words, letter, language);
  const stop = stopEveryMail(env, unsubscribeToken, language);
  const mail = composeMail(
    {
      to: letter.to,
      subject,
      paragraphs,
      action:
        letter.kind === 'report'
          ? { label: words.reportOpen, href: foundPrivateUrl(env, letter.reportId, letter.token, language) }
          : { label: words.open, href: conversationUrl(env, letter.token) },
      after: [...after, stop.paragraph],
    },
    words.voice,
  );
  return { ...mail, headers: stop.headers };
}

/**
 * Sends (or queues) each letter the database lets go: those to an address that asked for no more, or whose
 * window is full, are simply not sent (what they tell of stays on the finder's page). Never throws.
 */
export async function mailFinders(env: FunctionEnv, db: ServiceDatabase, letters: FinderLetter[]): Promise<void> {
  const mails: Mail[] = [];
  for (const letter of letters) {
    const pass = await call<string | null>(db, 'pass_finder_mail', {
      p_address: letter.to,
      p_link: letter.kind !== 'answer' && letter.kind !== 'found',
    }).catch((error) => {
      console.error('[finder-mail] the e-mail could not be checked, so it is not sent:', error);
      return null;
    });
    if (pass) mails.push(finderMail(env, letter, pass));
  }
  await sendOrQueue(env, mails, { toAnyAddress: true });
}

/** What claim_found_notices answers for each finder to tell. */
interface FoundNotice {
  to: string;
  token: string;
  language: string;
  animal_name: string;
  animal_sex: string | null;
}

/** Claims the 'found' words not e-mailed yet and sends (or queues) those that may go; answers how many were claimed. */
export async function tellFindersAnimalHome(env: FunctionEnv, db: ServiceDatabase): Promise<number> {
  const notices = await call<FoundNotice[]>(db, 'claim_found_notices', {});
  await mailFinders(
    env,
    db,
    notices.map((notice) => ({
      kind: 'found' as const,
      to: notice.to,
      token: notice.token,
      language: notice.language,
      animalName: notice.animal_name,
      animalSex: notice.animal_sex,
    })),
  );
  return notices.length;
}
