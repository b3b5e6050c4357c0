// The words of sign-in, sign-up and their e-mails, as docs/product/*.md writes them (docs/decisions/0007-french-
// copy-is-data.md); those every page may show are the portal's COPY (copy.ts).

export const AUTH_COPY = {
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
  // The button that answers 'Compte existant' (register.exists), to sign in with that address.
  accountExists: { signIn: 'Se connecter' },
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
