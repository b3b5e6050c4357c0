// Every word the portal shows, word for word from SPEC.md (DESIGN D7).
export const COPY = {
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
    invalidCredentials: 'Email ou mot de passe incorrect',
    unexpected: "Une erreur inattendue s'est produite",
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
    error: 'Erreur',
    loading: 'Chargement…',
  },
  session: { checking: 'Chargement…' },
  comingSoon: {
    title: 'Bientôt disponible',
    text: "Cette page n'est pas encore disponible.",
    back: 'Retour à mon compte',
  },
} as const;
