import { MESSAGES } from './form-messages.ts';
import { HEALTH_LIMITS } from './health-booklet.ts';
import { LIMITS } from './limits.ts';
import { isBackendUnavailable, UNAVAILABLE_MESSAGE } from './unavailable.ts';

const GENERIC = "Une erreur inattendue s'est produite";

/** French text for each named constraint of supabase/migrations that a person's input can break. */
const CONSTRAINT_MESSAGES: Record<string, () => string> = {
  animals_nom_requis: () => MESSAGES.nameRequired,
  animals_nom_caracteres: () => MESSAGES.nameCharacters,
  animals_annee_naissance_plage: () => MESSAGES.birthYearRange(new Date().getFullYear()),
  animals_poids_kg_positif: () => MESSAGES.weightInvalid,
  animals_sexe_valeurs: () => 'Sexe invalide',
  animals_espece_longueur: () => `Espèce : ${MESSAGES.tooLong(LIMITS.shortTextMaxLength)}`,
  animals_race_longueur: () => `Race : ${MESSAGES.tooLong(LIMITS.shortTextMaxLength)}`,
  animals_couleur_longueur: () => `Couleur : ${MESSAGES.tooLong(LIMITS.shortTextMaxLength)}`,
  animals_public_phone_longueur: () => `Téléphone : ${MESSAGES.tooLong(LIMITS.phoneMaxLength)}`,
  animals_public_email_longueur: () => `Email : ${MESSAGES.tooLong(LIMITS.emailMaxLength)}`,
  animals_public_address_line_longueur: () => `Adresse : ${MESSAGES.tooLong(LIMITS.addressLineMaxLength)}`,
  animals_public_city_longueur: () => `Ville : ${MESSAGES.tooLong(LIMITS.cityMaxLength)}`,
  animals_second_contact_name_longueur: () =>
    `Nom du deuxième contact : ${MESSAGES.tooLong(LIMITS.secondContactNameMaxLength)}`,
  animals_second_contact_phone_longueur: () =>
    `Téléphone du deuxième contact : ${MESSAGES.tooLong(LIMITS.phoneMaxLength)}`,
  animals_second_contact_email_longueur: () => `Email du deuxième contact : ${MESSAGES.tooLong(LIMITS.emailMaxLength)}`,
  codes_id_format: () => MESSAGES.codeNotFound,
  // The health booklet (supabase/schemas/booklet.sql).
  health_records_label_caracteres: () => 'Le nom du soin tient sur une ligne, sans tabulation ni caractère de contrôle',
  health_records_kind_valeurs: () => 'Type de soin invalide',
  health_records_label_longueur: () => `Le nom du soin est requis (${MESSAGES.tooLong(HEALTH_LIMITS.labelMaxLength)})`,
  health_records_echeance_apres_soin: () => 'La prochaine échéance ne peut pas précéder la date du soin',
  health_records_pesee_sans_echeance: () => "Une pesée n'a pas de prochaine échéance",
  health_records_poids_pesee: () => 'Le poids se note avec une pesée, et seulement avec elle',
  health_records_poids_plage: () =>
    `Le poids doit être compris entre ${HEALTH_LIMITS.weightMinKg} et ${HEALTH_LIMITS.weightMaxKg} kg`,
  health_records_notes_longueur: () => `Notes : ${MESSAGES.tooLong(HEALTH_LIMITS.notesMaxLength)}`,
  health_records_visible_soins: () => "Seuls un vaccin ou un traitement peuvent être montrés à qui trouve l'animal",
  health_documents_titre_longueur: () =>
    `Le titre du document est requis (${MESSAGES.tooLong(HEALTH_LIMITS.documentTitleMaxLength)})`,
  health_documents_kind_valeurs: () => 'Type de document invalide',
  health_documents_type_valeurs: () => 'Le document doit être un PDF ou une image JPEG, PNG ou WebP',
  health_documents_taille_plage: () =>
    `Le document est trop lourd (${HEALTH_LIMITS.documentMaxBytes / 1024 / 1024} Mo maximum)`,
  health_documents_path_key: () => 'Ce fichier a déjà sa fiche dans le carnet',
  health_documents_path_dossier: () => "Ce fichier n'est pas dans le dossier de cet animal",
  // A theft (supabase/schemas/thefts.sql).
  thefts_one_open_per_animal: () => 'Un vol est déjà déclaré pour cet animal',
  thefts_stolen_at_passe: () => 'La date du vol ne peut pas être dans le futur',
  thefts_place_longueur: () => `Lieu du vol : ${MESSAGES.tooLong(120)}`,
  thefts_complaint_reference_longueur: () => `Référence de la plainte : ${MESSAGES.tooLong(60)}`,
  thefts_textes_caracteres: () => 'Le texte tient sur une ligne, sans caractère de contrôle',
};

/**
 * A message a person can act on for an error from the database (PostgREST's {code, message}): the database
 * out of reach is said as such; a broken constraint is named in the message as `constraint "name"`, or raised
 * with its French text.
 */
export function databaseErrorMessage(error: { code?: string; message?: string; constraint?: string }): string {
  if (isBackendUnavailable(error)) return UNAVAILABLE_MESSAGE;
  const name = error.constraint ?? /constraint "([a-z0-9_]+)"/.exec(error.message ?? '')?.[1];
  const known = name ? CONSTRAINT_MESSAGES[name] : undefined;
  if (known) return known();
  // Our own triggers raise check_violation with the French text itself (e.g. the photo limit).
  if (error.code === '23514' && error.message && !error.message.includes('violates')) return error.message;
  if (error.code === '42501') return "Vous n'avez pas le droit de modifier cet animal.";
  return GENERIC;
}
