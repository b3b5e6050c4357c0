// The words only a page without JavaScript shows, in every language: in the server entry only,
// never in the browser's chunks (the browser never renders these parts, it keeps the server's HTML of them).
// The message form's own words are the dialog's (dialog-copy.ts and languages/*-dialogs.ts).
import type { Language } from './i18n.ts';

interface ScriptlessWords {
  /** In the position's <details>, until the page's JavaScript runs (blocked, failed, or not arrived yet). */
  locationNeedsScript: string;
}

export const SCRIPTLESS_WORDS: Record<Language, ScriptlessWords> = {
  fr: {
    locationNeedsScript:
      'Partager votre position nécessite JavaScript, désactivé ou pas encore chargé sur cette page. Vous pouvez aussi envoyer un message au propriétaire.',
  },
  en: {
    locationNeedsScript:
      'Sharing your location needs JavaScript, which is off or not loaded yet on this page. You can also send the owner a message.',
  },
  es: {
    locationNeedsScript:
      'Compartir su ubicación requiere JavaScript, que está desactivado o aún no se ha cargado en esta página. También puede enviar un mensaje al dueño.',
  },
  de: {
    locationNeedsScript:
      'Zum Teilen Ihres Standorts wird JavaScript benötigt, das auf dieser Seite deaktiviert oder noch nicht geladen ist. Sie können dem Besitzer auch eine Nachricht senden.',
  },
  it: {
    locationNeedsScript:
      'Per condividere la tua posizione serve JavaScript, che in questa pagina è disattivato o non ancora caricato. Puoi anche inviare un messaggio al proprietario.',
  },
  nl: {
    locationNeedsScript:
      'Je locatie delen werkt alleen met JavaScript, dat op deze pagina uitstaat of nog niet geladen is. Je kunt de eigenaar ook een bericht sturen.',
  },
};
