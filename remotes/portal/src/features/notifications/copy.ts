// The words of the alerts on this device, as docs/product/*.md writes them
// (docs/decisions/0007-french-copy-is-data.md); those every page may show are the portal's COPY (copy.ts).

export const NOTIFICATIONS_COPY = {
  // The lost switch of the edit page and the checklist of one loss.
  // docs/decisions/0017-finder-owner-conversation.md: alerts on this device, without an app (Web Push).
  notifications: {
    title: 'Notifications sur cet appareil',
    intro:
      "Recevez une alerte sur ce téléphone ou cet ordinateur, sans application, quand quelqu'un écrit au sujet de l'un de vos animaux, dit l'avoir trouvé, partage sa position ou ouvre la page d'un animal perdu. À activer sur chaque appareil.",
    on: 'Les notifications sont activées sur cet appareil.',
    off: 'Les notifications sont désactivées sur cet appareil.',
    turnOn: 'Activer les notifications',
    turnOff: 'Désactiver sur cet appareil',
    turnedOn: 'Notifications activées',
    turnedOff: 'Notifications désactivées sur cet appareil',
    failed: "Impossible d'activer les notifications",
    denied:
      "Les notifications de Médaille sont refusées dans ce navigateur. Pour les activer, autorisez-les dans les réglages du site (le cadenas à gauche de l'adresse), puis revenez ici.",
    homeScreenFirst:
      "Sur iPhone et iPad, les notifications arrivent seulement à Médaille ajouté à l'écran d'accueil : touchez Partager, puis « Sur l'écran d'accueil », ouvrez Médaille depuis cette icône et activez-les ici.",
    unsupported: 'Ce navigateur ne permet pas les notifications. Vous recevez toujours les alertes par e-mail.',
    unavailable:
      'Les notifications ne sont pas disponibles pour le moment. Vous recevez toujours les alertes par e-mail.',
    refusedHere:
      'Ce navigateur refuse les notifications ici (une fenêtre de navigation privée, ou un réglage). Vous recevez toujours les alertes par e-mail.',
    pushServiceDown:
      'Le service de notifications de ce navigateur ne répond pas. Réessayez plus tard : vous recevez toujours les alertes par e-mail.',
  },
} as const;
