// The words of an animal's photos, as docs/product/*.md writes them (docs/decisions/0007-french-copy-is-data.md);
// those every page may show are the portal's COPY (copy.ts).

export const PHOTOS_COPY = {
  gallery: {
    removePhoto: (name: string) => `Retirer ${name}`,
    chosenPhotos: 'Photos choisies',
    limitText: (max: number) => `Maximum ${max} photos autorisées`,
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
} as const;
