import type { ActivationFormInput } from '@medaille/domain';

// docs/product/activation.md: what the activation form keeps in the browser, as it is typed: across a reload, sign-in,
// sign-up and the e-mail confirmation, until the medal is activated. The form's text goes to local storage;
// the chosen photos to IndexedDB (local storage holds only text, and too little of it), with how many were
// chosen in local storage, so that a photo the browser did not keep is said after activation.

const PENDING_ACTIVATION = 'pending_activation';
/** The code scanned before logging in or registering. */
const PENDING_CODE = 'pending_code';
/** How many photos were chosen, whether or not IndexedDB kept them. */
const PENDING_PHOTO_COUNT = 'pending_photo_count';
const DATABASE = 'medaille';
const STORE = 'pending_photos';

/**
 * A chosen photo as IndexedDB keeps it: its bytes, not the File. WebKit refuses to store a Blob or File in
 * IndexedDB whenever it cannot write the Blob's own file (its private browsing, ephemeral sessions: 'Error
 * preparing Blob/File data to be stored in object store'), while an ArrayBuffer is stored everywhere.
 */
interface StoredPhoto {
  name: string;
  type: string;
  lastModified: number;
  bytes: ArrayBuffer;
}

function openPhotos(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inPhotoStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openPhotos();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      // A write counts once its transaction has committed, not when its request succeeds.
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? request.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** The form's text, kept at each change. */
export function savePendingFields(values: ActivationFormInput): void {
  localStorage.setItem(PENDING_ACTIVATION, JSON.stringify(values));
  if (values.code) localStorage.setItem(PENDING_CODE, String(values.code));
  else localStorage.removeItem(PENDING_CODE);
}

/**
 * The chosen photos, kept at each change. False when this browser would not keep them (IndexedDB refused or
 * missing): their number is kept all the same, and the activation says how many did not follow.
 */
export async function savePendingPhotos(photos: readonly File[]): Promise<boolean> {
  localStorage.setItem(PENDING_PHOTO_COUNT, String(photos.length));
  try {
    const stored: StoredPhoto[] = await Promise.all(
      photos.map(async (photo) => ({
        name: photo.name,
        type: photo.type,
        lastModified: photo.lastModified,
        bytes: await photo.arrayBuffer(),
      })),
    );
    await inPhotoStore('readwrite', (store) => store.put(stored, 'files'));
    return true;
  } catch (error) {
    console.error('[activation] the chosen photos could not be kept in this browser', error);
    return false;
  }
}

export function readPendingActivation(): ActivationFormInput | null {
  try {
    // Written by savePendingFields; the callback parses it with the form's schema before using it.
    const stored = JSON.parse(localStorage.getItem(PENDING_ACTIVATION) ?? 'null') as ActivationFormInput | null;
    return stored && typeof stored === 'object' ? stored : null;
  } catch {
    return null;
  }
}

const isStoredPhoto = (value: unknown): value is StoredPhoto =>
  value !== null &&
  typeof value === 'object' &&
  'bytes' in value &&
  value.bytes instanceof ArrayBuffer &&
  'name' in value &&
  typeof value.name === 'string';

export async function readPendingPhotos(): Promise<File[]> {
  try {
    const stored: unknown = await inPhotoStore('readonly', (store) => store.get('files'));
    if (!Array.isArray(stored)) return [];
    return stored
      .filter(isStoredPhoto)
      .map((photo) => new File([photo.bytes], photo.name, { type: photo.type, lastModified: photo.lastModified }));
  } catch {
    return [];
  }
}

/** How many photos the owner chose, as last kept (0 when none were). */
export function pendingPhotoCount(): number {
  const count = Number(localStorage.getItem(PENDING_PHOTO_COUNT));
  return Number.isInteger(count) && count > 0 ? count : 0;
}

export async function clearPendingActivation(): Promise<void> {
  localStorage.removeItem(PENDING_ACTIVATION);
  localStorage.removeItem(PENDING_CODE);
  localStorage.removeItem(PENDING_PHOTO_COUNT);
  await inPhotoStore('readwrite', (store) => store.delete('files')).catch(() => undefined);
}
