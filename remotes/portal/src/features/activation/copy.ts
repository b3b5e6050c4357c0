// The words of a medal's activation, as docs/product/*.md writes them (docs/decisions/0007-french-copy-is-data.md);
// those every page may show are the portal's COPY (copy.ts).

export const ACTIVATION_COPY = {
  activation: {
    title: 'Activer une médaille',
    back: 'Retour à mon compte',
    codeTitle: 'Code de la médaille',
    codeLabel: 'Code (MDL-...)',
    check: 'Vérifier',
    validated: 'Validé',
    // A validated code can still be corrected.
    changeCode: 'Modifier le code',
    codeRequired: 'Code requis',
    codeNotFound: 'Code introuvable',
    codeTaken: 'Code déjà activé',
    // The database's own words for a suspended medal.
    codeSuspended: 'Cette médaille est suspendue. Contactez le support.',
    codeCheckFailed: 'Erreur lors de la vérification du code',
    previewTitle: 'Aperçu',
    previewEmpty: 'Le nom de votre animal',
    formTitle: 'Votre animal',
    lockedHint: "Validez d'abord le code de la médaille.",
    cancel: 'Annuler',
    submit: 'Activer la médaille',
    success: { title: 'Médaille activée !', description: 'Votre animal a été enregistré avec succès' },
    invalidCode: { title: 'Code invalide', description: 'Code invalide ou déjà utilisé' },
    // The database's words once an account or an address has tried too many wrong codes.
    tooManyAttempts: { title: 'Trop de tentatives', description: 'Trop de tentatives. Réessayez plus tard.' },
    failed: { title: "Impossible de créer l'animal", description: "Une erreur inattendue s'est produite" },
    sessionExpired: { title: 'Session expirée', description: 'Veuillez vous reconnecter' },
    // The code was activated on this account meanwhile (by its e-mail link in another browser).
    // The tab that waited for the e-mail, once the link has activated the medal in another.
    activatedElsewhere: {
      title: 'Médaille activée !',
      description: "Votre adresse est confirmée et l'activation s'est terminée dans l'autre onglet.",
    },
    alreadyYours: {
      title: 'Médaille déjà activée',
      description: (photos: number) =>
        photos === 0
          ? 'Cette médaille est déjà activée sur votre compte : voici la fiche de votre animal.'
          : photos === 1
            ? 'Cette médaille est déjà activée sur votre compte : la photo choisie ici est ajoutée à la fiche de votre animal.'
            : `Cette médaille est déjà activée sur votre compte : les ${photos} photos choisies ici sont ajoutées à la fiche de votre animal.`,
    },
  },
} as const;
