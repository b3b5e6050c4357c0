// Generated from shared/domain/src/index.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
export { CODE_PATTERN, medalDisplayCode, normalizeCode } from './code.ts';
export {
  animalHomeText,
  CONVERSATION_LIMITS,
  CONVERSATION_TOKEN_PATTERN,
  FINDER_STATUSES,
  type FinderStatus,
  finderStatusWords,
  isFinderStatus,
  UNNAMED_ANIMAL,
} from './conversation.ts';
export { finderContactHref } from './finder-contact.ts';
export {
  FINDER_IDENTITY_HEADER,
  FINDER_IDENTITY_MAX_AGE_SECONDS,
  FINDER_IDENTITY_MAX_SKEW_SECONDS,
  signFinderIdentity,
  verifiedFinderAddress,
} from './finder-identity.ts';
export {
  addMonths,
  type CareGiven,
  HEALTH_DOCUMENT_BUCKET,
  HEALTH_DOCUMENT_KINDS,
  HEALTH_DOCUMENT_TYPES,
  HEALTH_LIMITS,
  HEALTH_RECORD_KINDS,
  type HealthDocumentKind,
  type HealthRecordKind,
  nextDueFollowsDate,
  PROPOSED_TREATMENTS,
  PROPOSED_VACCINES,
  type ProposedCare,
  proposedCare,
  proposedCares,
  showableToFinder,
  usualNextDue,
} from './health-booklet.ts';
export { isHoneypotFilled } from './honeypot.ts';
export { canonicalIpAddress } from './ip-address.ts';
export {
  FINDER_LANGUAGE_NAMES,
  FINDER_LANGUAGE_NAMES_IN_FRENCH,
  FINDER_LANGUAGES,
  type FinderLanguage,
  finderLanguageOf,
  isFinderLanguage,
} from './languages.ts';
export {
  ACCEPTED_IMAGE_TYPES,
  FINDER_PHOTO_BUCKET,
  FOUND_PHOTO_BUCKET,
  LIMITS,
  PHOTO_BUCKET,
  photoPublicUrl,
} from './limits.ts';
export { mapsPointUrl, mapsSearchUrl } from './maps.ts';
export { formatPhone, internationalPhone, isPhoneNumber, phoneHref, smsHref, whatsAppHref } from './phone.ts';
export {
  type EmergencyCare,
  type PublicPhoto,
  type PublicProfile,
  type ScanAnswer,
  type StoredScanAnswer,
  scanAnswerOf,
  scanAnswerProblems,
} from './public-profile.ts';
export { SEARCH_CARD_SIZE, SEARCH_HEADINGS, type SearchHeadings } from './search-headings.ts';
export {
  agreeWith,
  SEX_OPTIONS,
  type SexFormValue,
  type StoredSex,
  sexFormValue,
  sexLabel,
  sexToStored,
} from './sex.ts';
export * from './site.ts';
export {
  isKnownSpecies,
  SPECIES,
  type SpeciesValue,
  speciesFormValue,
  speciesLabel,
  speciesToStored,
} from './species.ts';
export {
  EMAIL_PATTERN,
  escapeHtml,
  hasBidiOrControlBesidesLines,
  hasControlCharacters,
  hasLineOrBidiCharacters,
  trimToNull,
  withoutControlCharacters,
} from './text.ts';
export {
  type BackendFailure,
  INTERNAL_ERROR_MESSAGE,
  isBackendUnavailable,
  UNAVAILABLE_MESSAGE,
} from './unavailable.ts';
