// The words of an animal's household, its invitations and change of owner, as docs/product/*.md writes them
// (docs/decisions/0007-french-copy-is-data.md); those every page may show are the portal's COPY (copy.ts).

export const HOUSEHOLD_COPY = {
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
} as const;
