// 'Télécharger mes données' (RGPD): one ZIP of everything the account holds. Built here, in the
// owner's browser, with their own session: row level security already limits every read to what the account
// may see (the animals of its households), and the reads keep to its own animals and rows; no server has to
// hold a whole account's photos in memory, and nothing new is exposed. Loaded only when the owner asks for it
// (with fflate), not with the page.
import { FINDER_PHOTO_BUCKET, HEALTH_DOCUMENT_BUCKET, PHOTO_BUCKET } from '@medaille/domain';
import type { MedailleClient } from '@medaille/supabase';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { parisTime } from '../../ui/paris-time.ts';
import { ACCOUNT_COPY } from './copy.ts';

const T = ACCOUNT_COPY.dataExport;
/** PostgREST answers at most this many rows at once (the project's max_rows): read page after page. */
const PAGE = 1000;

/** Every row a query gives, page after page; a refusal throws. */
async function allRows<T>(
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await page(from, from + PAGE - 1);
    if (error) throw new Error(error.message);
    rows.push(...(data ?? []));
    if ((data ?? []).length < PAGE) return rows;
  }
}

const extensionOf = (path: string) => /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? 'bin';

async function download(client: MedailleClient, path: string, bucket = PHOTO_BUCKET): Promise<Uint8Array> {
  const { data, error } = await client.storage.from(bucket).download(path);
  if (error || !data) throw new Error(`${path}: ${error?.message ?? T.notFound}`);
  return new Uint8Array(await data.arrayBuffer());
}

/**
 * A folder name for each animal, in the order given: its name as the owner wrote it (accents kept: the ZIP
 * marks its names as UTF-8), without what file systems refuse (/ \ : * ? " < > |, control characters, dots
 * and spaces at the ends); the same name again, in any case, gets ' (2)', ' (3)'…
 */
export function animalFolders(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const safe =
      name
        .normalize('NFC')
        .replace(/[/\\:*?"<>|\p{Cc}]/gu, '-')
        .replace(/^[\s.]+|[\s.]+$/g, '') || T.unnamedAnimal;
    let folder = safe;
    for (let copy = 2; taken.has(folder.toLocaleLowerCase('fr')); copy += 1) folder = `${safe} (${copy})`;
    taken.add(folder.toLocaleLowerCase('fr'));
    return folder;
  });
}

/**
 * The account's export as a ZIP: donnees.json (the account, its animals with every field, photo rows,
 * medal codes, finders' messages, shared positions and page openings, the health booklets' records and
 * documents, its places in households), each animal's photos under photos/{its name}/photo-1.jpg… in their
 * display order, its booklet's documents under carnet/{its name}/document-1.pdf…, the photos finders sent
 * under messages/{animal id}/, and README.txt that says what each file is.
 */
export async function buildDataExport(
  client: MedailleClient,
  now = new Date(),
): Promise<{ zip: Uint8Array; fileName: string }> {
  const { data: auth, error } = await client.auth.getUser();
  if (error || !auth.user) throw new Error(error?.message ?? T.signedOut);
  const user = auth.user;

  // The account's own data: the animals it owns (those of other households it is in are their owners'), and
  // its places in households, its own and others'.
  const [animals, memberships] = await Promise.all([
    allRows((from, to) =>
      client.from('animals').select('*').eq('proprietaire_id', user.id).order('date_creation').range(from, to),
    ),
    allRows((from, to) =>
      client
        .from('animal_members')
        .select('animal_id, role, access_until, alert_email, created_at')
        .eq('user_id', user.id)
        .order('created_at')
        .range(from, to),
    ),
  ]);
  const ids = animals.map((animal) => animal.id);
  const ofAnimals = <T>(
    table:
      | 'animal_photos'
      | 'codes'
      | 'finder_messages'
      | 'scan_events'
      | 'profile_views'
      | 'health_records'
      | 'health_documents'
      | 'conversations'
      | 'reunions',
    columns: string,
    order: string,
  ) =>
    ids.length === 0
      ? Promise.resolve([] as T[])
      : allRows<T>(
          (from, to) =>
            client
              .from(table)
              .select(columns)
              .in('animal_id', ids)
              .order(order)
              .range(from, to) as unknown as PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
        );
  type Photo = { id: string; animal_id: string; path: string; position: number; [field: string]: unknown };
  type Message = { id: string; animal_id: string; photo_path: string | null; [field: string]: unknown };
  type HealthDocument = { id: string; animal_id: string; path: string; [field: string]: unknown };
  const [photos, medals, messages, positions, views, records, documents, conversations, reunions] = await Promise.all([
    ofAnimals<Photo>('animal_photos', '*', 'position'),
    ofAnimals('codes', 'id, animal_id, used, created_at, suspended_at, suspended_by', 'id'),
    ofAnimals<Message>(
      'finder_messages',
      'id, animal_id, code_id, conversation_id, message, contact, photo_path, created_at, read_at, finder_status, status_place, seen_lat, seen_lon, seen_accuracy_m',
      'created_at',
    ),
    // Where a finder was, not who: the hash standing for their connection and their browser stay out.
    ofAnimals('scan_events', 'id, animal_id, code_id, lat, lon, accuracy_m, created_at', 'created_at'),
    ofAnimals('profile_views', 'id, animal_id, code_id, created_at', 'created_at'),
    ofAnimals(
      'health_records',
      'id, animal_id, kind, label, given_on, next_due_on, weight_kg, notes, shown_to_finder, created_at, updated_at',
      'given_on',
    ),
    ofAnimals<HealthDocument>(
      'health_documents',
      'id, animal_id, path, title, kind, content_type, size_bytes, created_at',
      'created_at',
    ),
    // The finder's link and address are not the household's to read: they stay out.
    ofAnimals<{ id: string }>(
      'conversations',
      'id, animal_id, code_id, language, created_at, last_message_at, blocked_at',
      'created_at',
    ),
    ofAnimals('reunions', 'id, animal_id, lost_since, found_at, channel', 'found_at'),
  ]);
  const conversationIds = conversations.map((conversation) => conversation.id);
  const replies =
    conversationIds.length === 0
      ? []
      : await allRows(
          (from, to) =>
            client
              .from('conversation_replies')
              .select('id, conversation_id, author_id, kind, body, created_at')
              .in('conversation_id', conversationIds)
              .order('created_at')
              .range(from, to) as unknown as PromiseLike<{
              data: Record<string, unknown>[] | null;
              error: { message: string } | null;
            }>,
        );

  const files: Zippable = {};
  const folders = animalFolders(animals.map((animal) => animal.nom));
  const folderOf = new Map(animals.map((animal, index) => [animal.id, folders[index]]));
  // Photos come in their display order: each is numbered after the ones of its animal before it.
  const numbered = new Map<string, number>();
  const photoRows = [];
  for (const photo of photos) {
    const number = (numbered.get(photo.animal_id) ?? 0) + 1;
    numbered.set(photo.animal_id, number);
    const file = `photos/${folderOf.get(photo.animal_id)}/photo-${number}.${extensionOf(photo.path)}`;
    // Photos are compressed already: stored as they are.
    files[file] = [await download(client, photo.path), { level: 0 }];
    photoRows.push({ ...photo, fichier: file });
  }
  const messageRows = [];
  for (const message of messages) {
    if (!message.photo_path) {
      messageRows.push(message);
      continue;
    }
    const file = `messages/${message.photo_path}`;
    files[file] = [await download(client, message.photo_path, FINDER_PHOTO_BUCKET), { level: 0 }];
    messageRows.push({ ...message, fichier_photo: file });
  }

  // The booklet's documents, numbered per animal in the order they were added.
  const documentRows = [];
  const documentNumbers = new Map<string, number>();
  for (const document of documents) {
    const number = (documentNumbers.get(document.animal_id) ?? 0) + 1;
    documentNumbers.set(document.animal_id, number);
    const file = `carnet/${folderOf.get(document.animal_id)}/document-${number}.${extensionOf(document.path)}`;
    files[file] = [await download(client, document.path, HEALTH_DOCUMENT_BUCKET), { level: 0 }];
    documentRows.push({ ...document, fichier: file });
  }

  const data = {
    exporte_le: now.toISOString(),
    compte: { id: user.id, email: user.email ?? null, cree_le: user.created_at },
    animaux: animals,
    photos: photoRows,
    medailles: medals,
    messages: messageRows,
    positions_partagees: positions,
    consultations_profil: views,
    carnet_de_sante: records,
    documents_de_sante: documentRows,
    conversations,
    reponses_aux_conversations: replies,
    retrouvailles: reunions,
    foyers: memberships,
  };
  files['donnees.json'] = strToU8(`${JSON.stringify(data, null, 2)}\n`);
  files['README.txt'] = strToU8(readme(now));
  const day = now.toISOString().slice(0, 10);
  return { zip: zipSync(files, { level: 6 }), fileName: T.fileName(day) };
}

function readme(now: Date): string {
  return T.readme(parisTime(now, 'dateTime')).join('\r\n');
}

/** Hands the ZIP to the browser as a download. */
export function saveFile(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
