import { PHOTO_BUCKET } from '@medaille/domain';
import { appConfig, type MedailleClient } from '@medaille/supabase';

/**
 * Stores a file in the photo bucket as storage-js does for raw bytes (the same endpoint and headers, the
 * signed-in owner's token), over XMLHttpRequest: fetch, which storage-js uses, says nothing of an upload's
 * progress, and the owner sees a bar per photo. `onProgress` gets the share sent, from 0 to 1.
 */
export async function uploadFile(
  client: MedailleClient,
  path: string,
  file: Blob,
  onProgress: (sent: number) => void = () => {},
): Promise<void> {
  const { supabaseUrl, supabaseAnonKey } = appConfig();
  const { data } = await client.auth.getSession();
  const request = new XMLHttpRequest();
  request.open('POST', `${supabaseUrl}/storage/v1/object/${PHOTO_BUCKET}/${path}`);
  request.setRequestHeader('apikey', supabaseAnonKey);
  request.setRequestHeader('authorization', `Bearer ${data.session?.access_token ?? supabaseAnonKey}`);
  request.setRequestHeader('content-type', file.type || 'application/octet-stream');
  request.setRequestHeader('cache-control', 'max-age=3600');
  request.setRequestHeader('x-upsert', 'false');
  request.upload.onprogress = (event) => {
    if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
  };
  await new Promise<void>((resolve, reject) => {
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(storageMessage(request.responseText) ?? `Storage answered ${request.status}`));
      }
    };
    request.onerror = () => reject(new Error('Storage could not be reached'));
    request.send(file);
  });
}

/** Storage's `message` in its error body. */
function storageMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
      ? parsed.message
      : null;
  } catch {
    return null;
  }
}
