// Every word the portal shows, the exact words of docs/product/*.md (docs/decisions/0007-french-copy-is-data.md).
import { agreeWith, CONVERSATION_LIMITS } from '@medaille/domain';

/** An animal's sex as stored (M, F) or as the form holds it (male, female, unknown). */
type AnimalSex = string | null | undefined;

export const COPY = {
  // Any failure without a message of its own (the network, a part of the site that did not load).
  unexpected: "Une erreur inattendue s'est produite",
  login: {
    title: 'Se connecter',
    email: 'Email',
    password: 'Mot de passe',
    submit: 'Se connecter',
    forgot: 'Mot de passe oublié ?',
    noAccount: 'Pas encore de compte ?',
    register: 'Créer un compte',
    success: { title: 'Connexion réussie', description: 'Bienvenue !' },
    error: 'Erreur de connexion',
  },
  register: {
    title: 'Créer mon compte',
    email: 'Email',
    password: 'Mot de passe',
    show: 'Afficher le mot de passe',
    hide: 'Masquer le mot de passe',
    valid: 'Valide',
    tooShort: 'Trop court',
    lettersAndDigits: 'Ajoutez une lettre et un chiffre',
    minLength: 'Au moins 8 caractères, dont une lettre et un chiffre',
    submit: 'Créer mon compte',
    haveAccount: 'Déjà un compte ?',
    login: 'Se connecter',
    exists: {
      title: 'Compte existant',
      description: 'Un compte existe déjà avec cet email. Voulez-vous vous connecter ?',
    },
    created: {
      title: 'Compte créé !',
      description: 'Vérifiez votre email pour confirmer votre compte, puis vous pourrez vous connecter.',
    },
    error: "Erreur d'inscription",
    benefitsTitle: 'Pourquoi créer un compte ?',
    benefits: [
      'Une fiche complète pour chaque animal, modifiable à tout moment.',
      'Vos coordonnées ne sont visibles que si vous le décidez.',
      'Un e-mail dès que quelqu’un scanne la médaille et vous écrit.',
    ],
    support: 'Une question ? Écrivez-nous :',
    supportEmail: 'contact@medaille.fr',
  },
  // The page an auth e-mail's link opens. Opening it changes nothing (mail scanners open every
  // link of an e-mail); its button does what the link is for.
  confirmLink: {
    signup: {
      title: 'Confirmer votre adresse e-mail',
      text: 'Confirmez votre adresse pour activer votre compte Médaille et vous connecter.',
      button: 'Confirmer mon adresse',
    },
    magiclink: {
      title: 'Se connecter à Médaille',
      text: 'Vous avez demandé un lien pour vous connecter à Médaille, sans mot de passe.',
      button: 'Me connecter',
    },
    recovery: {
      title: 'Nouveau mot de passe',
      text: 'Vous avez demandé à réinitialiser votre mot de passe Médaille.',
      button: 'Choisir un nouveau mot de passe',
    },
    incomplete: 'Ce lien est incomplet. Ouvrez-le depuis l’e-mail reçu, ou demandez-en un nouveau.',
    login: 'Se connecter',
  },
  callback: {
    connecting: 'Connexion en cours...',
    success: { title: 'Connexion réussie', description: 'Bienvenue !' },
    error: 'Erreur de connexion',
    activated: { title: '🎉 Médaille activée !', description: 'Votre animal a été enregistré avec succès.' },
    activationError: "Erreur d'activation",
    unknownError: 'Erreur inconnue',
    // The words of docs/product/activation.md when neither this browser nor the link holds anything of the activation.
    expired: { title: 'Session expirée', description: "Les données d'activation ont expiré. Veuillez recommencer." },
    // Signed in by an activation's link, with the form still to fill in or its code to type.
    resume: {
      withCode: {
        title: 'Connexion réussie',
        description: "Décrivez votre animal pour terminer l'activation de la médaille.",
      },
      withoutCode: {
        title: 'Connexion réussie',
        description: 'Saisissez le code de la médaille pour terminer son activation.',
      },
    },
    // Photos chosen before sign-up that did not reach the animal, said after the link activates it.
    photosNotKept: (count: number) =>
      count === 1
        ? "1 photo n'a pas pu être enregistrée : ajoutez-la ici, dans « Photos de l'animal »."
        : `${count} photos n'ont pas pu être enregistrées : ajoutez-les ici, dans « Photos de l'animal ».`,
    photosElsewhere: (count: number) =>
      count === 1
        ? "La photo choisie avant l'inscription est restée dans l'autre navigateur : ajoutez-la ici, dans « Photos de l'animal »."
        : `Les ${count} photos choisies avant l'inscription sont restées dans l'autre navigateur : ajoutez-les ici, dans « Photos de l'animal ».`,
    detailsElsewhere:
      "Les informations détaillées (allergies, médicaments, caractère…) sont restées dans l'autre navigateur : complétez-les ici, dans « Informations détaillées ».",
    newPasswordTitle: 'Choisir un nouveau mot de passe',
    newPassword: 'Nouveau mot de passe',
    savePassword: 'Enregistrer le mot de passe',
    passwordSaved: {
      title: 'Mot de passe mis à jour',
      description: 'Vous êtes connecté avec votre nouveau mot de passe.',
    },
  },
  // The login page after an e-mail link that had already served.
  usedLink: {
    title: 'Votre adresse est sans doute déjà confirmée',
    text: "Ce lien a déjà servi : il a confirmé votre adresse la première fois qu'il a été ouvert (par vous, ou par la protection de votre messagerie). Connectez-vous ci-dessous. S'il n'avait jamais servi, il a expiré : la connexion vous proposera un nouvel e-mail.",
  },
  // What stays on the login page after registering.
  confirmation: {
    title: 'Vérifiez votre boîte mail',
    text: (email: string) =>
      `Nous avons envoyé un lien de confirmation à ${email}. Ouvrez-le pour activer votre compte, puis connectez-vous ici.`,
    resend: "Renvoyer l'e-mail",
    resendIn: (seconds: number) => `Renvoyer l'e-mail (dans ${seconds} s)`,
    resent: { title: 'E-mail renvoyé', description: 'Un nouveau lien de confirmation vous attend.' },
    resendFailed: "Impossible de renvoyer l'e-mail",
  },
  // The code of the auth e-mails ('Ou saisissez ce code'), typed on another device.
  emailCode: {
    label: 'Code reçu par e-mail',
    hint: "Celui de l'e-mail, si vous le lisez sur un autre appareil",
    submit: 'Valider le code',
    required: 'Veuillez saisir le code reçu par e-mail',
    wrong: 'Code incorrect ou expiré. Vérifiez-le, ou demandez un nouvel e-mail.',
  },
  forgot: {
    title: 'Mot de passe oublié ?',
    submit: 'Envoyer le lien',
    back: 'Retour à la connexion',
    sent: { title: 'Email envoyé', description: 'Vérifiez votre boîte mail pour réinitialiser votre mot de passe' },
  },
  account: {
    title: 'Mes animaux',
    empty: 'Aucun animal trouvé.',
    firstMedal: 'Activer ma première médaille',
    newMedal: 'Ajouter une nouvelle médaille',
    edit: 'Modifier',
    // A keeper's way to an animal they may not edit.
    view: 'Voir',
    lost: 'Animal perdu',
    statusUpdated: 'Statut mis à jour',
    // Each sentence about the animal agrees with its sex (agreeWith: masculine when it is unknown).
    nowLost: (name: string, sex: AnimalSex) =>
      `${name} est ${agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' })}.`,
    nowFound: (name: string, sex: AnimalSex) =>
      `${name} n'est plus ${agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' })}.`,
    statusFailed: 'Impossible de mettre à jour le statut',
    photoOf: (name: string) => `Photo de ${name}`,
    error: 'Erreur',
    loading: 'Chargement…',
  },
  // The owner's data rights, in the 'Mon compte' section of the account page.
  myAccount: {
    title: 'Mon compte',
    signedInAs: (email: string) => `Connecté avec ${email}`,
    export: 'Télécharger mes données',
    exportHint:
      'Un fichier ZIP avec toutes les données de votre compte : vos animaux, leurs photos, les messages reçus et les positions partagées.',
    exporting: 'Préparation de vos données…',
    exported: { title: 'Vos données sont téléchargées', description: (file: string) => `Fichier : ${file}` },
    exportFailed: 'Impossible de préparer vos données. Veuillez réessayer.',
    delete: 'Supprimer mon compte',
    deleteHint:
      'Votre compte, tous vos animaux, leurs photos, les messages et les positions reçus sont supprimés définitivement.',
    deleteTitle: 'Supprimer votre compte ?',
    deleteText:
      'Cette action est irréversible : votre compte, tous vos animaux, leurs photos, les messages et les positions reçus seront supprimés. Vos médailles seront retirées : une personne qui les scanne verra « Médaille retirée », et elles ne pourront plus être activées. Pensez à télécharger vos données avant.',
    // The label names the address to type; the field's placeholder must not look like it is typed already.
    deleteEmailLabel: (email: string) => `Pour confirmer, saisissez votre adresse e-mail : ${email}`,
    deleteEmailPlaceholder: 'votre adresse e-mail',
    deleteEmailMismatch: 'Cette adresse ne correspond pas à celle de votre compte.',
    cancel: 'Annuler',
    deleteConfirm: 'Supprimer définitivement mon compte',
    deleted: {
      title: 'Votre compte a été supprimé',
      description: 'Toutes vos données ont été effacées. Merci d’avoir utilisé Médaille.',
    },
    deleteFailed: 'Impossible de supprimer le compte',
  },
  // The words inside the export's ZIP, and
  // the failures it logs.
  dataExport: {
    fileName: (day: string) => `medaille-mes-donnees-${day}.zip`,
    // The folder of an animal whose name leaves nothing a file system takes.
    unnamedAnimal: 'Animal',
    notFound: 'introuvable',
    signedOut: 'Session expirée',
    /** README.txt, line by line; `exportedAt` is the moment at the hour of Paris. */
    readme: (exportedAt: string) => [
      'Vos données Médaille',
      '====================',
      '',
      `Export réalisé le ${exportedAt} (heure de Paris).`,
      '',
      'donnees.json : toutes les données de votre compte, au format JSON :',
      '  - compte : identifiant, adresse e-mail et date de création du compte ;',
      '  - animaux : chaque animal avec tous ses champs (coordonnées privées et publiques comprises) ;',
      '  - photos : les photos de chaque animal, avec le nom du fichier correspondant dans ce ZIP ;',
      '  - medailles : les codes des médailles associées à vos animaux ;',
      "  - messages : les messages envoyés par les personnes qui ont trouvé l'un de vos animaux (avec, le cas",
      '    échéant, le nom du fichier de la photo jointe) ;',
      '  - positions_partagees : les positions partagées par ces personnes (conservées 90 jours) ;',
      "  - consultations_profil : les ouvertures de la page d'un animal signalé perdu (conservées 90 jours) ;",
      '  - carnet_de_sante : les vaccins, traitements, visites et pesées du carnet de santé de chaque animal ;',
      '  - documents_de_sante : les documents du carnet (certificats, passeport, assurance), avec le nom du',
      '    fichier correspondant dans ce ZIP ;',
      '  - conversations : les conversations avec les personnes qui ont trouvé vos animaux (leurs messages sont',
      '    dans « messages ») ;',
      '  - reponses_aux_conversations : les réponses de votre foyer dans ces conversations (et le mot qui a dit à',
      '    la personne que votre animal était rentré) ;',
      '  - retrouvailles : chaque fois qu’un animal perdu a été marqué retrouvé : depuis quand il était perdu, et',
      '    comment la personne qui l’a trouvé vous a joint, si vous l’avez dit ;',
      "  - foyers : votre place dans le foyer de chaque animal (le vôtre ou celui d'un autre propriétaire) :",
      '    rôle, dernier jour de garde le cas échéant, choix des alertes (e-mail et notifications).',
      '',
      'photos/{nom de l’animal}/photo-{n}.jpg : les photos elles-mêmes, dans leur ordre d’affichage (deux animaux',
      'du même nom : « Mimi » puis « Mimi (2) »).',
      'carnet/{nom de l’animal}/document-{n}.pdf : les documents du carnet de santé, dans leur ordre d’ajout.',
      'messages/{identifiant de l’animal}/… : les photos jointes aux messages par ces personnes.',
      '',
      'Les dates sont en temps universel (UTC), au format ISO 8601.',
      'Pour toute question : contact@medaille.fr',
      '',
    ],
  },
  session: { checking: 'Chargement…' },
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
  animal: {
    name: 'Nom *',
    species: 'Espèce',
    chooseSpecies: 'Choisir',
    customSpecies: "Préciser l'espèce",
    breed: 'Race',
    color: 'Couleur',
    birthYear: 'Année de naissance',
    sex: 'Sexe',
    sterilized: 'Stérilisé(e)',
    // The preview's tag, by sex: 'Stérilisé(e)' only while the sex is unknown.
    sterilizedTag: (sex: AnimalSex) =>
      agreeWith(sex, { male: 'Stérilisé', female: 'Stérilisée', unknown: 'Stérilisé(e)' }),
    weight: 'Poids (kg)',
    ownerEmail: 'Votre email (privé)',
    ownerPhone: 'Votre téléphone (privé)',
    important: 'Informations importantes',
    allergies: 'Allergies',
    meds: 'Médicaments',
    temperament: 'Caractère',
    vet: 'Informations vétérinaires',
    chip: 'Puce ou tatouage',
    photos: 'Photos',
    photosHint: 'JPG, PNG, WebP • Max 10MB par fichier',
    removePhoto: (name: string) => `Retirer ${name}`,
    chosenPhotos: 'Photos choisies',
    previewPhoto: 'Photo de votre animal',
    invalidFile: 'Fichier invalide',
    badFormat: 'Format non autorisé',
    tooBig: 'Taille maximum 10MB',
    limit: 'Limite atteinte',
    limitText: (max: number) => `Maximum ${max} photos autorisées`,
    // A long text's counter near its limit, and what a paste over it lost.
    count: (length: number, max: number) =>
      `${length.toLocaleString('fr-FR')} caractères sur ${max.toLocaleString('fr-FR')}`,
    pasteCut: (max: number) =>
      `Le texte collé a été coupé à ${max.toLocaleString('fr-FR')} caractères : relisez la fin.`,
  },
  edit: {
    title: (name: string) => `Modifier le profil de ${name}`,
    // What a keeper sees instead of the form.
    viewTitle: (name: string) => `Fiche de ${name}`,
    keeperNote: (name: string, day: string) =>
      `Vous gardez ${name} jusqu'au ${day} : vous pouvez signaler sa perte et lire ses messages. Ses propriétaires modifient sa fiche.`,
    yes: 'Oui',
    no: 'Non',
    back: 'Retour à mon compte',
    medal: (code: string) => `Médaille ${code}`,
    updated: (date: string) => `Dernière mise à jour : ${date}`,
    basics: 'Informations de base',
    identification: 'Identification',
    details: 'Informations détaillées',
    // The private contacts given at activation, shown again where the owner can change them.
    privateContacts: 'Vos coordonnées privées',
    privateContactsNote:
      "Elles ne sont jamais affichées sur la fiche publique. Pour qu'une personne qui trouve votre animal puisse vous joindre, remplissez les coordonnées publiques.",
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Animal mis à jour',
    saveFailed: 'Erreur de sauvegarde',
    loadFailed: "Impossible de charger les données de l'animal.",
    denied: { title: 'Accès refusé', description: "Vous n'avez pas le droit de modifier cet animal." },
    delete: "Supprimer le profil de l'animal",
    deleteTitle: 'Êtes-vous sûr ?',
    deleteText: (name: string) =>
      `Cette action est irréversible : le profil de ${name}, toutes ses photos et ses informations seront supprimés.`,
    // The other members of its household lose it too, and are told.
    deleteHousehold: (emails: string[]) =>
      emails.length === 1
        ? `Son foyer le perd aussi : ${emails[0]} n'y aura plus accès et en sera averti·e par e-mail.`
        : `Son foyer le perd aussi : ${emails.join(', ')} n'y auront plus accès et en seront averti·es par e-mail.`,
    deleteConfirm: 'Supprimer définitivement',
    deleted: 'Profil supprimé',
    deleteFailed: 'Erreur de suppression',
    // Leaving the edit page with changes not yet saved.
    unsaved: {
      title: 'Quitter sans enregistrer ?',
      text: "Vos modifications n'ont pas été enregistrées : elles seront perdues.",
      confirm: 'Quitter sans enregistrer',
    },
  },
  // The medal on the edit page, its suspension by its owner and its QR code.
  medal: {
    title: 'Médaille',
    active: 'Active',
    suspended: 'Suspendue',
    suspendedByOperator: 'Suspendue par le support',
    /** The operator's suspension: the owner cannot lift it, so the panel says whom to write to instead. */
    operatorText: (name: string) =>
      `Le support de Médaille a suspendu cette médaille : qui la scanne voit « Médaille suspendue », et rien de ${name}. Vous ne pouvez pas la réactiver vous-même ; pour savoir pourquoi ou la faire réactiver, écrivez-nous :`,
    supportEmail: 'contact@medaille.fr',
    /** On the animal's card in 'Mes animaux'. */
    cardSuspended: 'Médaille suspendue : qui la scanne ne voit pas la fiche. Réactivez-la depuis « Modifier ».',
    cardSuspendedByOperator:
      'Médaille suspendue par le support de Médaille : qui la scanne ne voit pas la fiche. Pour la faire réactiver, écrivez-nous :',
    activeText: (name: string) => `Qui scanne la médaille voit la fiche de ${name}.`,
    suspendedText: (name: string) => `Qui scanne la médaille voit « Médaille suspendue », et rien de ${name}.`,
    suspend: 'Suspendre la médaille',
    resume: 'Réactiver la médaille',
    suspendTitle: 'Suspendre la médaille ?',
    suspendText: (name: string) =>
      `Médaille perdue, ou trouvée par un inconnu ? Tant qu'elle est suspendue, qui la scanne voit « Médaille suspendue » et rien de ${name} : ni sa fiche, ni ses photos, ni vos coordonnées, et personne ne peut vous écrire ni partager sa position. Vous pourrez la réactiver à tout moment.`,
    resumeTitle: 'Réactiver la médaille ?',
    resumeText: (name: string) =>
      `Qui scanne la médaille verra de nouveau la fiche de ${name}, avec les coordonnées que vous avez choisi d'afficher.`,
    suspendedDone: 'Médaille suspendue',
    resumedDone: 'Médaille réactivée',
    failed: 'Impossible de modifier la médaille',
    // The words for each of set_my_medal_suspended's reasons for a refusal (the same as its French text).
    refusals: {
      no_medal: 'Aucune médaille pour cet animal.',
      suspended_by_operator: 'Cette médaille a été suspendue par le support. Contactez-le pour la réactiver.',
    },
    qrTitle: 'QR code de la médaille',
    qrAlt: (code: string) => `QR code de la médaille ${code}`,
    qrHint: 'Pour une nouvelle médaille, une affiche ou une seconde étiquette.',
    downloadPng: 'Télécharger en PNG',
    downloadSvg: 'Télécharger en SVG',
    qrFailed: "Le QR code n'a pas pu être créé. Rechargez la page pour réessayer.",
  },
  // An animal's messages and history, and their unread count on 'Mes animaux'.
  inbox: {
    title: (name: string) => `Messages et historique de ${name}`,
    open: 'Messages et historique',
    cardLink: 'Messages',
    /** Said after the unread count, for screen readers (the badge shows the number). */
    cardLinkUnread: (unread: number) => (unread > 1 ? 'non lus' : 'non lu'),
    back: 'Retour à mon compte',
    editProfile: 'Modifier la fiche',
    viewProfile: 'Voir la fiche',
    loadFailed: 'Impossible de charger cette liste. Rechargez la page pour réessayer.',
    showMore: 'Afficher plus',
    remove: 'Supprimer',
    removeFailed: 'Impossible de supprimer',
    messages: {
      title: 'Messages',
      intro: (name: string) =>
        `Ce que les personnes qui ont scanné la médaille de ${name} vous ont écrit avant l'ouverture des conversations.`,
      empty: "Aucun message pour l'instant.",
      unread: 'Nouveau',
      contact: 'Contact :',
      noText: '(sans message)',
      photoAlt: (name: string) => `Photo de ${name} jointe au message`,
      photoLoading: 'Chargement de la photo…',
      photoFailed: "Impossible d'afficher la photo jointe.",
      itemLabel: (when: string) => `le message du ${when}`,
      removeTitle: 'Supprimer ce message ?',
      removeText: 'Il disparaîtra de cette page. Cette action est irréversible.',
      removed: 'Message supprimé',
      clear: 'Supprimer tous les messages',
      clearTitle: 'Supprimer tous les messages ?',
      clearText: (name: string) =>
        `Tous les messages de cette liste reçus au sujet de ${name} seront supprimés, y compris ceux qui ne sont pas affichés. Ceux des conversations restent. Cette action est irréversible.`,
      cleared: 'Messages supprimés',
    },
    // A conversation with a finder, neither side's address shown
    // (docs/decisions/0017-finder-owner-conversation.md).
    // What finders said they are doing ('Je l'ai avec moi'…), first on the page.
    news: {
      title: (name: string) => `Dernières nouvelles de ${name}`,
      intro: "Ce que disent les personnes qui l'ont trouvé, le plus récent d'abord.",
      place: 'Lieu :',
      map: "Voir l'endroit sur la carte",
      answer: 'Répondre dans sa conversation',
    },
    conversations: {
      title: 'Conversations',
      intro: (name: string) =>
        `Répondez aux personnes qui ont trouvé ${name} : elles lisent vos réponses sur leur lien privé, sans voir votre adresse e-mail ni votre téléphone, sauf si vous les écrivez.`,
      empty: "Aucune conversation pour l'instant.",
      threadTitle: (number: number, when: string) => `Conversation ${number}, ouverte le ${when}`,
      linesLabel: 'Messages de la conversation',
      finder: (name: string) => `La personne qui a trouvé ${name}`,
      foundLine: (name: string) => `Retrouvailles : la personne a été prévenue, dans sa langue, du retour de ${name}.`,
      answer: 'Votre réponse',
      answerLabel: (number: number) => `Répondre dans la conversation ${number}`,
      answerHint: `${CONVERSATION_LIMITS.replyMaxLength} caractères au plus. La personne est prévenue par e-mail si elle a laissé son adresse, sans le texte de votre réponse.`,
      answerRequired: 'Écrivez votre réponse.',
      send: 'Envoyer la réponse',
      answered: 'Réponse envoyée',
      answerFailed: "Impossible d'envoyer la réponse",
      block: 'Bloquer cet interlocuteur',
      blockTitle: 'Bloquer cet interlocuteur ?',
      blockText:
        "Son lien n'ouvrira plus la conversation : il ne pourra plus vous écrire ni lire vos réponses. Cette action est irréversible.",
      blocked: 'Interlocuteur bloqué',
      blockFailed: 'Impossible de bloquer cet interlocuteur',
      blockedBadge: 'Bloquée',
      expiredBadge: 'Expirée',
      blockedText: 'Vous avez bloqué cet interlocuteur : la conversation est close.',
      expiredText: `Cette conversation a expiré : ${CONVERSATION_LIMITS.validDays} jours sans message.`,
    },
    history: {
      title: 'Historique des scans',
      retention:
        'Les positions partagées et les consultations de la fiche sont conservées 90 jours, puis effacées automatiquement.',
    },
    positions: {
      title: 'Positions partagées',
      intro: 'Chaque position envoyée avec « Partager ma position », avec la précision donnée par le téléphone.',
      empty: "Aucune position n'a encore été partagée.",
      accuracy: 'Précision',
      unknownAccuracy: 'précision inconnue',
      map: 'Voir sur OpenStreetMap',
      mapLabel: (when: string) => `Voir sur OpenStreetMap (position du ${when})`,
      itemLabel: (when: string) => `la position du ${when}`,
      removeTitle: 'Supprimer cette position ?',
      removeText: 'Elle disparaîtra de cet historique. Cette action est irréversible.',
      removed: 'Position supprimée',
      clear: 'Effacer les positions',
      clearTitle: 'Effacer toutes les positions ?',
      clearText: (name: string) =>
        `Toutes les positions partagées pour ${name} seront effacées, y compris celles qui ne sont pas affichées. Cette action est irréversible.`,
      cleared: 'Positions effacées',
      sketchTitle: 'Croquis des positions',
      sketchLabel: (count: number, span: string) =>
        `Croquis de ${count} positions, nord en haut, sur environ ${span} de large`,
      sketchNote: (span: string) =>
        `Les positions affichées les unes par rapport aux autres (nord en haut, environ ${span} de large), la plus récente en orange ; aucun fond de carte n'est chargé. Ouvrez une position sur OpenStreetMap pour voir le lieu.`,
      sketchPoint: (when: string) => `Position du ${when}`,
    },
    views: {
      title: 'Consultations de la fiche',
      intro: (name: string) =>
        `Chaque ouverture de la fiche publique de ${name} pendant qu'elle était en mode « Animal perdu ». Le lieu n'est connu que si la personne a partagé sa position.`,
      empty: 'Aucune consultation enregistrée.',
      item: 'Fiche consultée',
      itemLabel: (when: string) => `la consultation du ${when}`,
      removeTitle: 'Supprimer cette consultation ?',
      removeText: 'Elle disparaîtra de cet historique. Cette action est irréversible.',
      removed: 'Consultation supprimée',
      clear: 'Effacer les consultations',
      clearTitle: 'Effacer toutes les consultations ?',
      clearText: (name: string) =>
        `Toutes les consultations de la fiche de ${name} seront effacées, y compris celles qui ne sont pas affichées. Cette action est irréversible.`,
      cleared: 'Consultations effacées',
    },
  },
  // docs/decisions/0016-household.md: what the household's members did, on the animal's history page.
  activity: {
    title: 'Dans le foyer',
    intro: (name: string) =>
      `Qui a fait quoi pour ${name} : le mode perdu, le profil, les contacts, les photos et les membres.`,
    empty: "Rien pour l'instant.",
    itemLabel: (when: string) => `l'événement du ${when}`,
    me: (email: string) => `${email} (vous)`,
    formerMember: 'Un ancien membre',
    kinds: {
      lost: 'a activé le mode perdu',
      found: 'a désactivé le mode perdu',
      profile: 'a modifié le profil',
      contacts: 'a modifié les contacts affichés',
      photo_added: 'a ajouté une photo',
      photo_removed: 'a supprimé une photo',
      member_joined: 'a rejoint le foyer',
      member_left: 'a quitté le foyer',
      member_removed: (who: string) => `a retiré ${who} du foyer`,
      member_role: (who: string) => `a changé le rôle ou le dernier jour de ${who}`,
      owner_changed: 'est devenu propriétaire',
    },
  },
  // A finder's photo enlarged in the inbox.
  inboxPhoto: {
    enlarge: (name: string) => `Agrandir la photo de ${name} jointe au message`,
    close: 'Fermer',
  },
  // docs/decisions/0016-household.md: an animal's household on its edit page, the members' roles on 'Mes
  // animaux', and the page an invitation's e-mail opens.
  household: {
    title: 'Foyer',
    intro: (name: string) => `Les personnes qui s'occupent de ${name} avec vous.`,
    roles: { owner: 'Propriétaire', co_owner: 'Co-propriétaire', keeper: 'Gardien·ne' },
    keeperUntil: (day: string) => `Gardien·ne jusqu'au ${day}`,
    accessEnded: (day: string) => `Accès terminé le ${day}`,
    me: '(vous)',
    loadFailed: 'Impossible de charger le foyer. Rechargez la page pour réessayer.',
    remove: 'Retirer',
    removeLabel: (email: string) => `Retirer ${email}`,
    removeTitle: 'Retirer cette personne du foyer ?',
    removeText: (email: string, name: string) =>
      `${email} ne verra plus ${name}, ses messages ni son historique, et ne recevra plus ses alertes. Vous pourrez l'inviter de nouveau.`,
    removed: (email: string) => `${email} ne fait plus partie du foyer`,
    removeFailed: 'Impossible de retirer cette personne',
    lastDay: 'Dernier jour',
    lastDayOf: (email: string) => `Dernier jour de ${email}`,
    changeLastDay: 'Changer le dernier jour',
    saveLastDay: 'Enregistrer le dernier jour',
    lastDaySaved: 'Dernier jour enregistré',
    lastDayFailed: "Impossible d'enregistrer le dernier jour",
    lastDayRequired: 'Indiquez le dernier jour de garde.',
    lastDayPast: "La date de fin doit être aujourd'hui ou plus tard.",
    invitations: 'Invitations en attente',
    invitedAs: (role: string) => `Invité·e comme ${role.toLowerCase()}`,
    invitationValid: (day: string) => `Lien valable jusqu'au ${day}`,
    revoke: "Annuler l'invitation",
    revokeLabel: (email: string) => `Annuler l'invitation de ${email}`,
    revokeTitle: "Annuler l'invitation ?",
    revokeText: (email: string) => `Le lien envoyé à ${email} ne fonctionnera plus.`,
    revoked: 'Invitation annulée',
    revokeFailed: "Impossible d'annuler l'invitation",
    inviteTitle: "Inviter quelqu'un",
    inviteEmail: 'Adresse e-mail',
    emailRequired: "Saisissez l'adresse e-mail de la personne à inviter.",
    inviteRole: 'Rôle',
    roleRequired: 'Choisissez un rôle.',
    roleHints: {
      co_owner: "Peut tout faire sauf supprimer l'animal, gérer le foyer ou le donner.",
      keeper:
        "Voit l'animal, ses messages et son historique, reçoit ses alertes, et ne peut changer que le mode perdu.",
    },
    invite: "Envoyer l'invitation",
    invited: (email: string) => `Invitation envoyée à ${email}`,
    inviteFailed: "Impossible d'envoyer l'invitation",
    alerts: (name: string) => `Recevoir les alertes de ${name}`,
    alertsHint:
      "Par e-mail, et en notification sur vos appareils où vous les avez activées : quand quelqu'un lui écrit, partage sa position ou ouvre sa fiche pendant une perte.",
    alertsOn: 'Alertes activées',
    alertsOff: 'Alertes désactivées',
    alertsFailed: "Impossible d'enregistrer votre choix",
    leave: 'Quitter le foyer',
    leaveTitle: (name: string) => `Quitter le foyer de ${name} ?`,
    leaveText: (name: string) =>
      `Vous ne verrez plus ${name}, ses messages ni son historique, et ne recevrez plus ses alertes. Pour revenir, il vous faudra une nouvelle invitation.`,
    left: (name: string) => `Vous avez quitté le foyer de ${name}`,
    leaveFailed: 'Impossible de quitter le foyer',
  },
  // docs/decisions/0016-household.md: the health booklet's page.
  booklet: {
    open: 'Carnet de santé',
    title: (name: string) => `Carnet de santé de ${name}`,
    back: (name: string) => `Retour à la fiche de ${name}`,
    loadFailed: 'Impossible de charger le carnet. Rechargez la page pour réessayer.',
    sections: { vaccination: 'Vaccins', treatment: 'Traitements', visit: 'Visites', weight: 'Poids' },
    empty: 'Rien pour le moment.',
    doneOnDay: (day: string) => `Fait le ${day}`,
    nextOn: (day: string) => `prochain le ${day}`,
    weightOf: (kg: number) => `${String(kg).replace('.', ',')} kg`,
    overdue: 'En retard',
    soon: 'Bientôt',
    remove: 'Supprimer',
    removeLabel: (label: string, day: string) => `Supprimer ${label} du ${day}`,
    removeTitle: 'Supprimer cette ligne du carnet ?',
    removeText: (label: string) =>
      `${label} disparaîtra du carnet, et ses rappels avec. Cette action est irréversible.`,
    removed: 'Ligne supprimée',
    removeFailed: 'Impossible de supprimer cette ligne',
    addTitle: 'Ajouter au carnet',
    kind: 'Type',
    label: 'Quoi',
    labelHint: "Les vaccins et traitements habituels sont proposés ; leur prochaine date se remplit d'elle-même.",
    labelRequired: 'Indiquez ce qui a été fait (par exemple « Rage »).',
    labelTooLong: 'Maximum 120 caractères',
    doneOn: 'Date',
    weighedOn: 'Date de la pesée',
    dateRequired: 'Indiquez la date.',
    nextDue: 'Prochaine échéance',
    nextDueHint:
      'Pour un soin habituel, elle suit la date tant que vous ne la changez pas. Rappel 7 jours avant et le jour même, si vous les avez choisis.',
    dueBeforeDate: 'La prochaine échéance doit suivre la date.',
    weight: 'Poids (kg)',
    weightRequired: 'Indiquez un poids en kg, entre 0 et 200.',
    notes: 'Notes',
    notesTooLong: 'Maximum 1000 caractères',
    // What a finder sees of the booklet: the owner's choice, record by record.
    showToFinder: (name: string) => `Montrer sur la page publique de ${name}, en cas d'urgence`,
    showToFinderHint: (name: string) =>
      `Qui trouve ${name} et scanne sa médaille verra ce soin et sa date tant qu'il est à jour. Les notes restent privées.`,
    shownToFinder: 'Visible sur la page publique',
    show: 'Montrer sur la page publique',
    hide: 'Ne plus montrer',
    // Each starts with its button's visible words, as a screen reader's user hears them.
    showLabel: (label: string) => `Montrer sur la page publique : ${label}`,
    hideLabel: (label: string) => `Ne plus montrer sur la page publique : ${label}`,
    shown: (label: string) => `${label} est visible sur la page publique`,
    hidden: (label: string) => `${label} n'est plus visible sur la page publique`,
    showFailed: "Impossible d'enregistrer votre choix",
    add: 'Ajouter au carnet',
    added: (label: string) => `${label} ajouté au carnet`,
    addFailed: "Impossible d'ajouter au carnet",
    edit: 'Modifier',
    editLabel: (label: string, day: string) => `Modifier ${label} du ${day}`,
    editTitle: (label: string) => `Modifier : ${label}`,
    save: 'Enregistrer',
    cancel: 'Annuler',
    updated: (label: string) => `${label} modifié`,
    updateFailed: "Impossible d'enregistrer la modification",
    reminders: (name: string) => `Recevoir les rappels du carnet de ${name} par e-mail`,
    remindersHint: (days: number) => `Un e-mail ${days} jours avant chaque échéance, et le jour même.`,
    remindersOn: 'Rappels par e-mail activés',
    remindersOff: 'Rappels par e-mail désactivés',
    remindersFailed: "Impossible d'enregistrer votre choix",
    print: {
      open: 'Imprimer le carnet',
      hint: "Le carnet sur des feuilles A4, pour la personne qui garde l'animal ou pour le vétérinaire.",
      print: 'Imprimer',
      back: 'Retour au carnet',
      species: 'Espèce',
      breed: 'Race',
      sex: 'Sexe',
      birthYear: 'Année de naissance',
      chip: 'Puce ou tatouage',
      allergies: 'Allergies',
      medications: 'Traitements',
      vet: 'Vétérinaire',
      date: 'Date',
      what: 'Quoi',
      weight: 'Poids',
      next: 'Prochaine échéance',
      printedOn: (day: string) => `Carnet imprimé le ${day} depuis Médaille.`,
    },
    documents: {
      title: 'Documents',
      loadFailed: 'Impossible de charger les documents. Rechargez la page pour réessayer.',
      open: 'Ouvrir',
      openFailed: "Impossible d'ouvrir ce document",
      removeLabel: (title: string) => `Supprimer le document ${title}`,
      removeTitle: 'Supprimer ce document ?',
      removeText: (title: string) => `${title} sera supprimé du carnet. Cette action est irréversible.`,
      removed: 'Document supprimé',
      removeFailed: 'Impossible de supprimer ce document',
      addTitle: 'Ajouter un document',
      file: 'Fichier',
      fileHint: 'PDF, JPEG, PNG ou WebP, 10 Mo au plus.',
      fileRequired: 'Choisissez un fichier.',
      wrongType: 'Le document doit être un PDF ou une image JPEG, PNG ou WebP.',
      tooLarge: 'Le document est trop lourd : 10 Mo au plus.',
      documentTitle: 'Titre (facultatif)',
      titleHint: 'Par défaut, le nom du fichier.',
      titleTooLong: 'Le titre doit faire 120 caractères au plus.',
      kind: 'Type de document',
      add: 'Ajouter le document',
      added: (title: string) => `${title} ajouté au carnet`,
      addFailed: "Impossible d'ajouter le document",
      uploadFailed: "Le fichier n'a pas pu être envoyé. Réessayez.",
    },
  },
  // A change of owner (docs/product/household.md): the owner offers the animal to another account, which accepts it.
  transfer: {
    title: (name: string) => `Donner ${name} à un autre compte`,
    intro: (name: string) =>
      `Si vous donnez ou vendez ${name}, proposez-le au compte Médaille de son nouveau propriétaire. Une fois la proposition acceptée, sa médaille, ses photos, son carnet de santé et son historique le suivent ; vous et les membres du foyer n'y avez plus accès, et vos coordonnées ne sont plus affichées.`,
    icad: "En France, le changement de propriétaire doit aussi être déclaré à l'I-CAD, avec le certificat de cession.",
    icadLink: 'Aller sur i-cad.fr',
    email: 'Adresse e-mail du nouveau propriétaire',
    offer: (name: string) => `Proposer ${name}`,
    confirmTitle: (name: string, email: string) => `Donner ${name} à ${email} ?`,
    confirmText: (name: string) =>
      `Dès que cette personne aura accepté, ${name} ne sera plus dans votre compte. Rien ne change tant qu'elle n'a pas accepté.`,
    offered: (email: string) => `Proposition envoyée à ${email}`,
    offerFailed: "Impossible d'envoyer la proposition",
    pending: (email: string, day: string) =>
      `Proposé à ${email}. Tant que cette personne n'a pas accepté, rien ne change. Lien valable jusqu'au ${day}.`,
    cancel: 'Annuler la proposition',
    cancelled: 'Proposition annulée',
    newOwner: (name: string) => `Vous êtes maintenant propriétaire de ${name}.`,
  },
  // The link of an invitation: what it offers, then 'Accepter' or 'Refuser'; opening it changes nothing.
  invitation: {
    title: 'Invitation',
    loading: "Lecture de l'invitation…",
    gives: (inviter: string, name: string) => `${inviter} vous confie ${name}`,
    invites: (inviter: string, name: string) => `${inviter} vous invite à veiller sur ${name}`,
    transferIntro: (name: string) =>
      `En acceptant, vous devenez le propriétaire de ${name} sur Médaille, et l'ancien propriétaire n'y a plus accès.`,
    follows: 'Ce qui vous suit',
    followItems: ['Sa médaille', 'Ses photos', 'Son carnet de santé', 'Son historique : messages, scans et positions'],
    noContact:
      "Sa page publique n'affiche plus aucun contact de l'ancien propriétaire : donnez les vôtres sur sa fiche.",
    role: 'Rôle :',
    roles: {
      co_owner: 'Co-propriétaire',
      keeper: (day: string) => `Gardien·ne jusqu'au ${day} inclus`,
    },
    roleHints: {
      co_owner: 'Vous pourrez modifier son profil, recevoir ses alertes et répondre à qui le trouve.',
      keeper:
        'Vous verrez son profil, ses messages et son historique, recevrez ses alertes et pourrez le signaler perdu ou retrouvé.',
    },
    validUntil: (day: string) => `Invitation valable jusqu'au ${day}.`,
    signedOut: (email: string) =>
      `Pour accepter, connectez-vous ou créez votre compte avec l'adresse ${email}. Pour refuser, pas besoin de compte.`,
    otherAccount: (invited: string, mine: string) =>
      `Cette invitation a été envoyée à ${invited}, et vous êtes connecté·e avec ${mine}. Pour l'accepter, connectez-vous avec ${invited}.`,
    register: 'Créer mon compte',
    login: 'Se connecter',
    accept: 'Accepter',
    refuse: 'Refuser',
    accepted: (name: string) => `Vous faites maintenant partie du foyer de ${name}`,
    becameOwner: (name: string) => `Vous êtes maintenant propriétaire de ${name}`,
    refused: "Impossible d'accepter l'invitation",
    refuseTitle: "Refuser l'invitation ?",
    refuseText: (inviter: string) => `${inviter} en sera informé·e par e-mail. Le lien ne servira plus.`,
    refuseFailed: "Impossible de refuser l'invitation",
    refusedDone: (inviter: string) => `Invitation refusée. ${inviter} en est informé·e par e-mail.`,
    alreadyMember: (name: string) =>
      `Vous faites déjà partie du foyer de ${name} : vous avez accepté cette invitation.`,
    alreadyOwner: (name: string) => `${name} est déjà à vous : vous avez accepté cette invitation.`,
    acceptedSignedOut: (name: string) => `Cette invitation a déjà été acceptée. Connectez-vous pour retrouver ${name}.`,
    acceptedByAnother: 'Cette invitation a déjà été acceptée.',
    see: (name: string) => `Voir ${name}`,
    signOut: 'Se déconnecter',
    missing: "Aucune invitation à accepter dans ce navigateur. Ouvrez le lien de l'e-mail d'invitation.",
    back: 'Retour à mon compte',
    home: "Aller à l'accueil",
  },
  // The lost switch of the edit page and the checklist of one loss.
  // docs/decisions/0017-finder-owner-conversation.md: alerts on this device, without an app (Web Push).
  notifications: {
    title: 'Notifications sur cet appareil',
    intro:
      "Recevez une alerte sur ce téléphone ou cet ordinateur, sans application, quand quelqu'un écrit au sujet de l'un de vos animaux, dit l'avoir trouvé, partage sa position ou ouvre la page d'un animal perdu. À activer sur chaque appareil.",
    on: 'Les notifications sont activées sur cet appareil.',
    off: 'Les notifications sont désactivées sur cet appareil.',
    turnOn: 'Activer les notifications',
    turnOff: 'Désactiver sur cet appareil',
    turnedOn: 'Notifications activées',
    turnedOff: 'Notifications désactivées sur cet appareil',
    failed: "Impossible d'activer les notifications",
    denied:
      "Les notifications de Médaille sont refusées dans ce navigateur. Pour les activer, autorisez-les dans les réglages du site (le cadenas à gauche de l'adresse), puis revenez ici.",
    homeScreenFirst:
      "Sur iPhone et iPad, les notifications arrivent seulement à Médaille ajouté à l'écran d'accueil : touchez Partager, puis « Sur l'écran d'accueil », ouvrez Médaille depuis cette icône et activez-les ici.",
    unsupported: 'Ce navigateur ne permet pas les notifications. Vous recevez toujours les alertes par e-mail.',
    unavailable:
      'Les notifications ne sont pas disponibles pour le moment. Vous recevez toujours les alertes par e-mail.',
    refusedHere:
      'Ce navigateur refuse les notifications ici (une fenêtre de navigation privée, ou un réglage). Vous recevez toujours les alertes par e-mail.',
    pushServiceDown:
      'Le service de notifications de ce navigateur ne répond pas. Réessayez plus tard : vous recevez toujours les alertes par e-mail.',
  },
  lost: {
    title: 'Perte',
    notLostText: (sex: AnimalSex) =>
      `${agreeWith(sex, { male: 'Signalé perdu', female: 'Signalée perdue' })}, sa fiche publique affiche « Animal signalé comme perdu », et vous recevez un e-mail quand quelqu'un l'ouvre.`,
    since: (date: string, sex: AnimalSex) => `${agreeWith(sex, { male: 'Perdu', female: 'Perdue' })} depuis le ${date}`,
    checklistTitle: 'Que faire maintenant ?',
    steps: {
      icad: {
        label: 'Déclarer sa perte sur I-CAD',
        hint: 'Sans cette déclaration, le fichier national ne vous appellera pas quand sa puce ou son tatouage sera lu (par un vétérinaire ou la fourrière).',
        link: 'Aller sur i-cad.fr',
      },
      fourriere: {
        label: 'Appeler la fourrière',
        hint: 'Votre mairie vous donne son numéro. Les animaux trouvés errants y sont conduits : rappelez-la tous les jours.',
      },
      veterinaires: {
        label: 'Appeler les vétérinaires des environs',
        hint: 'On leur apporte les animaux trouvés ou blessés. Laissez-leur votre numéro et sa description.',
      },
      affiche: {
        label: 'Imprimer et poser des affiches',
        hint: 'Chez les commerçants, les vétérinaires et près du lieu de sa disparition : qui scanne son QR code voit sa fiche.',
      },
    },
    printPoster: 'Imprimer une affiche',
    saveFailed: "Impossible d'enregistrer la liste",
    // Once found: how the finder reached the household (public.reunions, counted for the operators).
    reunion: {
      title: (name: string, sex: AnimalSex) =>
        `${name} est ${agreeWith(sex, { male: 'rentré', female: 'rentrée' })} ! Comment l'avez-vous ${agreeWith(sex, { male: 'retrouvé', female: 'retrouvée' })} ?`,
      intro:
        "Votre réponse nous aide à savoir ce qui ramène les animaux chez eux. Elle est comptée sans rien de vous ni de la personne qui l'a trouvé.",
      channels: {
        page: 'Grâce à la page de sa médaille',
        conversation: 'Par une conversation sur Médaille',
        phone: 'Par un appel téléphonique',
        other: 'Autrement',
      },
      thanks: 'Merci pour votre réponse',
      failed: "Impossible d'enregistrer votre réponse",
    },
    // The database updated no row: the animal is not (or no longer) this owner's.
    animalNotFound: 'Animal introuvable.',
  },
  // The A4 poster of a lost animal.
  poster: {
    pageTitle: (name: string) => `Affiche de ${name}`,
    print: 'Imprimer',
    back: 'Retour à la fiche',
    printHint:
      'Imprimez en A4, en couleur si possible. Découpez les languettes du bas : chacun pourra emporter le numéro et l’adresse.',
    notLost: (name: string, sex: AnimalSex) =>
      `${name} n'est pas ${agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' })} : sa fiche publique n'affiche pas « Animal signalé comme perdu ». ${agreeWith(sex, { male: 'Signalez-le', female: 'Signalez-la' })} sur sa fiche avant de poser l'affiche.`,
    noContact:
      "Aucune de vos coordonnées n'est visible publiquement : l'affiche n'a que le QR code, qui permet de vous écrire. Pour qu'on puisse vous appeler, rendez votre téléphone visible sur sa fiche.",
    lost: (sex: AnimalSex) => agreeWith(sex, { male: 'PERDU', female: 'PERDUE' }),
    since: (date: string) => `depuis le ${date}`,
    species: 'Espèce',
    breed: 'Race',
    color: 'Couleur',
    sex: 'Sexe',
    contactTitle: (sex: AnimalSex) => `Si vous ${agreeWith(sex, { male: 'le', female: 'la' })} voyez, prévenez-moi`,
    messageOnly: 'Scannez le code pour écrire à son propriétaire.',
    scan: (sex: AnimalSex) => `Si vous ${agreeWith(sex, { male: 'le', female: 'la' })} trouvez, scannez ce code`,
    orVisit: 'ou allez sur',
    qrAlt: (code: string) => `QR code de la médaille ${code}`,
    strip: (name: string, sex: AnimalSex) => `${name} ${agreeWith(sex, { male: 'perdu', female: 'perdue' })}`,
  },
  gallery: {
    title: "Photos de l'animal",
    hint: (max: number) => `Jusqu'à ${max} photos. Faites-les glisser pour changer leur ordre.`,
    drop: 'Cliquez ou déposez vos photos ici',
    types: 'JPG, PNG, WebP • Max 10MB par fichier',
    empty: 'Aucune photo ajoutée pour le moment',
    cover: 'Couverture',
    makeCover: 'Choisir comme couverture',
    remove: 'Supprimer la photo',
    // A tap on a phone must not delete a photo at once.
    removeTitle: 'Supprimer cette photo ?',
    removeText: 'Elle disparaîtra de la fiche publique de votre animal. Cette action est irréversible.',
    removeConfirm: 'Supprimer la photo',
    move: 'Déplacer la photo',
    photo: (index: number) => `Photo ${index}`,
    // Each photo's upload, with its bar.
    uploads: 'Envoi des photos',
    uploadOf: (name: string) => `Envoi de ${name}`,
    upload: {
      waiting: 'En attente',
      sending: (percent: number) => `${percent} %`,
      stored: 'Envoyée',
      failed: 'Non envoyée',
    },
    limit: 'Limite atteinte',
    badFormat: 'Format non supporté',
    tooBig: 'Fichier trop volumineux',
    uploaded: (count: number) => ({ title: 'Upload réussi', description: `${count} photo(s) ajoutée(s)` }),
    uploadFailed: { title: "Erreur d'upload", description: "Certaines photos n'ont pas pu être uploadées" },
    removed: 'Photo supprimée',
    removeFailed: 'Impossible de supprimer la photo',
    // The cover is saved with the animal (docs/product/photos.md): the toast says so rather than 'mise à jour'.
    coverSet: {
      title: 'Photo de couverture choisie',
      description: "Enregistrez pour qu'elle s'affiche en premier sur la fiche publique.",
    },
    reorderFailed: 'Impossible de réordonner les photos',
    loadFailed: { title: 'Erreur', description: 'Impossible de charger les photos' },
  },
  // The button that answers 'Compte existant' (register.exists), to sign in with that address.
  accountExists: { signIn: 'Se connecter' },
  // What a screen reader hears while photos are reordered, by position (never the photo's id).
  photoMoves: {
    // Said with the handle's name instead of dnd-kit's English 'draggable'.
    handle: 'poignée de déplacement',
    instructions:
      'Pour déplacer une photo, appuyez sur Espace ou Entrée, puis utilisez les flèches. Appuyez de nouveau sur Espace ou Entrée pour la déposer, ou sur Échap pour annuler.',
    picked: (from: number, count: number) => `Photo ${from} sur ${count} saisie.`,
    over: (from: number, to: number, count: number) => `Photo ${from} déplacée en position ${to} sur ${count}.`,
    dropped: (to: number, count: number) => `Photo déposée en position ${to} sur ${count}.`,
    cancelled: (from: number, count: number) => `Déplacement annulé. La photo reste en position ${from} sur ${count}.`,
  },
  contacts: {
    title: 'Coordonnées publiques',
    note: 'Vous contrôlez exactement ce qui est affiché publiquement.',
    phone: 'Téléphone',
    email: 'Email (facultatif)',
    addressLine: 'Adresse (rue)',
    city: 'Ville',
    showPhone: 'Rendre cette information visible sur le profil public',
    showEmail: 'Rendre cette information visible sur le profil public',
    showAddress: "Rendre l'adresse visible sur le profil public",
    visibleToAll: 'Toute personne qui scanne la médaille verra cette information.',
    footer: 'Vous pouvez masquer ces informations à tout moment.',
    previewTitle: 'Aperçu de la fiche publique',
    previewEmpty:
      "Aucune information de contact n'est actuellement visible publiquement. Cochez les cases ci-dessus pour rendre certaines informations visibles.",
    // A second person to reach, whose number a finder tries when the first does not answer.
    secondTitle: 'Deuxième contact',
    secondHint:
      "Par exemple un autre membre du foyer : si le premier numéro ne répond pas, la personne qui a trouvé l'animal essaie celui-ci.",
    secondName: 'Prénom ou nom',
    secondNameHint: 'Affiché avant ses coordonnées, par exemple « Marie ».',
    secondPhone: 'Téléphone du deuxième contact',
    secondEmail: 'Email du deuxième contact',
    showSecondPhone: 'Afficher ce numéro sur le profil public',
    showSecondEmail: 'Afficher cette adresse sur le profil public',
    chooseMember: 'Choisir un membre du foyer',
    chooseMemberHint: "Remplit l'email ci-dessous avec son adresse.",
    memberOption: (email: string, role: string) => `${email} (${role})`,
    /** What a finder reads before the second contact's phone and e-mail, on the page and the poster. */
    otherContact: (name: string | null) => (name ? `Autre contact : ${name}` : 'Autre contact'),
  },
  // The auth service's errors by GoTrue code (features/auth/auth-errors.ts); the words of docs/product/accounts.md.
  authErrors: {
    invalidCredentials: 'Email ou mot de passe incorrect',
    emailNotConfirmed:
      "Votre adresse e-mail n'est pas encore confirmée : ouvrez le lien de l'e-mail de confirmation, puis reconnectez-vous.",
    accountExists: 'Un compte existe déjà avec cet email. Voulez-vous vous connecter ?',
    invalidEmail: 'Veuillez saisir un email valide',
    weakPassword: 'Le mot de passe ne respecte pas tous les critères',
    samePassword: "Le nouveau mot de passe doit être différent de l'ancien.",
    invalidInput: "Les informations envoyées n'ont pas été acceptées. Vérifiez l'email et le mot de passe.",
    emailWait: (seconds: number) =>
      `Par sécurité, un nouvel e-mail ne peut être demandé que dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
    emailLimit: "Trop d'e-mails ont été demandés. Réessayez dans quelques minutes.",
    requestLimit: 'Trop de tentatives en peu de temps. Réessayez dans quelques minutes.',
    linkExpired: 'Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.',
    signupClosed: 'Les inscriptions sont momentanément fermées.',
    banned: 'Ce compte est suspendu. Écrivez-nous à contact@medaille.fr.',
    sessionExpired: 'Session expirée : veuillez vous reconnecter.',
    reauthenticate: 'Pour changer de mot de passe, reconnectez-vous d’abord.',
    captcha: 'La vérification anti-robot a échoué. Réessayez.',
    addressRefused:
      "Cette adresse ne peut pas recevoir nos e-mails pour l'instant. Écrivez-nous à contact@medaille.fr.",
    slow: 'Le service a mis trop de temps à répondre. Réessayez.',
  },
  authDialog: {
    title: 'Connectez-vous pour activer la médaille',
    text: 'Vos informations sont conservées : vous les retrouverez après la connexion.',
    login: 'Connexion',
    signup: 'Inscription',
    magic: 'Lien magique',
    email: 'Email',
    password: 'Mot de passe',
    loginSubmit: 'Se connecter',
    signupSubmit: 'Créer mon compte',
    magicSubmit: 'Recevoir un lien',
    signupDone: {
      title: 'Inscription réussie',
      description: "Confirmez votre adresse avec l'e-mail reçu : l'activation se terminera ensuite.",
    },
    signupError: "Erreur d'inscription",
    magicSent: {
      title: 'Lien magique envoyé',
      description: "Ouvrez le lien reçu par e-mail : l'activation se terminera ensuite.",
    },
    // The e-mail's code typed in the dialog, for the owner who reads the e-mail on another device.
    sent: {
      title: 'Vérifiez votre boîte mail',
      text: (email: string) =>
        `Un e-mail a été envoyé à ${email}. Ouvrez son lien, ou saisissez ici le code qu'il contient : l'activation se terminera dans ce navigateur.`,
      again: 'Demander un nouvel e-mail',
    },
    close: 'Fermer',
  },
} as const;
