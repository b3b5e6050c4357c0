// Deutsch für Finder, in der Sie-Form: eine fremde Person spricht eine fremde Person an.
import type { Dictionary } from '../copy.ts';

const de: Dictionary = {
  language: 'Sprache',
  checking: 'Code wird geprüft...',
  unclaimed: {
    title: 'Anhänger nicht aktiviert',
    text: 'Dieser Anhänger ist noch keinem Tier zugeordnet.',
    activate: 'Meinen Anhänger aktivieren',
    haveAccount: 'Ich habe schon ein Konto',
  },
  suspended: {
    title: 'Anhänger gesperrt',
    text: 'Dieser Anhänger wurde gesperrt. Wenden Sie sich an den Support, um mehr zu erfahren.',
  },
  retired: {
    title: 'Anhänger zurückgezogen',
    text: 'Dieser Anhänger ist keinem Tier mehr zugeordnet: Sein Besitzer hat ihn zurückgezogen. Wenn Sie ein Tier gefunden haben, das ihn trägt, schreiben Sie uns bitte.',
  },
  notFound: {
    title: 'Code nicht gefunden',
    text: 'Prüfen Sie den QR-Code oder schreiben Sie uns, wenn Sie Hilfe brauchen.',
  },
  medalCode: 'Code des Anhängers',
  busy: 'Zu viele Aufrufe von Ihrer Verbindung: Das vollständige Profil ist in einer Minute wieder da. Sie können schon jetzt anrufen.',
  contactUs: 'Kontakt',
  retype: {
    hint: 'Geben Sie den auf dem Anhänger gedruckten Code ein, zum Beispiel MDL-7KQ4-M9XP-3T.',
    submit: 'Profil ansehen',
  },
  loadFailed: {
    title: 'Fehler',
    retry: 'Erneut versuchen',
    unreachable: 'Der Dienst antwortet gerade nicht. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    kept: (at: string) =>
      `Der Dienst antwortet gerade nicht: Dieses Profil stammt vom ${at} und ist vielleicht nicht mehr aktuell.`,
  },
  profile: {
    lost: 'Dieses Tier wurde als vermisst gemeldet',
    characteristics: 'Merkmale',
    speciesNames: {
      dog: 'Hund',
      cat: 'Katze',
      horse: 'Pferd',
      ferret: 'Frettchen',
      rabbit: 'Kaninchen',
      rodent: 'Nagetier',
      goat: 'Ziege',
      other: 'Andere',
    },
    unknownSpecies: 'Unbekannt',
    sexNames: { M: 'Männlich', F: 'Weiblich' },
    lessThanAYear: 'Unter einem Jahr',
    years: (years) => (years === 1 ? '1 Jahr' : `${years} Jahre`),
    helpTitle: (name) => `Haben Sie ${name} gefunden?`,
    helpText: (name, sex) =>
      sex === 'M'
        ? 'Helfen Sie ihm, nach Hause zu kommen: Teilen Sie Ihren Standort oder schreiben Sie seinem Besitzer.'
        : sex === 'F'
          ? 'Helfen Sie ihr, nach Hause zu kommen: Teilen Sie Ihren Standort oder schreiben Sie ihrem Besitzer.'
          : `Helfen Sie ${name}, nach Hause zu kommen: Teilen Sie Ihren Standort oder schreiben Sie dem Besitzer.`,
    shareLocation: 'Meinen Standort teilen',
    sendMessage: 'Nachricht senden',
    contactTitle: 'KONTAKT',
    noContact: 'Der Besitzer hat seine Kontaktdaten nicht veröffentlicht. Nutzen Sie „Nachricht senden“.',
    importantTitle: 'WICHTIGE INFORMATIONEN',
    aboutMe: 'Über mich',
    temperament: 'Wesen',
    allergies: 'Allergien',
    meds: 'Medikamente',
    treatmentsNow: 'Laufende Behandlungen',
    vaccinesValid: 'Gültige Impfungen',
    careSince: (label, date) => `${label}, seit ${date}`,
    careNext: (label, date) => `${label}, nächste am ${date}`,
    careValidUntil: (label, date) => `${label}, gültig bis ${date}`,
    vetTitle: 'TIERÄRZTLICHE INFORMATIONEN',
    vetNotes: 'Notizen',
    chip: 'Chip / Tätowierung',
    aboutTitle: 'ÜBER MICH',
    species: 'Tierart',
    breed: 'Rasse',
    color: 'Farbe',
    weight: 'Gewicht (kg)',
    age: 'Alter',
    sterilization: 'Kastriert',
    yes: 'Ja',
    no: 'Nein',
    notGiven: 'Keine Angabe',
    lastLocationTitle: 'LETZTER STANDORT',
    noLocation: 'Es wurde noch kein Standort geteilt.',
    seenOn: (date) => `Geteilt am ${date}`,
    openMap: 'Auf der Karte ansehen',
    sterilizedTag: () => 'Kastriert',
    photoOf: (name, index) => `Foto ${index} von ${name}`,
    footer: 'Profil geschützt von Médaille',
    callOwner: 'Besitzer anrufen',
    sendSms: 'SMS senden',
    whatsApp: 'Über WhatsApp schreiben',
    otherContact: (name) => (name ? `Weiterer Kontakt: ${name}` : 'Weiterer Kontakt'),
    callContact: (name) => `${name} anrufen`,
  },
  guide: {
    title: 'Tier gefunden: Was tun in Frankreich?',
  },
  carousel: {
    label: (name) => `Fotos von ${name}`,
    previous: 'Vorheriges Foto',
    next: 'Nächstes Foto',
    goTo: (index) => `Foto ${index} anzeigen`,
    open: (photo) => `Vergrößern: ${photo}`,
    roleDescription: 'Karussell',
  },
};

export default de;
