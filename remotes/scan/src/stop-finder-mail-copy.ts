// The words of the page that stops every e-mail to a finder's address (stop-finder-mail-page.tsx), in the scan
// page's six languages: the e-mail's link carries its language. Server only, as conversation-copy.ts is.
import type { Language } from './i18n.ts';

export interface StopFinderMailWords {
  title: string;
  /** Why they got an e-mail, and what the button does. */
  receiving: string;
  button: string;
  stopped: string;
  /** A token that names no address (a link mistyped or cut). */
  unknown: string;
  tooMany: string;
  unavailable: string;
}

export const STOP_FINDER_MAIL_WORDS: Record<Language, StopFinderMailWords> = {
  fr: {
    title: "Ne plus recevoir d'e-mails de Médaille",
    receiving:
      "Vous avez reçu un e-mail de Médaille parce que cette adresse a été laissée dans un message au propriétaire d'un animal, ou avec un animal trouvé. Vous pouvez ne plus en recevoir aucun à cette adresse, pour cette conversation comme pour les suivantes.",
    button: "Ne plus recevoir d'e-mails",
    stopped: "C'est fait : vous ne recevrez plus d'e-mails de Médaille à cette adresse.",
    unknown: "Ce lien n'est pas valable. Utilisez celui du dernier e-mail reçu de Médaille.",
    tooMany: 'Trop de tentatives. Réessayez plus tard.',
    unavailable: 'Le service est momentanément indisponible. Réessayez dans un instant.',
  },
  en: {
    title: 'Stop e-mails from Médaille',
    receiving:
      "You received an e-mail from Médaille because this address was left in a message to an animal's owner, or with a found animal. You can stop receiving any at this address, for this conversation and the ones after it.",
    button: 'Stop e-mails',
    stopped: "Done: you won't receive any more e-mails from Médaille at this address.",
    unknown: 'This link is not valid. Use the one in the last e-mail you received from Médaille.',
    tooMany: 'Too many tries. Try again later.',
    unavailable: 'The service is temporarily unavailable. Try again in a moment.',
  },
  es: {
    title: 'No recibir más correos de Médaille',
    receiving:
      'Ha recibido un correo de Médaille porque esta dirección se dejó en un mensaje al dueño de un animal, o con un animal encontrado. Puede dejar de recibirlos en esta dirección, para esta conversación y las siguientes.',
    button: 'No recibir más correos',
    stopped: 'Hecho: no recibirá más correos de Médaille en esta dirección.',
    unknown: 'Este enlace no es válido. Use el del último correo recibido de Médaille.',
    tooMany: 'Demasiados intentos. Vuelva a intentarlo más tarde.',
    unavailable: 'El servicio no está disponible en este momento. Vuelva a intentarlo en un instante.',
  },
  de: {
    title: 'Keine E-Mails mehr von Médaille',
    receiving:
      'Sie haben eine E-Mail von Médaille erhalten, weil diese Adresse in einer Nachricht an den Halter eines Tieres oder bei einem gefundenen Tier angegeben wurde. Sie können an dieser Adresse keine mehr erhalten, für dieses Gespräch wie für alle weiteren.',
    button: 'Keine E-Mails mehr erhalten',
    stopped: 'Erledigt: Sie erhalten an dieser Adresse keine E-Mails von Médaille mehr.',
    unknown: 'Dieser Link ist nicht gültig. Verwenden Sie den aus der letzten E-Mail von Médaille.',
    tooMany: 'Zu viele Versuche. Versuchen Sie es später erneut.',
    unavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Versuchen Sie es gleich noch einmal.',
  },
  it: {
    title: 'Non ricevere più e-mail da Médaille',
    receiving:
      "Ha ricevuto un'e-mail da Médaille perché questo indirizzo è stato lasciato in un messaggio al proprietario di un animale, o con un animale trovato. Può non riceverne più a questo indirizzo, per questa conversazione come per le successive.",
    button: 'Non ricevere più e-mail',
    stopped: 'Fatto: non riceverà più e-mail da Médaille a questo indirizzo.',
    unknown: "Questo link non è valido. Usi quello dell'ultima e-mail ricevuta da Médaille.",
    tooMany: 'Troppi tentativi. Riprovi più tardi.',
    unavailable: 'Il servizio è momentaneamente non disponibile. Riprovi tra un istante.',
  },
  nl: {
    title: 'Geen e-mails meer van Médaille',
    receiving:
      'U hebt een e-mail van Médaille gekregen omdat dit adres is achtergelaten in een bericht aan de eigenaar van een dier, of bij een gevonden dier. U kunt er op dit adres geen meer ontvangen, voor dit gesprek en de volgende.',
    button: 'Geen e-mails meer ontvangen',
    stopped: 'Klaar: u ontvangt op dit adres geen e-mails meer van Médaille.',
    unknown: 'Deze link is niet geldig. Gebruik die uit de laatste e-mail van Médaille.',
    tooMany: 'Te veel pogingen. Probeer het later opnieuw.',
    unavailable: 'De dienst is tijdelijk niet beschikbaar. Probeer het zo opnieuw.',
  },
};
