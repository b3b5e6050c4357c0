// The words of 'C'est le mien', as docs/product/found.md writes them (docs/decisions/0007-french-copy-is-data.md).
export const FOUND_COPY = {
  title: 'C’est le mien',
  intro:
    'Dites à la personne qui a trouvé cet animal qu’il est le vôtre : elle lira votre message dans une conversation où ni vos coordonnées ni les siennes ne sont montrées. Vous lirez ses réponses dans la boîte de réception de votre animal.',
  reportTitle: (species: string) => `Animal trouvé : ${species}`,
  foundOn: (date: string) => `Trouvé le ${date}`,
  signs: 'Ses signes',
  photo: (index: number) => `Photo ${index} de l’animal trouvé`,
  finderWords: 'Ce que dit la personne qui l’a trouvé',
  which: 'Lequel de vos animaux est-ce ?',
  whichHint: 'Seuls le propriétaire et les co-propriétaires d’un animal peuvent dire que c’est le leur.',
  lost: 'perdu',
  noAnimals: 'Vous n’êtes propriétaire ou co-propriétaire d’aucun animal sur Médaille.',
  words: 'Votre message',
  wordsHint:
    'Décrivez un signe que vous seul connaissez (une tache, une cicatrice, son caractère) : il l’aidera à vous croire. N’écrivez ni votre téléphone ni votre adresse avant d’en être sûr.',
  wordsRequired: 'Écrivez quelques mots pour la personne qui l’a trouvé',
  wordsTooLong: 'Votre message ne doit pas dépasser 1 000 caractères',
  animalRequired: 'Choisissez l’animal',
  send: 'C’est le mien : écrire à la personne',
  sent: 'Message envoyé : la conversation est dans la boîte de réception de votre animal',
  failed: 'Impossible d’envoyer votre message',
  closed: 'Ce signalement est clos : l’animal est rentré chez lui.',
  notFound: 'Ce signalement n’existe pas ou n’est plus en ligne.',
  back: 'Retour à mes animaux',
} as const;
