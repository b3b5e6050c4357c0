// The words of a loss's search page (search-page.tsx), in the scan page's six languages; the animal's facts take
// the scan page's own labels (copy.ts). Server only, as conversation-copy.ts is.
import { SEARCH_HEADINGS, type SearchHeadings } from '@medaille/domain';
import type { Language } from './i18n.ts';

export interface SearchWords extends SearchHeadings {
  /** The document's title. */
  title: string;
  lastSeenTitle: string;
  lastSeenOn: (date: string) => string;
  /** The area around the place, never a point. */
  within: (metres: number) => string;
  householdWords: string;
  foundText: string;
  /** An id that names no search, or one forgotten 90 days after the animal was found. */
  notFound: string;
  tooMany: string;
  unavailable: string;
  /** The sightings the household has not hidden. */
  sightingsTitle: string;
  seen: string;
  withMe: string;
  away: (metres: number) => string;
  /** The form that reports one, which works without JavaScript. */
  reportTitle: string;
  reportHint: string;
  place: string;
  when: string;
  words: string;
  /** The phone's position, asked by a button where the page's script runs; the household's alone. */
  position: string;
  positionAdded: string;
  positionFailed: string;
  /** A photo for the household alone. */
  photo: string;
  photoHint: string;
  /** Over the 700 KB a photo may weigh when sent (a page whose script could not make it small). */
  photoTooLarge: string;
  send: string;
  sent: string;
  tooLong: string;
  inFuture: string;
  invalidText: string;
  tooManyReports: string;
  /** 'Suivre cette recherche': by e-mail (confirmed from the e-mail first), or by push where the page's script runs. */
  followTitle: string;
  followHint: string;
  followEmail: string;
  followSend: string;
  /** Sent: the confirmation e-mail is on its way (whatever became of it: nobody learns who follows). */
  followAsked: string;
  /** The e-mails' link: the follow read, then confirmed or stopped by a button. */
  followConfirmText: string;
  followConfirm: string;
  followingText: string;
  unfollow: string;
  unfollowed: string;
  followLinkGone: string;
  invalidEmail: string;
  tooManyFollows: string;
  pushFollow: string;
  pushFollowing: string;
  pushUnfollow: string;
  pushBlocked: string;
  pushFailed: string;
}

export const SEARCH_WORDS: Record<Language, SearchWords> = {
  fr: {
    ...SEARCH_HEADINGS.fr,
    title: 'Recherche d’un animal perdu – Médaille',
    lastSeenTitle: 'Où chercher',
    lastSeenOn: (date) => `Le ${date}`,
    within: (metres) => `Dans un rayon d’environ ${metres} m`,
    householdWords: 'Ce que dit sa famille',
    foundText: 'Merci à toutes celles et à tous ceux qui ont aidé à chercher.',
    notFound: 'Cette recherche n’existe pas ou n’est plus en ligne.',
    tooMany: 'Trop de consultations depuis votre connexion. Réessayez dans une minute.',
    unavailable: 'Le service est momentanément indisponible. Réessayez dans un instant.',
    sightingsTitle: 'Derniers signalements',
    seen: "Je l'ai vu",
    withMe: "Je l'ai avec moi",
    away: (m) => `à environ ${m} m de la zone`,
    reportTitle: 'Vous l’avez vu ?',
    reportHint: 'Ce que vous écrivez ici est visible sur cette page et envoyé à sa famille.',
    place: 'Où ? (rue, commune)',
    when: 'Quand ?',
    words: 'Votre message (facultatif)',
    position: 'Ajouter ma position actuelle',
    positionAdded: 'Position ajoutée : sa famille la verra sur une carte, pas cette page.',
    positionFailed: 'Position indisponible. Indiquez le lieu ci-dessus.',
    photo: 'Une photo (facultatif)',
    photoHint: 'La photo n’est envoyée qu’à sa famille, jamais montrée sur cette page.',
    photoTooLarge: 'La photo est trop lourde (700 Ko au plus). Choisissez-en une autre ou envoyez sans photo.',
    send: 'Envoyer',
    sent: 'Merci ! Sa famille est prévenue.',
    tooLong: 'Le lieu ne doit pas dépasser 120 caractères, le message 500.',
    inFuture: 'L’heure indiquée est dans le futur.',
    invalidText: 'Le texte contient des caractères non valides.',
    tooManyReports: 'Vous avez déjà signalé cet animal plusieurs fois. Réessayez dans une heure.',
    followTitle: 'Suivre cette recherche',
    followHint:
      'Recevez les nouveaux signalements, au plus une fois par heure, et la nouvelle quand il sera retrouvé. Personne ne voit qui suit la recherche.',
    followEmail: 'Votre adresse e-mail',
    followSend: 'Suivre par e-mail',
    followAsked: 'Presque fini : confirmez depuis l’e-mail que nous venons d’envoyer à cette adresse.',
    followConfirmText: 'Confirmez que vous voulez suivre cette recherche par e-mail.',
    followConfirm: 'Confirmer le suivi',
    followingText: 'Vous suivez cette recherche par e-mail.',
    unfollow: 'Ne plus suivre',
    unfollowed: 'Vous ne suivez plus cette recherche.',
    followLinkGone: 'Ce lien de suivi n’est plus valable.',
    invalidEmail: "L'adresse e-mail n'est pas valide.",
    tooManyFollows: 'Trop de demandes depuis votre connexion. Réessayez dans une heure.',
    pushFollow: 'Recevoir une notification',
    pushFollowing: 'Vous recevrez une notification sur cet appareil.',
    pushUnfollow: 'Ne plus recevoir de notification',
    pushBlocked: 'Les notifications sont bloquées pour ce site dans votre navigateur.',
    pushFailed: 'Impossible d’activer les notifications. Réessayez dans un instant.',
  },
  en: {
    ...SEARCH_HEADINGS.en,
    title: 'Search for a lost animal – Médaille',
    lastSeenTitle: 'Where to look',
    lastSeenOn: (date) => `On ${date}`,
    within: (metres) => `Within about ${metres} m`,
    householdWords: 'What the family says',
    foundText: 'Thank you to everyone who helped search.',
    notFound: 'This search does not exist or is no longer online.',
    tooMany: 'Too many pages opened from your connection. Try again in a minute.',
    unavailable: 'The service is temporarily unavailable. Try again in a moment.',
    sightingsTitle: 'Latest sightings',
    seen: 'I saw it',
    withMe: 'I have it with me',
    away: (m) => `about ${m} m from the area`,
    reportTitle: 'Have you seen it?',
    reportHint: 'What you write here is shown on this page and sent to its family.',
    place: 'Where? (street, town)',
    when: 'When?',
    words: 'Your message (optional)',
    position: 'Add my current position',
    positionAdded: 'Position added: its family will see it on a map, this page will not.',
    positionFailed: 'Position unavailable. Write the place above.',
    photo: 'A photo (optional)',
    photoHint: 'The photo goes to its family only, never shown on this page.',
    photoTooLarge: 'The photo is too large (700 KB at most). Choose another one or send without a photo.',
    send: 'Send',
    sent: 'Thank you! Its family has been told.',
    tooLong: 'The place must be at most 120 characters, the message 500.',
    inFuture: 'The time given is in the future.',
    invalidText: 'The text contains characters that are not allowed.',
    tooManyReports: 'You have already reported this animal several times. Try again in an hour.',
    followTitle: 'Follow this search',
    followHint:
      'Get new sightings, at most once an hour, and the news when it is found. Nobody sees who follows the search.',
    followEmail: 'Your e-mail address',
    followSend: 'Follow by e-mail',
    followAsked: 'Almost done: confirm from the e-mail we have just sent to this address.',
    followConfirmText: 'Confirm that you want to follow this search by e-mail.',
    followConfirm: 'Confirm',
    followingText: 'You follow this search by e-mail.',
    unfollow: 'Stop following',
    unfollowed: 'You no longer follow this search.',
    followLinkGone: 'This follow link is no longer valid.',
    invalidEmail: 'The e-mail address is not valid.',
    tooManyFollows: 'Too many requests from your connection. Try again in an hour.',
    pushFollow: 'Get a notification',
    pushFollowing: 'You will get a notification on this device.',
    pushUnfollow: 'Stop notifications',
    pushBlocked: 'Notifications are blocked for this site in your browser.',
    pushFailed: 'Notifications could not be turned on. Try again in a moment.',
  },
  es: {
    ...SEARCH_HEADINGS.es,
    title: 'Búsqueda de un animal perdido – Médaille',
    lastSeenTitle: 'Dónde buscar',
    lastSeenOn: (date) => `El ${date}`,
    within: (metres) => `En un radio de unos ${metres} m`,
    householdWords: 'Lo que dice su familia',
    foundText: 'Gracias a todas las personas que ayudaron a buscar.',
    notFound: 'Esta búsqueda no existe o ya no está en línea.',
    tooMany: 'Demasiadas consultas desde tu conexión. Inténtalo de nuevo en un minuto.',
    unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en un instante.',
    sightingsTitle: 'Últimos avistamientos',
    seen: 'Lo he visto',
    withMe: 'Lo tengo conmigo',
    away: (m) => `a unos ${m} m de la zona`,
    reportTitle: '¿Lo has visto?',
    reportHint: 'Lo que escribas aquí se muestra en esta página y se envía a su familia.',
    place: '¿Dónde? (calle, municipio)',
    when: '¿Cuándo?',
    words: 'Tu mensaje (opcional)',
    position: 'Añadir mi posición actual',
    positionAdded: 'Posición añadida: su familia la verá en un mapa, esta página no.',
    positionFailed: 'Posición no disponible. Indica el lugar arriba.',
    photo: 'Una foto (opcional)',
    photoHint: 'La foto solo se envía a su familia, nunca se muestra en esta página.',
    photoTooLarge: 'La foto pesa demasiado (700 KB como máximo). Elige otra o envía sin foto.',
    send: 'Enviar',
    sent: '¡Gracias! Su familia ha sido avisada.',
    tooLong: 'El lugar no debe superar los 120 caracteres, el mensaje los 500.',
    inFuture: 'La hora indicada está en el futuro.',
    invalidText: 'El texto contiene caracteres no válidos.',
    tooManyReports: 'Ya has avisado de este animal varias veces. Inténtalo de nuevo en una hora.',
    followTitle: 'Seguir esta búsqueda',
    followHint:
      'Recibe los nuevos avistamientos, como mucho una vez por hora, y la noticia cuando aparezca. Nadie ve quién sigue la búsqueda.',
    followEmail: 'Tu dirección de correo',
    followSend: 'Seguir por correo',
    followAsked: 'Casi listo: confirma desde el correo que acabamos de enviar a esta dirección.',
    followConfirmText: 'Confirma que quieres seguir esta búsqueda por correo.',
    followConfirm: 'Confirmar',
    followingText: 'Sigues esta búsqueda por correo.',
    unfollow: 'Dejar de seguir',
    unfollowed: 'Ya no sigues esta búsqueda.',
    followLinkGone: 'Este enlace de seguimiento ya no es válido.',
    invalidEmail: 'La dirección de correo no es válida.',
    tooManyFollows: 'Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo en una hora.',
    pushFollow: 'Recibir una notificación',
    pushFollowing: 'Recibirás una notificación en este dispositivo.',
    pushUnfollow: 'No recibir más notificaciones',
    pushBlocked: 'Las notificaciones están bloqueadas para este sitio en tu navegador.',
    pushFailed: 'No se han podido activar las notificaciones. Inténtalo de nuevo en un instante.',
  },
  de: {
    ...SEARCH_HEADINGS.de,
    title: 'Suche nach einem vermissten Tier – Médaille',
    lastSeenTitle: 'Wo suchen',
    lastSeenOn: (date) => `Am ${date}`,
    within: (metres) => `Im Umkreis von etwa ${metres} m`,
    householdWords: 'Was die Familie sagt',
    foundText: 'Danke an alle, die bei der Suche geholfen haben.',
    notFound: 'Diese Suche gibt es nicht oder sie ist nicht mehr online.',
    tooMany: 'Zu viele Aufrufe von Ihrer Verbindung. Versuchen Sie es in einer Minute erneut.',
    unavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Versuchen Sie es gleich noch einmal.',
    sightingsTitle: 'Letzte Sichtungen',
    seen: 'Ich habe es gesehen',
    withMe: 'Ich habe es bei mir',
    away: (m) => `etwa ${m} m vom Gebiet entfernt`,
    reportTitle: 'Haben Sie es gesehen?',
    reportHint: 'Was Sie hier schreiben, wird auf dieser Seite gezeigt und an seine Familie gesendet.',
    place: 'Wo? (Straße, Ort)',
    when: 'Wann?',
    words: 'Ihre Nachricht (optional)',
    position: 'Meinen aktuellen Standort hinzufügen',
    positionAdded: 'Standort hinzugefügt: Seine Familie sieht ihn auf einer Karte, diese Seite nicht.',
    positionFailed: 'Standort nicht verfügbar. Geben Sie den Ort oben an.',
    photo: 'Ein Foto (optional)',
    photoHint: 'Das Foto geht nur an seine Familie und wird nie auf dieser Seite gezeigt.',
    photoTooLarge: 'Das Foto ist zu groß (höchstens 700 KB). Wählen Sie ein anderes oder senden Sie ohne Foto.',
    send: 'Senden',
    sent: 'Danke! Seine Familie wurde benachrichtigt.',
    tooLong: 'Der Ort darf höchstens 120 Zeichen lang sein, die Nachricht 500.',
    inFuture: 'Die angegebene Zeit liegt in der Zukunft.',
    invalidText: 'Der Text enthält ungültige Zeichen.',
    tooManyReports: 'Sie haben dieses Tier bereits mehrmals gemeldet. Versuchen Sie es in einer Stunde erneut.',
    followTitle: 'Dieser Suche folgen',
    followHint:
      'Erhalten Sie neue Sichtungen, höchstens einmal pro Stunde, und die Nachricht, wenn es gefunden ist. Niemand sieht, wer der Suche folgt.',
    followEmail: 'Ihre E-Mail-Adresse',
    followSend: 'Per E-Mail folgen',
    followAsked: 'Fast fertig: Bestätigen Sie in der E-Mail, die wir gerade an diese Adresse geschickt haben.',
    followConfirmText: 'Bestätigen Sie, dass Sie dieser Suche per E-Mail folgen möchten.',
    followConfirm: 'Bestätigen',
    followingText: 'Sie folgen dieser Suche per E-Mail.',
    unfollow: 'Nicht mehr folgen',
    unfollowed: 'Sie folgen dieser Suche nicht mehr.',
    followLinkGone: 'Dieser Link ist nicht mehr gültig.',
    invalidEmail: 'Die E-Mail-Adresse ist ungültig.',
    tooManyFollows: 'Zu viele Anfragen von Ihrer Verbindung. Versuchen Sie es in einer Stunde erneut.',
    pushFollow: 'Benachrichtigung erhalten',
    pushFollowing: 'Sie erhalten eine Benachrichtigung auf diesem Gerät.',
    pushUnfollow: 'Keine Benachrichtigungen mehr',
    pushBlocked: 'Benachrichtigungen sind für diese Website in Ihrem Browser blockiert.',
    pushFailed: 'Benachrichtigungen konnten nicht aktiviert werden. Versuchen Sie es gleich noch einmal.',
  },
  it: {
    ...SEARCH_HEADINGS.it,
    title: 'Ricerca di un animale smarrito – Médaille',
    lastSeenTitle: 'Dove cercare',
    lastSeenOn: (date) => `Il ${date}`,
    within: (metres) => `In un raggio di circa ${metres} m`,
    householdWords: 'Cosa dice la sua famiglia',
    foundText: 'Grazie a tutte le persone che hanno aiutato a cercare.',
    notFound: 'Questa ricerca non esiste o non è più online.',
    tooMany: 'Troppe consultazioni dalla tua connessione. Riprova tra un minuto.',
    unavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra un istante.',
    sightingsTitle: 'Ultimi avvistamenti',
    seen: 'L’ho visto',
    withMe: 'Ce l’ho con me',
    away: (m) => `a circa ${m} m dalla zona`,
    reportTitle: 'L’hai visto?',
    reportHint: 'Ciò che scrivi qui è visibile su questa pagina e inviato alla sua famiglia.',
    place: 'Dove? (via, comune)',
    when: 'Quando?',
    words: 'Il tuo messaggio (facoltativo)',
    position: 'Aggiungi la mia posizione attuale',
    positionAdded: 'Posizione aggiunta: la sua famiglia la vedrà su una mappa, questa pagina no.',
    positionFailed: 'Posizione non disponibile. Indica il luogo qui sopra.',
    photo: 'Una foto (facoltativa)',
    photoHint: 'La foto viene inviata solo alla sua famiglia, mai mostrata su questa pagina.',
    photoTooLarge: "La foto è troppo pesante (al massimo 700 KB). Scegline un'altra o invia senza foto.",
    send: 'Invia',
    sent: 'Grazie! La sua famiglia è stata avvisata.',
    tooLong: 'Il luogo non deve superare i 120 caratteri, il messaggio i 500.',
    inFuture: 'L’ora indicata è nel futuro.',
    invalidText: 'Il testo contiene caratteri non validi.',
    tooManyReports: 'Hai già segnalato questo animale più volte. Riprova tra un’ora.',
    followTitle: 'Segui questa ricerca',
    followHint:
      'Ricevi le nuove segnalazioni, al massimo una volta l’ora, e la notizia quando sarà ritrovato. Nessuno vede chi segue la ricerca.',
    followEmail: 'Il tuo indirizzo e-mail',
    followSend: 'Segui per e-mail',
    followAsked: 'Quasi fatto: conferma dall’e-mail che abbiamo appena inviato a questo indirizzo.',
    followConfirmText: 'Conferma che vuoi seguire questa ricerca per e-mail.',
    followConfirm: 'Conferma',
    followingText: 'Segui questa ricerca per e-mail.',
    unfollow: 'Non seguire più',
    unfollowed: 'Non segui più questa ricerca.',
    followLinkGone: 'Questo link non è più valido.',
    invalidEmail: 'L’indirizzo e-mail non è valido.',
    tooManyFollows: 'Troppe richieste dalla tua connessione. Riprova tra un’ora.',
    pushFollow: 'Ricevi una notifica',
    pushFollowing: 'Riceverai una notifica su questo dispositivo.',
    pushUnfollow: 'Non ricevere più notifiche',
    pushBlocked: 'Le notifiche sono bloccate per questo sito nel tuo browser.',
    pushFailed: 'Impossibile attivare le notifiche. Riprova tra un istante.',
  },
  nl: {
    ...SEARCH_HEADINGS.nl,
    title: 'Zoektocht naar een vermist dier – Médaille',
    lastSeenTitle: 'Waar zoeken',
    lastSeenOn: (date) => `Op ${date}`,
    within: (metres) => `Binnen ongeveer ${metres} m`,
    householdWords: 'Wat de familie zegt',
    foundText: 'Dank aan iedereen die heeft helpen zoeken.',
    notFound: 'Deze zoektocht bestaat niet of staat niet meer online.',
    tooMany: 'Te veel pagina’s geopend vanaf uw verbinding. Probeer het over een minuut opnieuw.',
    unavailable: 'De dienst is tijdelijk niet beschikbaar. Probeer het zo meteen opnieuw.',
    sightingsTitle: 'Laatste meldingen',
    seen: 'Ik heb het gezien',
    withMe: 'Ik heb het bij me',
    away: (m) => `ongeveer ${m} m van het gebied`,
    reportTitle: 'Hebt u het gezien?',
    reportHint: 'Wat u hier schrijft, staat op deze pagina en gaat naar de familie.',
    place: 'Waar? (straat, plaats)',
    when: 'Wanneer?',
    words: 'Uw bericht (optioneel)',
    position: 'Mijn huidige locatie toevoegen',
    positionAdded: 'Locatie toegevoegd: de familie ziet die op een kaart, deze pagina niet.',
    positionFailed: 'Locatie niet beschikbaar. Vul de plaats hierboven in.',
    photo: 'Een foto (optioneel)',
    photoHint: 'De foto gaat alleen naar de familie en wordt nooit op deze pagina getoond.',
    photoTooLarge: 'De foto is te groot (hooguit 700 kB). Kies een andere of verstuur zonder foto.',
    send: 'Versturen',
    sent: 'Dank u! De familie is op de hoogte gebracht.',
    tooLong: 'De plaats mag hoogstens 120 tekens lang zijn, het bericht 500.',
    inFuture: 'Het opgegeven tijdstip ligt in de toekomst.',
    invalidText: 'De tekst bevat ongeldige tekens.',
    tooManyReports: 'U hebt dit dier al meerdere keren gemeld. Probeer het over een uur opnieuw.',
    followTitle: 'Deze zoektocht volgen',
    followHint:
      'Ontvang nieuwe meldingen, hooguit eens per uur, en het nieuws wanneer het gevonden is. Niemand ziet wie de zoektocht volgt.',
    followEmail: 'Uw e-mailadres',
    followSend: 'Volgen per e-mail',
    followAsked: 'Bijna klaar: bevestig via de e-mail die we net naar dit adres hebben gestuurd.',
    followConfirmText: 'Bevestig dat u deze zoektocht per e-mail wilt volgen.',
    followConfirm: 'Bevestigen',
    followingText: 'U volgt deze zoektocht per e-mail.',
    unfollow: 'Niet meer volgen',
    unfollowed: 'U volgt deze zoektocht niet meer.',
    followLinkGone: 'Deze link is niet meer geldig.',
    invalidEmail: 'Het e-mailadres is ongeldig.',
    tooManyFollows: 'Te veel verzoeken vanaf uw verbinding. Probeer het over een uur opnieuw.',
    pushFollow: 'Melding ontvangen',
    pushFollowing: 'U ontvangt een melding op dit apparaat.',
    pushUnfollow: 'Geen meldingen meer',
    pushBlocked: 'Meldingen zijn voor deze site geblokkeerd in uw browser.',
    pushFailed: 'Meldingen konden niet worden ingeschakeld. Probeer het zo meteen opnieuw.',
  },
};
