// The words of an animal's inbox and conversations, as docs/product/*.md writes them (docs/decisions/0007-french-
// copy-is-data.md); those every page may show are the portal's COPY (copy.ts).
import { CONVERSATION_LIMITS } from '@medaille/domain';

export const INBOX_COPY = {
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
} as const;
