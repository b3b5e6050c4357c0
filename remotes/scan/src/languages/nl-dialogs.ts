// Nederlands voor de vinder, met je en jij, zoals op het Nederlandstalige web gebruikelijk is.
// The words of the dialogs, toasts and refusals, downloaded when first needed.
import { LIMITS } from '@medaille/domain';
import type { DialogDictionary } from '../dialog-copy.ts';

const nl: DialogDictionary = {
  close: 'Sluiten',
  errors: {
    invalid_request: 'Ongeldig verzoek.',
    invalid_characters: 'De tekst bevat ongeldige tekens.',
    code_not_found: 'Code niet gevonden',
    profile_rate_limited: 'Te veel bezoeken vanaf je verbinding. Probeer het over een minuut opnieuw.',
    message_empty: 'Schrijf een bericht of laat weten hoe we je kunnen bereiken.',
    message_too_long: `Het bericht mag niet langer zijn dan ${LIMITS.messageMaxLength} tekens.`,
    contact_too_long: `Je contactgegevens mogen niet langer zijn dan ${LIMITS.finderContactMaxLength} tekens.`,
    message_rate_limited: 'Je hebt al meerdere berichten over dit dier gestuurd. Probeer het over een uur opnieuw.',
    consent_required: 'Je toestemming is nodig om je locatie te delen.',
    invalid_location: 'Ongeldige locatie.',
    animal_mismatch: 'Deze penning hoort niet bij dit dier.',
    scan_cooldown: 'Je kunt je locatie één keer per 2 minuten delen.',
    photo_type: 'De foto moet JPEG, PNG of WebP zijn.',
    photo_too_large: 'De foto is te groot. Kies een andere.',
    photo_rate_limited: "U hebt vandaag al meerdere foto's verstuurd. Verstuur uw bericht zonder foto.",
    photo_animal_rate_limited: "Dit dier heeft vandaag al veel foto's gekregen. Verstuur uw bericht zonder foto.",
    internal: 'Er is iets misgegaan. Probeer het opnieuw.',
  },
  lightbox: {
    label: (name) => `Foto’s van ${name} op volledig scherm`,
    close: 'Sluiten',
    previous: 'Vorige foto',
    next: 'Volgende foto',
    zoomIn: 'Inzoomen',
    zoomOut: 'Uitzoomen',
    reset: 'Ware grootte 1:1',
    zoom: (percent) => `Zoom: ${percent}%`,
    position: (index, count) => `Foto ${index} van ${count}`,
  },
  message: {
    title: (name) => `Schrijf de eigenaar van ${name}`,
    intro: 'Je bericht wordt per e-mail doorgestuurd.',
    addressKept: 'Het e-mailadres van de eigenaar krijg je niet te zien.',
    message: 'Je bericht',
    counter: (count, max) => `${count}/${max}`,
    contact: 'Hoe we je kunnen bereiken (telefoon of e-mail, optioneel)',
    honeypot: 'Dit veld niet invullen',
    cancel: 'Annuleren',
    send: 'Versturen',
    required: 'Schrijf een bericht of laat weten hoe we je kunnen bereiken.',
    sent: { title: 'Bericht doorgestuurd naar de eigenaar', description: 'Je bericht is verstuurd.' },
    photo: 'Foto van het dier (optioneel)',
    photoHint: 'JPEG, PNG of WebP, tot 25 MB. Alleen de eigenaar kan hem zien.',
    photoPreview: 'Bijgevoegde foto',
    photoRemove: 'Foto verwijderen',
    photoPreparing: 'Foto wordt voorbereid…',
    photoTooLarge: 'De foto mag niet groter zijn dan 25 MB.',
    photoType: 'Kies een foto in JPEG, PNG of WebP.',
    photoUnreadable: 'Deze foto kan niet worden gelezen. Kies een andere.',
    failed: { title: 'Fout', description: 'Het bericht kon niet worden verstuurd' },
  },
  location: {
    title: 'Mijn locatie delen',
    consent: (name) =>
      `Je locatie wordt naar de eigenaar van ${name} gestuurd om het dier terug te vinden, en op deze pagina getoond. Ze wordt 90 dagen bewaard.`,
    cancel: 'Annuleren',
    accept: 'Mijn locatie delen',
    locating: 'Je locatie wordt bepaald…',
    wait: { title: 'Even geduld', description: 'Je kunt je locatie één keer per 2 minuten delen.' },
    unsupported: 'Deze browser kan geen locatie delen',
    denied: 'Je hebt geen toegang tot je locatie gegeven. Je kunt de eigenaar ook rechtstreeks benaderen.',
    unavailable: 'Locatie niet beschikbaar. Controleer je instellingen.',
    timeout: 'Het verzoek duurde te lang. Probeer het opnieuw.',
    failed: 'Je locatie kon niet worden bepaald.',
    sendFailed: 'Je locatie kon niet worden gedeeld. Probeer het opnieuw.',
    shared: { title: 'Bedankt!', description: 'Je locatie is gedeeld met de eigenaar.' },
  },
  guide: {
    owner: 'Bel of schrijf de eigenaar met de knoppen op deze pagina.',
    vet: 'Neemt niemand op? Elke dierenarts leest de chip of tatoeage gratis uit.',
    vetFirst: 'Elke dierenarts leest de chip of tatoeage gratis uit en vindt de eigenaar.',
    icadBefore: 'Je kunt het gevonden dier ook melden bij ',
    icadLink: 'I-CAD',
    icadAfter:
      ', het Franse nationale register van honden en katten: dat waarschuwt de eigenaar, zonder jou diens gegevens te geven.',
    townHall:
      'Anders kun je terecht bij het gemeentehuis (mairie) van de plaats waar je het vond, of bij de gendarmerie (of het politiebureau): zij nemen het over. Het gemeentelijk dierenasiel (fourrière) valt onder de verantwoordelijkheid van de burgemeester.',
  },
};

export default nl;
