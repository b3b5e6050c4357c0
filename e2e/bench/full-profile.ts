// The full profile whose server-rendered HTML docs/budgets.md budgets (15 KB compressed): every field an owner
// can fill, each text at its longest, eight photos, every contact public, lost, and a position shared.
import { LIMITS } from '@medaille/domain';
import type { RunningProduct } from '@medaille/launcher';
import { animalOnNewCode, newOwner, serviceClient } from '../support/owners.ts';
import { lastMailIn } from '../support/product.ts';

// Owners write prose, not one sentence over and over (which would compress to nothing): the texts are
// words drawn from this list by a seeded generator, so each run measures the same page.
const WORDS = `il elle est très doux peureux avec les enfants chats chiens voiture bruit orage promenade matin soir
  croquettes sans céréales allergie poulet bœuf traitement comprimé demi quotidien vétérinaire clinique rue
  avenue Lyon Villeurbanne ne pas poursuivre appeler doucement par son nom répond sourd vieux cœur fragile
  collier rouge tatouage oreille gauche puce stérilisé vacciné rage leptospirose opéré hanche boite légèrement
  aime jouer balle bâton eau rivière nager courir vite fuit mord jamais gronde parfois si on touche pattes
  queue ventre caresses friandises fromage jambon interdit chocolat raisin donner rien manger attendre
  propriétaire arrive vite merci beaucoup de votre aide gentillesse récompense promise contactez-nous`.split(/\s+/);

function prose(length: number, seed: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  let text = '';
  let sentenceStart = true;
  while (true) {
    const word = WORDS[Math.floor(next() * WORDS.length)] as string;
    const piece: string = `${sentenceStart ? word[0]?.toUpperCase() + word.slice(1) : word}${next() < 0.1 ? '.' : next() < 0.1 ? ',' : ''}`;
    if (text.length + piece.length + 1 > length) return text.endsWith('.') ? text : `${text.slice(0, length - 1)}.`;
    text += text ? ` ${piece}` : piece;
    sentenceStart = piece.endsWith('.');
  }
}

/** Creates the full profile on the product's stack and answers its medal code. */
export async function fullProfile(product: RunningProduct): Promise<string> {
  const backend = { stack: product.stack, lastMail: (to: string) => lastMailIn(product.stack.url, to) };
  const owner = await newOwner(backend, 'bench-full');
  const { code, animalId } = await animalOnNewCode(
    backend,
    owner,
    {
      nom: prose(LIMITS.nameMaxLength, 1),
      espece: 'dog',
      race: prose(LIMITS.shortTextMaxLength, 2),
      couleur: prose(LIMITS.shortTextMaxLength, 3),
      annee_naissance: new Date().getFullYear() - 7,
      sexe: 'F',
      sterilise: true,
      poids_kg: 32.5,
      informations_importantes: prose(LIMITS.longTextMaxLength, 4),
      allergies: prose(LIMITS.longTextMaxLength, 5),
      medications: prose(LIMITS.longTextMaxLength, 6),
      caractere: prose(LIMITS.longTextMaxLength, 7),
      informations_veterinaires: prose(LIMITS.longTextMaxLength, 8),
      puce_ou_tatouage: '250269604000001',
      is_lost: true,
      public_phone: '+33 6 12 34 56 78',
      show_public_phone: true,
      public_email: 'proprietaire.de.la.chienne@exemple-de-messagerie.fr',
      show_public_email: true,
      public_address_line: prose(LIMITS.addressLineMaxLength, 9),
      public_city: prose(LIMITS.cityMaxLength, 10),
      show_public_address: true,
      second_contact_name: prose(LIMITS.secondContactNameMaxLength, 11),
      second_contact_phone: '+33 7 11 22 33 44',
      show_second_contact_phone: true,
      second_contact_email: 'la.voisine.qui.garde.la.chienne@exemple-de-messagerie.fr',
      show_second_contact_email: true,
    },
    LIMITS.maxPhotosPerAnimal,
  );
  // A finder shared where the animal was: the page shows the last position and its map link.
  const shared = await fetch(`${product.stack.url}/functions/v1/record-scan`, {
    method: 'POST',
    headers: { apikey: product.stack.anonKey, authorization: `Bearer ${product.stack.anonKey}` },
    body: JSON.stringify({
      codeId: code,
      animalId,
      lat: 45.764,
      lon: 4.8357,
      accuracy: 20,
      userAgent: 'bench',
      consent: true,
    }),
  });
  if (!shared.ok) throw new Error(`record-scan answered ${shared.status}: ${await shared.text()}`);
  return code;
}

/** The most sightings a search page shows (public_search). */
const SIGHTINGS_SHOWN = 20;

/**
 * The full profile's search page at its longest (docs/product/search.md): the household's words and place at
 * their limits, an area, and as many sightings as the page shows, each with its place and words at their
 * limits. Answers its path and its heading, which carries the animal's name.
 */
export async function fullSearch(product: RunningProduct, code: string): Promise<{ path: string; heading: string }> {
  const service = serviceClient(product);
  const { data: medal, error } = await service.from('codes').select('animal_id, animals(nom)').eq('id', code).single();
  if (error) throw error;
  const { animal_id: animalId, animals } = medal as unknown as { animal_id: string; animals: { nom: string } };
  const { data: search } = await service.from('searches').select('id').eq('animal_id', animalId).single();
  const id = (search as { id: string }).id;
  const words = await service
    .from('searches')
    .update({
      description: prose(500, 20),
      last_seen_place: prose(120, 21),
      last_seen_at: new Date(Date.now() - 3_600_000).toISOString(),
      area_lat: 45.764,
      area_lon: 4.8357,
      area_radius_m: 800,
    })
    .eq('id', id);
  if (words.error) throw words.error;
  const sightings = Array.from({ length: SIGHTINGS_SHOWN }, (_, index) => ({
    search_id: id,
    animal_id: animalId,
    kind: index % 2 === 0 ? 'seen' : 'with_me',
    seen_at: new Date(Date.now() - (index + 1) * 600_000).toISOString(),
    place: prose(120, 30 + index),
    words: prose(500, 60 + index),
    lat: 45.764 + index / 1000,
    lon: 4.8357,
  }));
  const stored = await service.from('sightings').insert(sightings);
  if (stored.error) throw stored.error;
  return { path: `/recherche/${id}`, heading: `Aidez-nous à retrouver ${animals.nom}` };
}
