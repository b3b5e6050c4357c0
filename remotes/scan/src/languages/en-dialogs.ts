// English for a finder, in British spelling (the default for an 'en' browser without a region).
// The words of the dialogs, toasts and refusals, downloaded when first needed.
import { LIMITS } from '@medaille/domain';
import type { DialogDictionary } from '../dialog-copy.ts';

const en: DialogDictionary = {
  close: 'Close',
  errors: {
    invalid_request: 'Invalid request.',
    invalid_characters: 'The text contains characters that are not allowed.',
    code_not_found: 'Code not found',
    profile_rate_limited: 'Too many page views from your connection. Please try again in a minute.',
    message_empty: 'Write a message or tell the owner how to reach you.',
    message_too_long: `The message must be ${LIMITS.messageMaxLength} characters or fewer.`,
    contact_too_long: `How to reach you must be ${LIMITS.finderContactMaxLength} characters or fewer.`,
    message_rate_limited: 'You have already sent several messages about this animal. Please try again in an hour.',
    consent_required: 'We need your consent to share your location.',
    invalid_location: 'Invalid location.',
    animal_mismatch: 'This tag does not match this animal.',
    scan_cooldown: 'You can share your location once every 2 minutes.',
    photo_type: 'The photo must be a JPEG, PNG or WebP.',
    photo_too_large: 'The photo is too large. Please choose another one.',
    photo_rate_limited: 'You have already sent several photos today. Send your message without a photo.',
    photo_animal_rate_limited: 'This animal has already received many photos today. Send your message without a photo.',
    internal: 'Something went wrong. Please try again.',
  },
  lightbox: {
    label: (name) => `Photos of ${name}, full screen`,
    close: 'Close',
    previous: 'Previous photo',
    next: 'Next photo',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    reset: 'Actual size 1:1',
    zoom: (percent) => `Zoom: ${percent}%`,
    position: (index, count) => `Photo ${index} of ${count}`,
  },
  message: {
    title: (name) => `Write to ${name}’s owner`,
    intro: 'Your message will be passed on by email.',
    addressKept: 'You will not see the owner’s address.',
    message: 'Your message',
    counter: (count, max) => `${count}/${max}`,
    contact: 'How to reach you (phone or email, optional)',
    honeypot: 'Leave this field empty',
    cancel: 'Cancel',
    send: 'Send',
    required: 'Write a message or tell the owner how to reach you.',
    sent: { title: 'Message passed on to the owner', description: 'Your message has been sent.' },
    photo: 'Photo of the animal (optional)',
    photoHint: 'JPEG, PNG or WebP, up to 25 MB. Only its owner will be able to see it.',
    photoPreview: 'Attached photo',
    photoRemove: 'Remove the photo',
    photoPreparing: 'Preparing the photo…',
    photoTooLarge: 'The photo must be 25 MB or smaller.',
    photoType: 'Choose a JPEG, PNG or WebP photo.',
    photoUnreadable: 'This photo cannot be read. Please choose another one.',
    failed: { title: 'Error', description: 'The message could not be sent' },
  },
  location: {
    title: 'Share my location',
    consent: (name) =>
      `Your location will be sent to ${name}’s owner to help them find their animal, and shown on this page. It is kept for 90 days.`,
    cancel: 'Cancel',
    accept: 'Share my location',
    locating: 'Finding your location…',
    wait: { title: 'Please wait', description: 'You can share your location once every 2 minutes.' },
    unsupported: 'This browser cannot share a location',
    denied: 'You did not allow access to your location. You can contact the owner directly.',
    unavailable: 'Location unavailable. Please check your settings.',
    timeout: 'The request took too long. Please try again.',
    failed: 'Your location could not be found.',
    sendFailed: 'Your location could not be shared. Please try again.',
    shared: { title: 'Thank you!', description: 'Your location has been shared with the owner.' },
  },
  guide: {
    owner: 'Call or write to its owner with the buttons on this page.',
    vet: 'No answer? Any vet can read its microchip or tattoo free of charge.',
    vetFirst: 'Any vet can read its microchip or tattoo free of charge and find its owner.',
    icadBefore: 'You can also report the animal as found to ',
    icadLink: 'I-CAD',
    icadAfter:
      ', the French national register of dogs and cats: it will contact the owner without giving you their details.',
    townHall:
      "Otherwise, go to the town hall (mairie) of the place where you found it, or to the gendarmerie (or the police station): they will take over. The animal pound (fourrière) is the mayor's responsibility.",
  },
};

export default en;
