import { CONVERSATION_LIMITS, INTERNAL_ERROR_MESSAGE, LIMITS, UNAVAILABLE_MESSAGE } from './domain/index.ts';

/**
 * Every refusal of the functions: a stable machine code, its HTTP status and a French message the scan
 * page or the portal can show as it is.
 */
export const FAILURES = {
  invalid_request: { status: 400, message: 'Requête invalide.' },
  invalid_characters: { status: 400, message: 'Le texte contient des caractères non valides.' },
  code_not_found: { status: 404, message: 'Code introuvable' },
  profile_rate_limited: {
    status: 429,
    message: 'Trop de consultations depuis votre connexion. Réessayez dans une minute.',
  },
  message_empty: { status: 400, message: 'Écrivez un message ou indiquez comment vous joindre.' },
  message_too_long: { status: 400, message: `Le message ne doit pas dépasser ${LIMITS.messageMaxLength} caractères.` },
  contact_too_long: {
    status: 400,
    message: `Le moyen de contact ne doit pas dépasser ${LIMITS.finderContactMaxLength} caractères.`,
  },
  message_rate_limited: {
    status: 429,
    message: 'Vous avez déjà envoyé plusieurs messages pour cet animal. Réessayez dans une heure.',
  },
  photo_type: { status: 400, message: 'La photo doit être au format JPEG, PNG ou WebP.' },
  photo_too_large: { status: 400, message: 'La photo est trop lourde. Choisissez-en une autre.' },
  photo_rate_limited: {
    status: 429,
    message: "Vous avez déjà envoyé plusieurs photos aujourd'hui. Envoyez votre message sans photo.",
  },
  photo_animal_rate_limited: {
    status: 429,
    message: "Cet animal a déjà reçu beaucoup de photos aujourd'hui. Envoyez votre message sans photo.",
  },
  consent_required: { status: 400, message: 'Votre accord est nécessaire pour partager votre position.' },
  invalid_location: { status: 400, message: 'Position invalide.' },
  animal_mismatch: { status: 400, message: 'Cette médaille ne correspond pas à cet animal.' },
  scan_cooldown: { status: 429, message: 'Vous pouvez partager votre position une fois toutes les 2 minutes.' },
  finder_email_invalid: { status: 400, message: "L'adresse e-mail n'est pas valide." },
  // What the finder says they are doing ('Je l'ai déposé chez …' names the place).
  place_required: { status: 400, message: "Indiquez où vous l'avez déposé." },
  place_too_long: {
    status: 400,
    message: `Le lieu ne doit pas dépasser ${CONVERSATION_LIMITS.statusPlaceMaxLength} caractères.`,
  },
  // The finder's conversation through their link (the conversation function).
  conversation_not_found: { status: 404, message: 'Cette conversation est introuvable.' },
  conversation_blocked: { status: 410, message: 'Le propriétaire a clos cette conversation.' },
  // An operator suspended the medal (fraud, theft): its conversations close; the scan page's words for it.
  conversation_suspended: {
    status: 410,
    message: 'Cette médaille a été suspendue. Contactez le support pour en savoir plus.',
  },
  conversation_expired: {
    status: 410,
    message: `Cette conversation a expiré : ${CONVERSATION_LIMITS.validDays} jours sans message.`,
  },
  conversation_rate_limited: {
    status: 429,
    message: 'Trop de demandes depuis votre connexion. Réessayez dans une heure.',
  },
  message_not_found: { status: 404, message: 'Ce message est introuvable.' },
  // A sighting on a loss's search page (report-sighting); the page says them in the reader's language.
  search_not_found: { status: 404, message: 'Cette recherche n’existe pas ou n’est plus en ligne.' },
  sighting_too_long: { status: 400, message: 'Le lieu ne doit pas dépasser 120 caractères, le message 500.' },
  sighting_in_future: { status: 400, message: 'L’heure indiquée est dans le futur.' },
  sighting_rate_limited: {
    status: 429,
    message: 'Vous avez déjà signalé cet animal plusieurs fois. Réessayez dans une heure.',
  },
  // An animal found without a medal (report-found); the page says them in the reader's language.
  found_too_long: {
    status: 400,
    message: 'Le lieu ne doit pas dépasser 120 caractères, la description 300, le message 500.',
  },
  found_in_future: { status: 400, message: 'L’heure indiquée est dans le futur.' },
  found_rate_limited: {
    status: 429,
    message: 'Vous avez déjà signalé plusieurs animaux aujourd’hui. Réessayez demain.',
  },
  found_link_not_valid: { status: 403, message: 'Ce lien privé n’est pas celui de ce signalement.' },
  found_abuse_rate_limited: {
    status: 429,
    message: 'Vous avez déjà signalé plusieurs abus aujourd’hui. Réessayez demain.',
  },
  // Following a search (follow-search); the page says them in the reader's language.
  search_follow_rate_limited: {
    status: 429,
    message: 'Trop de demandes depuis votre connexion. Réessayez dans une heure.',
  },
  search_follow_link_not_found: { status: 404, message: 'Ce lien de suivi n’est plus valable.' },
  search_follow_taken: {
    status: 409,
    message: 'Ce navigateur suit déjà cette recherche avec d’autres clés. Réessayez dans un instant.',
  },
  // The link that stops every e-mail to a finder's address (stop-finder-mail).
  finder_mail_link_not_found: {
    status: 404,
    message: "Ce lien n'est pas valable. Utilisez celui du dernier e-mail reçu de Médaille.",
  },
  finder_mail_rate_limited: { status: 429, message: 'Trop de tentatives. Réessayez plus tard.' },
  // The link of an invitation to a household (answer-invitation), in the database's words.
  invitation_unavailable: {
    status: 404,
    message: "Cette invitation n'est plus valable. Demandez-en une nouvelle.",
  },
  invitation_rate_limited: { status: 429, message: 'Trop de tentatives. Réessayez plus tard.' },
  // A member's device for alerts (push-subscription): an endpoint that is no known push service's.
  push_endpoint_invalid: {
    status: 400,
    message: 'Ce navigateur utilise un service de notifications que nous ne connaissons pas.',
  },
  // The owner's and the operators' functions (delete-animal, delete-account, sweep-photos).
  unauthenticated: { status: 401, message: 'Session expirée. Reconnectez-vous pour continuer.' },
  forbidden: { status: 403, message: "Vous n'avez pas le droit de faire cette opération." },
  invalid_animal_id: { status: 400, message: "L'identifiant de l'animal est invalide." },
  not_found: { status: 404, message: 'Animal introuvable.' },
  // A document of the health booklet (health-document-link).
  invalid_document_id: { status: 400, message: "L'identifiant du document est invalide." },
  document_not_found: { status: 404, message: 'Document introuvable.' },
  email_mismatch: { status: 400, message: "L'adresse e-mail ne correspond pas à votre compte." },
  // The database or PostgREST out of reach for now (isBackendUnavailable): answered with Retry-After.
  unavailable: { status: 503, message: UNAVAILABLE_MESSAGE },
  internal: { status: 500, message: INTERNAL_ERROR_MESSAGE },
} as const;

export type FailureCode = keyof typeof FAILURES;
