// Italiano per chi trova l'animale, dando del tu, come fa di solito il web italiano.
// The words of the dialogs, toasts and refusals, downloaded when first needed.
import { LIMITS } from '@medaille/domain';
import type { DialogDictionary } from '../dialog-copy.ts';

const it: DialogDictionary = {
  close: 'Chiudi',
  errors: {
    invalid_request: 'Richiesta non valida.',
    client_unknown: 'Richiesta non valida.',
    invalid_characters: 'Il testo contiene caratteri non validi.',
    code_not_found: 'Codice non trovato',
    profile_rate_limited: 'Troppe visite dalla tua connessione. Riprova tra un minuto.',
    message_empty: 'Scrivi un messaggio o indica come contattarti.',
    message_too_long: `Il messaggio non può superare ${LIMITS.messageMaxLength} caratteri.`,
    contact_too_long: `Il recapito non può superare ${LIMITS.finderContactMaxLength} caratteri.`,
    message_rate_limited: 'Hai già inviato diversi messaggi per questo animale. Riprova tra un’ora.',
    consent_required: 'Serve il tuo consenso per condividere la tua posizione.',
    invalid_location: 'Posizione non valida.',
    animal_mismatch: 'Questa medaglietta non corrisponde a questo animale.',
    scan_cooldown: 'Puoi condividere la tua posizione una volta ogni 2 minuti.',
    photo_type: 'La foto deve essere in formato JPEG, PNG o WebP.',
    photo_too_large: 'La foto è troppo pesante. Scegline un’altra.',
    photo_rate_limited: 'Hai già inviato diverse foto oggi. Invia il messaggio senza foto.',
    photo_animal_rate_limited: 'Questo animale ha già ricevuto molte foto oggi. Invia il messaggio senza foto.',
    internal: 'Si è verificato un errore. Riprova.',
  },
  lightbox: {
    label: (name) => `Foto di ${name} a schermo intero`,
    close: 'Chiudi',
    previous: 'Foto precedente',
    next: 'Foto successiva',
    zoomIn: 'Ingrandisci',
    zoomOut: 'Riduci',
    reset: 'Dimensioni reali 1:1',
    zoom: (percent) => `Zoom: ${percent}%`,
    position: (index, count) => `Foto ${index} di ${count}`,
  },
  message: {
    title: (name) => `Scrivi al proprietario di ${name}`,
    intro: 'Il tuo messaggio gli arriverà per e-mail. Il suo indirizzo non ti verrà mostrato.',
    message: 'Il tuo messaggio',
    counter: (count, max) => `${count}/${max}`,
    contact: 'Come contattarti (telefono o e-mail, facoltativo)',
    honeypot: 'Non compilare questo campo',
    cancel: 'Annulla',
    send: 'Invia',
    required: 'Scrivi un messaggio o indica come contattarti.',
    sent: { title: 'Messaggio inoltrato al proprietario', description: 'Il tuo messaggio è stato inviato' },
    failed: { title: 'Errore', description: 'Impossibile inviare il messaggio' },
  },
  location: {
    title: 'Condividi la mia posizione',
    consent: (name, sex) =>
      `La tua posizione sarà inviata al proprietario di ${name} per aiutarlo a ${sex === 'M' ? 'ritrovarlo' : sex === 'F' ? 'ritrovarla' : 'ritrovare il suo animale'} e mostrata su questa pagina. Viene conservata per 90 giorni.`,
    cancel: 'Annulla',
    accept: 'Condividi la mia posizione',
    locating: 'Ricerca della tua posizione…',
    wait: { title: 'Attendi un momento', description: 'Puoi condividere la tua posizione una volta ogni 2 minuti.' },
    unsupported: 'Geolocalizzazione non supportata',
    denied: 'Hai negato l’accesso alla tua posizione. Puoi contattare direttamente il proprietario.',
    unavailable: 'Posizione non disponibile. Controlla le impostazioni.',
    timeout: 'La richiesta è scaduta. Riprova.',
    failed: 'Impossibile ottenere la tua posizione.',
    sendFailed: 'Impossibile condividere la posizione. Riprova.',
    shared: { title: 'Grazie!', description: 'La posizione è stata condivisa con il proprietario.' },
  },
};

export default it;
