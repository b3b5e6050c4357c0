// The words every page of the portal may show; each feature's own are in its folder (features/*/copy.ts), so that a
// page's chunk carries its words only. The exact words of docs/product/*.md (docs/decisions/0007-french-copy-is-data.md).

/** An animal's sex as stored (M, F) or as the form holds it (male, female, unknown). */
export type AnimalSex = string | null | undefined;

export const COPY = {
  // Any failure without a message of its own (the network, a part of the site that did not load).
  unexpected: "Une erreur inattendue s'est produite",
  photoOf: (name: string) => `Photo de ${name}`,
  error: 'Erreur',
  loading: 'Chargement…',
  session: { checking: 'Chargement…' },
} as const;
