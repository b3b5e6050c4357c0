// Deutsch für Finder, in der Sie-Form: eine fremde Person spricht eine fremde Person an.
// The words of the dialogs, toasts and refusals, downloaded when first needed.
import { LIMITS } from '@medaille/domain';
import type { DialogDictionary } from '../dialog-copy.ts';

const de: DialogDictionary = {
  close: 'Schließen',
  errors: {
    invalid_request: 'Ungültige Anfrage.',
    invalid_characters: 'Der Text enthält ungültige Zeichen.',
    code_not_found: 'Code nicht gefunden',
    profile_rate_limited: 'Zu viele Aufrufe von Ihrer Verbindung. Versuchen Sie es in einer Minute erneut.',
    message_empty: 'Schreiben Sie eine Nachricht oder geben Sie an, wie man Sie erreicht.',
    message_too_long: `Die Nachricht darf höchstens ${LIMITS.messageMaxLength} Zeichen lang sein.`,
    contact_too_long: `Die Kontaktangabe darf höchstens ${LIMITS.finderContactMaxLength} Zeichen lang sein.`,
    message_rate_limited:
      'Sie haben zu diesem Tier schon mehrere Nachrichten gesendet. Versuchen Sie es in einer Stunde erneut.',
    consent_required: 'Ihre Zustimmung ist nötig, um Ihren Standort zu teilen.',
    invalid_location: 'Ungültiger Standort.',
    animal_mismatch: 'Dieser Anhänger gehört nicht zu diesem Tier.',
    scan_cooldown: 'Sie können Ihren Standort einmal alle 2 Minuten teilen.',
    photo_type: 'Das Foto muss im Format JPEG, PNG oder WebP sein.',
    photo_too_large: 'Das Foto ist zu groß. Bitte wählen Sie ein anderes.',
    photo_rate_limited: 'Sie haben heute schon mehrere Fotos gesendet. Senden Sie Ihre Nachricht ohne Foto.',
    photo_animal_rate_limited: 'Dieses Tier hat heute schon viele Fotos erhalten. Senden Sie Ihre Nachricht ohne Foto.',
    internal: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
  },
  lightbox: {
    label: (name) => `Fotos von ${name} im Vollbild`,
    close: 'Schließen',
    previous: 'Vorheriges Foto',
    next: 'Nächstes Foto',
    zoomIn: 'Vergrößern',
    zoomOut: 'Verkleinern',
    reset: 'Originalgröße 1:1',
    zoom: (percent) => `Zoom: ${percent} %`,
    position: (index, count) => `Foto ${index} von ${count}`,
  },
  message: {
    title: (name) => `Dem Besitzer von ${name} schreiben`,
    intro: 'Ihre Nachricht wird per E-Mail weitergeleitet.',
    addressKept: 'Die Adresse des Besitzers bleibt Ihnen verborgen.',
    message: 'Ihre Nachricht',
    counter: (count, max) => `${count}/${max}`,
    contact: 'Wie man Sie erreicht (Telefon oder E-Mail, freiwillig)',
    honeypot: 'Dieses Feld nicht ausfüllen',
    cancel: 'Abbrechen',
    send: 'Senden',
    required: 'Schreiben Sie eine Nachricht oder geben Sie an, wie man Sie erreicht.',
    sent: { title: 'Nachricht an den Besitzer weitergeleitet', description: 'Ihre Nachricht wurde gesendet.' },
    photo: 'Foto des Tieres (optional)',
    photoHint: 'JPEG, PNG oder WebP, bis zu 25 MB. Nur der Besitzer kann es sehen.',
    photoPreview: 'Angehängtes Foto',
    photoRemove: 'Foto entfernen',
    photoPreparing: 'Foto wird vorbereitet…',
    photoTooLarge: 'Das Foto darf höchstens 25 MB groß sein.',
    photoType: 'Wählen Sie ein Foto im Format JPEG, PNG oder WebP.',
    photoUnreadable: 'Dieses Foto lässt sich nicht lesen. Bitte wählen Sie ein anderes.',
    failed: { title: 'Fehler', description: 'Die Nachricht konnte nicht gesendet werden' },
  },
  location: {
    title: 'Meinen Standort teilen',
    consent: (name) =>
      `Ihr Standort wird an den Besitzer von ${name} gesendet, damit er sein Tier wiederfindet, und auf dieser Seite angezeigt. Er wird 90 Tage lang gespeichert.`,
    cancel: 'Abbrechen',
    accept: 'Standort teilen',
    locating: 'Ihr Standort wird ermittelt…',
    wait: { title: 'Bitte warten', description: 'Sie können Ihren Standort einmal alle 2 Minuten teilen.' },
    unsupported: 'Standortbestimmung wird nicht unterstützt',
    denied: 'Sie haben den Zugriff auf Ihren Standort abgelehnt. Sie können den Besitzer direkt kontaktieren.',
    unavailable: 'Standort nicht verfügbar. Bitte prüfen Sie Ihre Einstellungen.',
    timeout: 'Die Anfrage hat zu lange gedauert. Bitte versuchen Sie es erneut.',
    failed: 'Ihr Standort konnte nicht ermittelt werden.',
    sendFailed: 'Der Standort konnte nicht geteilt werden. Bitte versuchen Sie es erneut.',
    shared: { title: 'Danke!', description: 'Ihr Standort wurde mit dem Besitzer geteilt.' },
  },
  guide: {
    owner: 'Rufen Sie den Besitzer an oder schreiben Sie ihm über die Schaltflächen auf dieser Seite.',
    vet: 'Niemand meldet sich? Jeder Tierarzt liest den Chip oder die Tätowierung kostenlos aus.',
    vetFirst: 'Jeder Tierarzt liest den Chip oder die Tätowierung kostenlos aus und findet den Besitzer.',
    icadBefore: 'Sie können das gefundene Tier auch bei ',
    icadLink: 'I-CAD',
    icadAfter:
      ' melden, dem französischen Register für Hunde und Katzen: Es benachrichtigt den Besitzer, ohne Ihnen dessen Daten zu geben.',
    townHall:
      'Sonst wenden Sie sich an das Rathaus (mairie) des Ortes, an dem Sie es gefunden haben, oder an die Gendarmerie (oder die Polizei): Sie übernehmen. Für die Tierauffangstation der Gemeinde (fourrière) ist der Bürgermeister zuständig.',
  },
};

export default de;
