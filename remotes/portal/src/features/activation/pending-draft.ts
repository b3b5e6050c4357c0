import type { ActivationFormInput } from '@medaille/domain';

// SPEC section 3: what the activation form keeps in the browser across sign-in, sign-up and the e-mail
// confirmation. The form's text goes to local storage; the chosen photos to IndexedDB (local storage holds
// only text, and too little of it).

const PENDING_ACTIVATION = 'pending_activation';
/** The code scanned before logging in or registering. */
const PENDING_CODE = 'pending_code';
const DATABASE = 'medaille';
const STORE = 'pending_photos';

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
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export async function savePendingActivation(values: ActivationFormInput, photos: File[]): Promise<void> {
  localStorage.setItem(PENDING_ACTIVATION, JSON.stringify(values));
  if (values.code) localStorage.setItem(PENDING_CODE, String(values.code));
  await inPhotoStore('readwrite', (store) => store.put(photos, 'files'));
}

export function readPendingActivation(): ActivationFormInput | null {
  try {
    // Written by savePendingActivation; the callback parses it with the form's schema before using it.
    const stored = JSON.parse(localStorage.getItem(PENDING_ACTIVATION) ?? 'null') as ActivationFormInput | null;
    return stored && typeof stored === 'object' ? stored : null;
  } catch {
    return null;
  }
}

export async function readPendingPhotos(): Promise<File[]> {
  try {
    const stored: unknown = await inPhotoStore('readonly', (store) => store.get('files'));
    return Array.isArray(stored) ? stored.filter((file): file is File => file instanceof File) : [];
  } catch {
    return [];
  }
}

export async function clearPendingActivation(): Promise<void> {
  localStorage.removeItem(PENDING_ACTIVATION);
  localStorage.removeItem(PENDING_CODE);
  await inPhotoStore('readwrite', (store) => store.delete('files')).catch(() => undefined);
}
