// The words of an e-mail link's pages, as docs/product/*.md writes them
// (docs/decisions/0007-french-copy-is-data.md); those every page may show are the portal's COPY (copy.ts).

export const CALLBACK_COPY = {
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
} as const;
