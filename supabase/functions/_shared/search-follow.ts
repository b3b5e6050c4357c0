// What a search's followers are told (docs/product/search.md, 'Suivre cette recherche'), in the language of the
// page they followed from: by e-mail, first the confirmation (the only e-mail an address gets before its owner
// confirmed; it carries nothing anyone chose, not even the animal's name, and the way to stop every e-mail to the
// address), then at most one digest an hour of the new sightings, and the news that the animal was found; by
// push, the same digest and news. Every e-mail after the confirmation stops the follow in one click (RFC 8058).
import { call, type ServiceDatabase } from './database.ts';
import { animalHomeText, type FinderLanguage, isFinderLanguage, UNNAMED_ANIMAL } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';
import { finderVoice, oneClickUnsubscribe, stopEveryMail } from './finder-mail.ts';
import { searchFollowUrl, searchPath, searchUrl, stopFollowUrl } from './links.ts';
import type { Mail } from './mail.ts';
import { composeMail, type MailParagraph } from './mail-layout.ts';
import { sendOrQueue } from './outbox.ts';
import { type PushPayload, pushToFollowers } from './push.ts';

type Kind = 'seen' | 'with_me';

interface FollowWords {
  confirmSubject: string;
  confirmText: string;
  confirmAction: string;
  notAsked: string;
  digestSubject: (name: string) => string;
  digestText: (count: number, name: string) => string;
  kinds: Record<Kind, string>;
  open: string;
  foundSubject: string;
  foundThanks: string;
  following: string;
  unfollow: string;
}

const WORDS: Record<FinderLanguage, FollowWords> = {
  fr: {
    confirmSubject: 'Confirmez le suivi de la recherche',
    confirmText:
      'Quelqu’un, vous sans doute, a demandé à suivre la recherche d’un animal perdu sur Médaille avec cette adresse : les nouveaux signalements au plus une fois par heure, et la nouvelle quand il sera retrouvé. Rien ne vous sera envoyé avant que vous ne confirmiez.',
    confirmAction: 'Confirmer le suivi',
    notAsked: 'Vous n’avez rien demandé ? Ignorez cet e-mail : vous ne recevrez rien d’autre.',
    digestSubject: (name) => `Nouveaux signalements : ${name}`,
    digestText: (count, name) =>
      count === 1
        ? `1 nouveau signalement sur la page de recherche de ${name}`
        : `${count} nouveaux signalements sur la page de recherche de ${name}`,
    kinds: { seen: "Je l'ai vu", with_me: "Je l'ai avec moi" },
    open: 'Voir la page de recherche',
    foundSubject: 'Retrouvé !',
    foundThanks: 'Merci à toutes celles et à tous ceux qui ont aidé à chercher.',
    following: 'Vous recevez cet e-mail parce que vous suivez cette recherche.',
    unfollow: 'Ne plus la suivre',
  },
  en: {
    confirmSubject: 'Confirm that you follow the search',
    confirmText:
      'Someone, probably you, asked to follow the search for a lost animal on Médaille with this address: new sightings at most once an hour, and the news when it is found. Nothing will be sent to you before you confirm.',
    confirmAction: 'Confirm',
    notAsked: 'Did not ask for anything? Ignore this e-mail: you will receive nothing else.',
    digestSubject: (name) => `New sightings: ${name}`,
    digestText: (count, name) =>
      count === 1 ? `1 new sighting on ${name}'s search page` : `${count} new sightings on ${name}'s search page`,
    kinds: { seen: 'I saw it', with_me: 'I have it with me' },
    open: 'See the search page',
    foundSubject: 'Found!',
    foundThanks: 'Thank you to everyone who helped search.',
    following: 'You receive this e-mail because you follow this search.',
    unfollow: 'Stop following it',
  },
  es: {
    confirmSubject: 'Confirme que sigue la búsqueda',
    confirmText:
      'Alguien, seguramente usted, ha pedido seguir la búsqueda de un animal perdido en Médaille con esta dirección: los nuevos avistamientos como mucho una vez por hora, y la noticia cuando aparezca. No se le enviará nada antes de que confirme.',
    confirmAction: 'Confirmar',
    notAsked: '¿No ha pedido nada? Ignore este correo: no recibirá nada más.',
    digestSubject: (name) => `Nuevos avistamientos: ${name}`,
    digestText: (count, name) =>
      count === 1
        ? `1 nuevo avistamiento en la página de búsqueda de ${name}`
        : `${count} nuevos avistamientos en la página de búsqueda de ${name}`,
    kinds: { seen: 'Lo he visto', with_me: 'Lo tengo conmigo' },
    open: 'Ver la página de búsqueda',
    foundSubject: '¡Encontrado!',
    foundThanks: 'Gracias a todas las personas que ayudaron a buscar.',
    following: 'Recibe este correo porque sigue esta búsqueda.',
    unfollow: 'Dejar de seguirla',
  },
  de: {
    confirmSubject: 'Bestätigen Sie, dass Sie der Suche folgen',
    confirmText:
      'Jemand, wahrscheinlich Sie, möchte mit dieser Adresse der Suche nach einem vermissten Tier auf Médaille folgen: neue Sichtungen höchstens einmal pro Stunde und die Nachricht, wenn es gefunden ist. Bevor Sie bestätigen, erhalten Sie nichts.',
    confirmAction: 'Bestätigen',
    notAsked: 'Nichts angefordert? Ignorieren Sie diese E-Mail: Sie erhalten nichts weiter.',
    digestSubject: (name) => `Neue Sichtungen: ${name}`,
    digestText: (count, name) =>
      count === 1
        ? `1 neue Sichtung auf der Suchseite von ${name}`
        : `${count} neue Sichtungen auf der Suchseite von ${name}`,
    kinds: { seen: 'Ich habe es gesehen', with_me: 'Ich habe es bei mir' },
    open: 'Suchseite ansehen',
    foundSubject: 'Gefunden!',
    foundThanks: 'Danke an alle, die bei der Suche geholfen haben.',
    following: 'Sie erhalten diese E-Mail, weil Sie dieser Suche folgen.',
    unfollow: 'Nicht mehr folgen',
  },
  it: {
    confirmSubject: 'Confermi che segue la ricerca',
    confirmText:
      'Qualcuno, probabilmente lei, ha chiesto di seguire con questo indirizzo la ricerca di un animale smarrito su Médaille: le nuove segnalazioni al massimo una volta l’ora, e la notizia quando sarà ritrovato. Non le sarà inviato nulla prima della conferma.',
    confirmAction: 'Conferma',
    notAsked: 'Non ha chiesto nulla? Ignori questa e-mail: non riceverà altro.',
    digestSubject: (name) => `Nuove segnalazioni: ${name}`,
    digestText: (count, name) =>
      count === 1
        ? `1 nuova segnalazione sulla pagina di ricerca di ${name}`
        : `${count} nuove segnalazioni sulla pagina di ricerca di ${name}`,
    kinds: { seen: "L'ho visto", with_me: "L'ho con me" },
    open: 'Vedi la pagina di ricerca',
    foundSubject: 'Ritrovato!',
    foundThanks: 'Grazie a tutte e a tutti coloro che hanno aiutato a cercare.',
    following: 'Riceve questa e-mail perché segue questa ricerca.',
    unfollow: 'Non seguirla più',
  },
  nl: {
    confirmSubject: 'Bevestig dat u de zoektocht volgt',
    confirmText:
      'Iemand, waarschijnlijk u, wil met dit adres de zoektocht naar een vermist dier op Médaille volgen: nieuwe meldingen hooguit eens per uur, en het nieuws wanneer het gevonden is. U ontvangt niets voordat u bevestigt.',
    confirmAction: 'Bevestigen',
    notAsked: 'Niets gevraagd? Negeer deze e-mail: u ontvangt verder niets.',
    digestSubject: (name) => `Nieuwe meldingen: ${name}`,
    digestText: (count, name) =>
      count === 1
        ? `1 nieuwe melding op de zoekpagina van ${name}`
        : `${count} nieuwe meldingen op de zoekpagina van ${name}`,
    kinds: { seen: 'Ik heb het gezien', with_me: 'Ik heb het bij me' },
    open: 'Zoekpagina bekijken',
    foundSubject: 'Gevonden!',
    foundThanks: 'Dank aan iedereen die heeft helpen zoeken.',
    following: 'U ontvangt deze e-mail omdat u deze zoektocht volgt.',
    unfollow: 'Niet meer volgen',
  },
};

const languageOf = (language: string): FinderLanguage => (isFinderLanguage(language) ? language : 'fr');

/** The confirmation of a follow by e-mail: its link opens the page that asks (opening it changes nothing). */
export function confirmFollowMail(
  env: FunctionEnv,
  follow: { to: string; searchId: string; token: string; stopToken: string; language: string },
): Mail {
  const language = languageOf(follow.language);
  const words = WORDS[language];
  const stop = stopEveryMail(env, follow.stopToken, language);
  const mail = composeMail(
    {
      to: follow.to,
      subject: words.confirmSubject,
      paragraphs: [{ text: words.confirmText }],
      action: { label: words.confirmAction, href: searchFollowUrl(env, follow.searchId, follow.token, language) },
      after: [{ text: words.notAsked }, stop.paragraph],
    },
    finderVoice(language),
  );
  return { ...mail, headers: stop.headers };
}

/** A follower to tell, as claim_search_news answers it: an address, or a browser's subscription. */
interface FollowerNews {
  follower_id: string;
  token: string;
  language: string;
  email: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  search_id: string;
  animal_name: string | null;
  animal_sex: string | null;
  /** The household's thanks, for the news of the return. */
  thanks?: string | null;
}

interface DigestNews extends FollowerNews {
  count: number;
  sightings: { kind: Kind; seen_at: string; place: string | null; words: string | null }[];
}

const timeText = (language: FinderLanguage, at: string) =>
  new Date(at).toLocaleString(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** What a follower's e-mail or push says of this news. */
function told(news: FollowerNews | DigestNews) {
  const language = languageOf(news.language);
  const words = WORDS[language];
  const name = news.animal_name ?? UNNAMED_ANIMAL[language];
  if ('count' in news) {
    // The list follows in the e-mail: its colon, as the language writes one.
    const paragraphs: MailParagraph[] = [
      { text: `${words.digestText(news.count, name)}${finderVoice(language).colon.trimEnd()}` },
    ];
    for (const sighting of news.sightings) {
      const line = [words.kinds[sighting.kind], timeText(language, sighting.seen_at), sighting.place].filter(Boolean);
      paragraphs.push({ text: '', strong: line.join(' · ') });
      if (sighting.words) paragraphs.push({ text: sighting.words, quote: true });
    }
    return {
      language,
      words,
      subject: words.digestSubject(name),
      paragraphs,
      line: words.digestText(news.count, name),
    };
  }
  const home = animalHomeText(language, name, news.animal_sex);
  return {
    language,
    words,
    subject: words.foundSubject,
    paragraphs: [
      { text: home },
      ...(news.thanks ? [{ text: news.thanks, quote: true }] : []),
      { text: words.foundThanks },
    ],
    line: home,
  };
}

/** An e-mail follower's news, which stops their follow in one click. */
function followerMail(env: FunctionEnv, news: FollowerNews | DigestNews, to: string): Mail {
  const { language, words, subject, paragraphs } = told(news);
  const unfollow = searchFollowUrl(env, news.search_id, news.token, language);
  const mail = composeMail(
    {
      to,
      subject,
      paragraphs,
      action: { label: words.open, href: searchUrl(env, news.search_id, language) },
      after: [{ text: words.following, link: { label: words.unfollow, href: unfollow } }],
    },
    finderVoice(language),
  );
  return { ...mail, headers: oneClickUnsubscribe(stopFollowUrl(env, news.search_id, news.token, language)) };
}

/** A push follower's news: nothing a passer-by typed (the lock screen is anyone's to read). */
function followerPush(news: FollowerNews | DigestNews): PushPayload {
  const { subject, line } = told(news);
  return { title: subject, body: line, url: searchPath(news.search_id), tag: `search-${news.search_id}` };
}

/**
 * deliver-outbox's run: claims the followers' news (claim_search_news) and sends it, the e-mails through the
 * outbox, the pushes with their retries. Answers how many followers were told.
 */
export async function tellSearchFollowers(env: FunctionEnv, db: ServiceDatabase): Promise<number> {
  const { found, digests } = await call<{ found: FollowerNews[]; digests: DigestNews[] }>(db, 'claim_search_news', {});
  const all = [...found, ...digests];
  const mails = all.flatMap((news) => (news.email ? [followerMail(env, news, news.email)] : []));
  await sendOrQueue(env, mails, { toAnyAddress: true });
  const pushes = all.flatMap((news) =>
    news.endpoint && news.p256dh && news.auth
      ? [
          {
            target: { id: news.follower_id, endpoint: news.endpoint, p256dh: news.p256dh, auth: news.auth },
            payload: followerPush(news),
          },
        ]
      : [],
  );
  await pushToFollowers(env, db, pushes);
  return all.length;
}
