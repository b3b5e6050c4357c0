// The words of the finder's photo in the message dialog (issue 17), in every language: they come with the
// dialog's own chunk, so that the route's JavaScript stays within its budget (DESIGN section 6).
import type { Language } from './i18n.ts';

export interface PhotoWords {
  photo: string;
  photoHint: string;
  photoPreview: string;
  photoRemove: string;
  photoPreparing: string;
  photoTooLarge: string;
  photoType: string;
  photoUnreadable: string;
}

export const PHOTO_WORDS: Record<Language, PhotoWords> = {
  fr: {
    photo: 'Photo de l’animal (facultatif)',
    photoHint: 'JPEG, PNG ou WebP, 5 Mo au plus. Seul son propriétaire pourra la voir.',
    photoPreview: 'Photo jointe',
    photoRemove: 'Retirer la photo',
    photoPreparing: 'Préparation de la photo…',
    photoTooLarge: 'La photo ne doit pas dépasser 5 Mo.',
    photoType: 'Choisissez une photo JPEG, PNG ou WebP.',
    photoUnreadable: 'Impossible de lire cette photo. Choisissez-en une autre.',
  },
  en: {
    photo: 'Photo of the animal (optional)',
    photoHint: 'JPEG, PNG or WebP, 5 MB at most. Only its owner will be able to see it.',
    photoPreview: 'Attached photo',
    photoRemove: 'Remove the photo',
    photoPreparing: 'Preparing the photo…',
    photoTooLarge: 'The photo must be 5 MB or smaller.',
    photoType: 'Choose a JPEG, PNG or WebP photo.',
    photoUnreadable: 'This photo cannot be read. Please choose another one.',
  },
  es: {
    photo: 'Foto del animal (opcional)',
    photoHint: 'JPEG, PNG o WebP, 5 MB como máximo. Solo su dueño podrá verla.',
    photoPreview: 'Foto adjunta',
    photoRemove: 'Quitar la foto',
    photoPreparing: 'Preparando la foto…',
    photoTooLarge: 'La foto no puede superar los 5 MB.',
    photoType: 'Elija una foto JPEG, PNG o WebP.',
    photoUnreadable: 'No se puede leer esta foto. Elija otra.',
  },
  de: {
    photo: 'Foto des Tieres (optional)',
    photoHint: 'JPEG, PNG oder WebP, höchstens 5 MB. Nur der Besitzer kann es sehen.',
    photoPreview: 'Angehängtes Foto',
    photoRemove: 'Foto entfernen',
    photoPreparing: 'Foto wird vorbereitet…',
    photoTooLarge: 'Das Foto darf höchstens 5 MB groß sein.',
    photoType: 'Wählen Sie ein Foto im Format JPEG, PNG oder WebP.',
    photoUnreadable: 'Dieses Foto lässt sich nicht lesen. Bitte wählen Sie ein anderes.',
  },
  it: {
    photo: "Foto dell'animale (facoltativa)",
    photoHint: 'JPEG, PNG o WebP, al massimo 5 MB. Solo il proprietario potrà vederla.',
    photoPreview: 'Foto allegata',
    photoRemove: 'Rimuovi la foto',
    photoPreparing: 'Preparazione della foto…',
    photoTooLarge: 'La foto non deve superare i 5 MB.',
    photoType: 'Scegli una foto JPEG, PNG o WebP.',
    photoUnreadable: 'Impossibile leggere questa foto. Scegline un’altra.',
  },
  nl: {
    photo: 'Foto van het dier (optioneel)',
    photoHint: 'JPEG, PNG of WebP, maximaal 5 MB. Alleen de eigenaar kan hem zien.',
    photoPreview: 'Bijgevoegde foto',
    photoRemove: 'Foto verwijderen',
    photoPreparing: 'Foto wordt voorbereid…',
    photoTooLarge: 'De foto mag niet groter zijn dan 5 MB.',
    photoType: 'Kies een foto in JPEG, PNG of WebP.',
    photoUnreadable: 'Deze foto kan niet worden gelezen. Kies een andere.',
  },
};
