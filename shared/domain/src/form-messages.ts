// What the forms say when a rule is broken, in French (the words of docs/product/animals.md, activation.md and the
// other product files). No dependency: the login page and the database errors' words use them without the animal forms'
// phone rules.
import { LIMITS } from './limits.ts';

export const MESSAGES = {
  codeRequired: 'Code requis',
  codeNotFound: 'Code introuvable',
  nameRequired: "Le nom de l'animal est requis",
  nameCharacters: "Le nom de l'animal tient sur une ligne, sans tabulation ni caractère de contrôle",
  customSpeciesRequired: "Veuillez préciser l'espèce",
  fillAllFields: 'Veuillez remplir tous les champs',
  invalidEmail: 'Veuillez saisir un email valide',
  invalidPhone: 'Veuillez saisir un numéro de téléphone valide',
  emailRequired: 'Veuillez saisir votre email',
  passwordCriteria: 'Le mot de passe ne respecte pas tous les critères',
  birthYearRange: (max: number) => `L'année de naissance doit être comprise entre ${LIMITS.birthYearMin} et ${max}`,
  birthYearInteger: "L'année de naissance doit être un nombre entier",
  weightInvalid: 'Le poids doit être un nombre positif',
  weightNotNumber: 'Saisissez le poids en kilos, par exemple 4,5',
  weightTooHigh: `Le poids ne peut pas dépasser ${String(LIMITS.weightMax).replace('.', ',')} kg`,
  weightStep: 'Le poids se saisit au dixième de kilo près',
  tooLong: (max: number) => `${max} caractères maximum`,
  messageOrContactRequired: 'Écrivez un message ou indiquez comment vous joindre.',
} as const;
