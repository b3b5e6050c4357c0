// English for a finder, in British spelling (the default for an 'en' browser without a region).
import type { Dictionary } from '../copy.ts';

const en: Dictionary = {
  language: 'Language',
  checking: 'Checking the code...',
  unclaimed: {
    title: 'Tag not activated',
    text: 'This tag is not linked to an animal yet.',
    activate: 'Activate my tag',
    haveAccount: 'I already have an account',
  },
  suspended: {
    title: 'Tag suspended',
    text: 'This tag has been suspended. Contact support to find out more.',
  },
  retired: {
    title: 'Tag retired',
    text: 'This tag is no longer linked to any animal: its owner has retired it. If you have found an animal wearing it, please contact us.',
  },
  notFound: {
    title: 'Code not found',
    text: 'Check the QR code, or contact us if you need help.',
  },
  medalCode: 'Tag code',
  busy: 'Too many views from your connection: the full profile is back in a minute. You can call right now.',
  contactUs: 'Contact us',
  retype: {
    hint: 'Type the code printed on the tag, for example MDL-7KQ4-M9XP-3T.',
    submit: 'See its profile',
  },
  loadFailed: {
    title: 'Error',
    retry: 'Try again',
    unreachable: 'The service is not responding right now. Check your connection, then try again.',
    kept: (at: string) =>
      `The service is not responding right now: this profile dates from ${at} and may be out of date.`,
  },
  profile: {
    lost: 'This animal has been reported lost',
    characteristics: 'Details',
    speciesNames: {
      dog: 'Dog',
      cat: 'Cat',
      horse: 'Horse',
      ferret: 'Ferret',
      rabbit: 'Rabbit',
      rodent: 'Rodent',
      goat: 'Goat',
      other: 'Other',
    },
    unknownSpecies: 'Unknown',
    sexNames: { M: 'Male', F: 'Female' },
    lessThanAYear: 'Less than a year',
    years: (years) => (years === 1 ? '1 year' : `${years} years`),
    helpTitle: (name) => `Have you found ${name}?`,
    helpText: (name, sex) =>
      sex === 'M'
        ? 'Help him get home: share your location or write to his owner.'
        : sex === 'F'
          ? 'Help her get home: share your location or write to her owner.'
          : `Help ${name} get home: share your location or write to the owner.`,
    shareLocation: 'Share my location',
    sendMessage: 'Send a message',
    contactTitle: 'CONTACT',
    noContact: 'The owner has not made their contact details public. Use “Send a message”.',
    importantTitle: 'IMPORTANT INFORMATION',
    aboutMe: 'About me',
    temperament: 'Temperament',
    allergies: 'Allergies',
    meds: 'Medication',
    treatmentsNow: 'Ongoing treatments',
    vaccinesValid: 'Up-to-date vaccinations',
    careSince: (label, date) => `${label}, since ${date}`,
    careNext: (label, date) => `${label}, next due ${date}`,
    careValidUntil: (label, date) => `${label}, valid until ${date}`,
    vetTitle: 'VET INFORMATION',
    vetNotes: 'Notes',
    chip: 'Microchip / tattoo',
    aboutTitle: 'ABOUT ME',
    species: 'Species',
    breed: 'Breed',
    color: 'Colour',
    weight: 'Weight (kg)',
    age: 'Age',
    sterilization: 'Neutered / spayed',
    yes: 'Yes',
    no: 'No',
    notGiven: 'Not given',
    lastLocationTitle: 'LAST KNOWN LOCATION',
    noLocation: 'No location has been shared yet.',
    seenOn: (date) => `Shared on ${date}`,
    openMap: 'View on a map',
    sterilizedTag: (sex) => (sex === 'F' ? 'Spayed' : sex === 'M' ? 'Neutered' : 'Neutered / spayed'),
    photoOf: (name, index) => `Photo ${index} of ${name}`,
    footer: 'Profile secured by Médaille',
    callOwner: 'Call the owner',
    sendSms: 'Send a text message',
    whatsApp: 'Message on WhatsApp',
    otherContact: (name) => (name ? `Other contact: ${name}` : 'Other contact'),
    callContact: (name) => `Call ${name}`,
  },
  guide: {
    title: 'Found an animal: what to do in France?',
  },
  carousel: {
    label: (name) => `Photos of ${name}`,
    previous: 'Previous photo',
    next: 'Next photo',
    goTo: (index) => `Show photo ${index}`,
    open: (photo) => `Enlarge: ${photo}`,
    roleDescription: 'carousel',
  },
};

export default en;
