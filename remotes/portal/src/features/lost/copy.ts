// The words of lost mode, as docs/product/*.md writes them (docs/decisions/0007-french-copy-is-data.md); those every
// page may show are the portal's COPY (copy.ts).
import { agreeWith } from '@medaille/domain';
import type { AnimalSex } from '../../copy.ts';

export const LOST_COPY = {
  lost: {
    lost: 'Animal perdu',
    statusUpdated: 'Statut mis à jour',
    // Each sentence about the animal agrees with its sex (agreeWith: masculine when it is unknown).
    nowLost: (name: string, sex: AnimalSex) =>
      `${name} est ${agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' })}.`,
    nowFound: (name: string, sex: AnimalSex) =>
      `${name} n'est plus ${agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' })}.`,
    statusFailed: 'Impossible de mettre à jour le statut',
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
  // The loss's public search page (docs/product/search.md): its link, and the household's words on it.
  search: {
    title: 'Page de recherche',
    intro: (sex: AnimalSex) =>
      `Partagez cette page autour de vous : on y voit ses photos, sa description et une zone autour du dernier lieu où ${agreeWith(sex, { male: 'il a été vu', female: 'elle a été vue' })}, jamais vos coordonnées.`,
    open: 'Ouvrir la page',
    copyLink: 'Copier le lien',
    // The picture a shared link shows (the cover photo and the page's heading), to post it where links are not.
    picture: 'Image à publier',
    share: 'Partager',
    copied: 'Lien copié',
    copyFailed: 'Impossible de copier le lien',
    place: 'Lieu du dernier signalement (rue et commune)',
    placeHint:
      'Par exemple « Rue des Lilas, 44000 Nantes » (le code postal dit sur quelle page Pet Alert publier). Jamais votre adresse : la page montre une zone, pas un point.',
    lastSeenAt: 'Date et heure du dernier signalement',
    words: 'Votre message aux personnes qui cherchent',
    wordsHint:
      'Signes distinctifs, comment l’approcher (« porte un harnais rouge », « craintif, ne pas courir après »).',
    hideName: 'Ne pas afficher son nom (animal volé ou craintif)',
    thanks: 'Vos remerciements, pour quand il sera retrouvé',
    thanksHint:
      'Affichés sur la page à la place des signalements, et envoyés à celles et ceux qui la suivent, une fois l’animal retrouvé.',
    save: 'Enregistrer la page',
    saved: 'Page de recherche mise à jour',
    saveFailed: "Impossible d'enregistrer la page de recherche",
    ended: 'Cette recherche est terminée.',
    loadFailed: 'Impossible de charger la page de recherche',
    placeCharacters: 'Le lieu tient sur une ligne, sans caractère de contrôle',
    wordsCharacters: 'Le message contient des caractères non valides',
    lastSeenInFuture: 'La date du dernier signalement ne peut pas être dans le futur',
    // The area the page shows around a point (area-chooser.tsx).
    areaTitle: 'Zone de recherche',
    areaSet: (metres: number) =>
      `La page montre un cercle d’environ ${metres} m autour du point choisi, jamais le point lui-même.`,
    areaNone:
      'Aucune zone : la page montre seulement le lieu écrit. Choisissez un point : votre position sur place, ou celle d’un signalement (« Centrer la zone ici »).',
    areaHere: 'Centrer sur ma position actuelle',
    areaRadius: 'Rayon de la zone',
    areaRemove: 'Retirer la zone',
    areaSaved: 'Zone de recherche mise à jour',
    areaFailed: 'Impossible de modifier la zone de recherche',
    positionUnavailable: 'Position indisponible sur cet appareil',
    centerHere: 'Centrer la zone ici',
    // The département's Pet Alert page (pet-alert.ts).
    petAlertTitle: 'Publier sur Pet Alert',
    petAlertWhere: (departement: string) =>
      `Pet Alert a une page Facebook par département : publiez ce texte sur celle du ${departement}, avec une photo.`,
    petAlertNoDepartement:
      'Pet Alert a une page Facebook par département : ajoutez le code postal au lieu du dernier signalement pour savoir laquelle.',
    petAlertSearch: (departement: string) => `Chercher « Pet Alert ${departement} » sur Facebook`,
    petAlertText: 'Texte pour Pet Alert',
    copyText: 'Copier le texte',
    textCopied: 'Texte copié',
    // What passers-by said on the page ('Je l'ai vu', 'Je l'ai avec moi').
    sightingsTitle: 'Signalements',
    noSightings: "Personne n'a encore rien signalé sur la page.",
    kinds: { seen: "« Je l'ai vu »", with_me: "« Je l'ai avec moi »" },
    seenOn: (date: string) => `le ${date}`,
    onMap: 'Voir sur la carte',
    /** A passer-by's photo, for the household alone. */
    photo: { alt: 'Photo jointe au signalement', enlarge: 'Agrandir la photo jointe au signalement' },
    /** 'Je l'ai avec moi' opened a conversation: the household answers it in the inbox. */
    answer: 'Lui répondre',
    hiddenTag: 'Masqué sur la page',
    hide: 'Masquer sur la page',
    show: 'Afficher sur la page',
    remove: 'Supprimer',
    report: 'Signaler un abus',
    reportedTag: 'Signalé comme abusif : masqué sur la page, et son auteur ne peut plus rien signaler ici aujourd’hui',
    changeFailed: 'Impossible de modifier ce signalement',
    sightingsFailed: 'Impossible de charger les signalements',
    // Animals found without a medal near the area (docs/product/found.md).
    foundNearby: {
      title: "Animaux trouvés près d'ici",
      noArea: "Choisissez une zone de recherche : les animaux trouvés sans médaille autour d'elle s'afficheront ici.",
      none: "Personne n'a signalé d'animal trouvé près de la zone.",
      failed: 'Impossible de charger les animaux trouvés',
      foundOn: (species: string, date: string) => `${species} trouvé le ${date}`,
      away: (metres: number) => `À environ ${metres} m du centre de la zone`,
      page: 'Voir sa page',
      mine: 'C’est le mien',
    },
  },
} as const;
