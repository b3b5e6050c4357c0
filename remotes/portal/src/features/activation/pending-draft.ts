import type { ActivationFormInput } from '@medaille/domain';

// SPEC section 3: what the activation form keeps in the browser, as it is typed: across a reload, sign-in,
// sign-up and the e-mail confirmation, until the medal is activated. The form's text goes to local storage;
// the chosen photos to IndexedDB (local storage holds only text, and too little of it).

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

/** The form's text, kept at each change. */
export function savePendingFields(values: ActivationFormInput): void {
  localStorage.setItem(PENDING_ACTIVATION, JSON.stringify(values));
  if (values.code) localStorage.setItem(PENDING_CODE, String(values.code));
  else localStorage.removeItem(PENDING_CODE);
}

/** The chosen photos, kept at each change. */
export async function savePendingPhotos(photos: readonly File[]): Promise<void> {
  await inPhotoStore('readwrite', (store) => store.put([...photos], 'files'));
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
