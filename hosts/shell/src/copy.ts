// Every word the shell shows, the exact words of docs/product/site.md (docs/decisions/0007-french-copy-is-data.md).
export const COPY = {
  brand: 'Médaille',
  header: {
    account: 'Mon compte',
    signOut: 'Se déconnecter',
    signIn: 'Se connecter',
    home: "Médaille, retour à l'accueil",
  },
  landing: {
    tagline: 'Activez votre médaille et protégez votre compagnon en quelques minutes.',
    activate: 'Activer votre médaille',
    signIn: 'Se connecter',
    stepsTitle: 'En 3 minutes, votre compagnon est protégé !',
    steps: [
      { title: 'Créez votre compte', text: 'Une adresse e-mail et un mot de passe suffisent.' },
      { title: 'Ajoutez votre animal', text: 'Saisissez le code de la médaille et remplissez sa fiche.' },
      { title: 'Protégez-le partout', text: 'Qui le trouve scanne sa médaille et peut vous joindre aussitôt.' },
    ],
    footer: 'Made with love in France, 2025',
    // A finder whose phone cannot scan types the code printed on the medal.
    found: {
      title: 'Vous avez trouvé un animal ?',
      label: 'Code de la médaille',
      hint: 'Saisissez le code imprimé sur la médaille, par exemple MDL-7KQ4-M9XP-3T.',
      submit: 'Voir sa fiche',
      empty: 'Saisissez le code imprimé sur la médaille.',
      // An animal without a medal (or that lost it): the report's form, /trouve.
      noMedal: 'Pas de médaille ?',
      reportFound: 'J’ai trouvé un animal',
    },
  },
  notFound: {
    title: 'Oops! Page introuvable',
    home: "Retour à l'accueil",
  },
  remote: {
    loading: 'Chargement…',
    failedTitle: 'Cette partie du site ne répond pas',
    failedText: 'Vérifiez votre connexion, puis réessayez.',
    retry: 'Réessayer',
  },
  signOut: {
    done: 'Déconnexion réussie',
    failed: 'Erreur de déconnexion',
  },
} as const;
