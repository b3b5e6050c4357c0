// The words of an animal's pages, its medal and public contacts, as docs/product/*.md writes them
// (docs/decisions/0007-french-copy-is-data.md); those every page may show are the portal's COPY (copy.ts).
import { agreeWith } from '@medaille/domain';
import type { AnimalSex } from '../../copy.ts';

export const ANIMALS_COPY = {
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
    previewPhoto: 'Photo de votre animal',
    invalidFile: 'Fichier invalide',
    badFormat: 'Format non autorisé',
    tooBig: 'Taille maximum 10MB',
    limit: 'Limite atteinte',
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
} as const;
