// The photos chosen before signing up, kept in the browser's IndexedDB (local storage holds only text and
// too little) until the e-mail confirmation brings the owner back to finish the activation.
const DATABASE = 'medaille';
const STORE = 'pending_photos';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
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

export async function savePendingPhotos(files: File[]): Promise<void> {
  await run('readwrite', (store) => store.put(files, 'files'));
}

export async function readPendingPhotos(): Promise<File[]> {
  try {
    return ((await run('readonly', (store) => store.get('files'))) as File[] | undefined) ?? [];
  } catch {
    return [];
  }
}

export async function clearPendingPhotos(): Promise<void> {
  await run('readwrite', (store) => store.delete('files')).catch(() => undefined);
}
