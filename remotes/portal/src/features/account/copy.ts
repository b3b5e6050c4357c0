// The words of 'Mes animaux' and 'Mon compte', as docs/product/*.md writes them
// (docs/decisions/0007-french-copy-is-data.md); those every page may show are the portal's COPY (copy.ts).

export const ACCOUNT_COPY = {
  account: {
    title: 'Mes animaux',
    empty: 'Aucun animal trouvé.',
    firstMedal: 'Activer ma première médaille',
    newMedal: 'Ajouter une nouvelle médaille',
    edit: 'Modifier',
    // A keeper's way to an animal they may not edit.
    view: 'Voir',
  },
  // The owner's data rights, in the 'Mon compte' section of the account page.
  myAccount: {
    title: 'Mon compte',
    signedInAs: (email: string) => `Connecté avec ${email}`,
    export: 'Télécharger mes données',
    exportHint:
      'Un fichier ZIP avec toutes les données de votre compte : vos animaux, leurs photos, les messages reçus et les positions partagées.',
    exporting: 'Préparation de vos données…',
    exported: { title: 'Vos données sont téléchargées', description: (file: string) => `Fichier : ${file}` },
    exportFailed: 'Impossible de préparer vos données. Veuillez réessayer.',
    delete: 'Supprimer mon compte',
    deleteHint:
      'Votre compte, tous vos animaux, leurs photos, les messages et les positions reçus sont supprimés définitivement.',
    deleteTitle: 'Supprimer votre compte ?',
    deleteText:
      'Cette action est irréversible : votre compte, tous vos animaux, leurs photos, les messages et les positions reçus seront supprimés. Vos médailles seront retirées : une personne qui les scanne verra « Médaille retirée », et elles ne pourront plus être activées. Pensez à télécharger vos données avant.',
    // The label names the address to type; the field's placeholder must not look like it is typed already.
    deleteEmailLabel: (email: string) => `Pour confirmer, saisissez votre adresse e-mail : ${email}`,
    deleteEmailPlaceholder: 'votre adresse e-mail',
    deleteEmailMismatch: 'Cette adresse ne correspond pas à celle de votre compte.',
    cancel: 'Annuler',
    deleteConfirm: 'Supprimer définitivement mon compte',
    deleted: {
      title: 'Votre compte a été supprimé',
      description: 'Toutes vos données ont été effacées. Merci d’avoir utilisé Médaille.',
    },
    deleteFailed: 'Impossible de supprimer le compte',
  },
  // The words inside the export's ZIP, and
  // the failures it logs.
  dataExport: {
    fileName: (day: string) => `medaille-mes-donnees-${day}.zip`,
    // The folder of an animal whose name leaves nothing a file system takes.
    unnamedAnimal: 'Animal',
    notFound: 'introuvable',
    signedOut: 'Session expirée',
    /** README.txt, line by line; `exportedAt` is the moment at the hour of Paris. */
    readme: (exportedAt: string) => [
      'Vos données Médaille',
      '====================',
      '',
      `Export réalisé le ${exportedAt} (heure de Paris).`,
      '',
      'donnees.json : toutes les données de votre compte, au format JSON :',
      '  - compte : identifiant, adresse e-mail et date de création du compte ;',
      '  - animaux : chaque animal avec tous ses champs (coordonnées privées et publiques comprises) ;',
      '  - photos : les photos de chaque animal, avec le nom du fichier correspondant dans ce ZIP ;',
      '  - medailles : les codes des médailles associées à vos animaux ;',
      "  - messages : les messages envoyés par les personnes qui ont trouvé l'un de vos animaux (avec, le cas",
      '    échéant, le nom du fichier de la photo jointe) ;',
      '  - positions_partagees : les positions partagées par ces personnes (conservées 90 jours) ;',
      "  - consultations_profil : les ouvertures de la page d'un animal signalé perdu (conservées 90 jours) ;",
      '  - carnet_de_sante : les vaccins, traitements, visites et pesées du carnet de santé de chaque animal ;',
      '  - documents_de_sante : les documents du carnet (certificats, passeport, assurance), avec le nom du',
      '    fichier correspondant dans ce ZIP ;',
      '  - conversations : les conversations avec les personnes qui ont trouvé vos animaux (leurs messages sont',
      '    dans « messages ») ;',
      '  - reponses_aux_conversations : les réponses de votre foyer dans ces conversations (et le mot qui a dit à',
      '    la personne que votre animal était rentré) ;',
      '  - retrouvailles : chaque fois qu’un animal perdu a été marqué retrouvé : depuis quand il était perdu, et',
      '    comment la personne qui l’a trouvé vous a joint, si vous l’avez dit ;',
      "  - foyers : votre place dans le foyer de chaque animal (le vôtre ou celui d'un autre propriétaire) :",
      '    rôle, dernier jour de garde le cas échéant, choix des alertes (e-mail et notifications).',
      '',
      'photos/{nom de l’animal}/photo-{n}.jpg : les photos elles-mêmes, dans leur ordre d’affichage (deux animaux',
      'du même nom : « Mimi » puis « Mimi (2) »).',
      'carnet/{nom de l’animal}/document-{n}.pdf : les documents du carnet de santé, dans leur ordre d’ajout.',
      'messages/{identifiant de l’animal}/… : les photos jointes aux messages par ces personnes.',
      '',
      'Les dates sont en temps universel (UTC), au format ISO 8601.',
      'Pour toute question : contact@medaille.fr',
      '',
    ],
  },
} as const;
