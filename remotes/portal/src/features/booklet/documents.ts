import { databaseErrorMessage, HEALTH_DOCUMENT_BUCKET, HEALTH_DOCUMENT_TYPES, HEALTH_LIMITS } from '@medaille/domain';
import { supabase, type Tables, type TablesInsert } from '@medaille/supabase';
import { useCallback, useEffect, useState } from 'react';
import { BOOKLET_COPY } from './copy.ts';

// The booklet's documents (a certificate, the passport, an insurance contract): files of the private
// health-documents bucket, each with its row. The file goes first, then its row (the database refuses a row
// whose file is not stored); removing the file removes its row. A document is opened through a signed URL
// made on the click by health-document-link, valid one minute, for a member of the household that day: no
// lasting address of a private file is ever handed out (Storage signs none for a member).

export type HealthDocument = Pick<
  Tables<'health_documents'>,
  'id' | 'path' | 'title' | 'kind' | 'content_type' | 'size_bytes' | 'created_at'
>;

type DocumentsLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; documents: HealthDocument[] };

/** Why a chosen file cannot be stored, before anything is sent; null when it can. */
export function fileRefusal(file: { type: string; size: number }): string | null {
  if (!(file.type in HEALTH_DOCUMENT_TYPES)) return BOOKLET_COPY.booklet.documents.wrongType;
  if (file.size > HEALTH_LIMITS.documentMaxBytes) return BOOKLET_COPY.booklet.documents.tooLarge;
  return null;
}

export function useHealthDocuments(animalId: string) {
  const [load, setLoad] = useState<DocumentsLoad>({ state: 'loading' });

  const read = useCallback(async () => {
    const { data, error } = await (await supabase())
      .from('health_documents')
      .select('id, path, title, kind, content_type, size_bytes, created_at')
      .eq('animal_id', animalId)
      .order('created_at', { ascending: false });
    setLoad(error ? { state: 'failed' } : { state: 'ready', documents: data ?? [] });
  }, [animalId]);

  useEffect(() => {
    read().catch(() => setLoad({ state: 'failed' }));
  }, [read]);

  /** Stores the file, then its row; its refusal's French words, or null. A file whose row is refused goes. */
  const add = useCallback(
    async (file: File, title: string, kind: string): Promise<string | null> => {
      const refusal = fileRefusal(file);
      if (refusal) return refusal;
      const extension = HEALTH_DOCUMENT_TYPES[file.type as keyof typeof HEALTH_DOCUMENT_TYPES];
      const path = `${animalId}/${crypto.randomUUID()}.${extension}`;
      const client = await supabase();
      const stored = await client.storage
        .from(HEALTH_DOCUMENT_BUCKET)
        .upload(path, file, { contentType: file.type, upsert: false });
      if (stored.error) return BOOKLET_COPY.booklet.documents.uploadFailed;
      // The file's type and size are copied from Storage's row by the database: the client may not send them.
      const row = { animal_id: animalId, path, title, kind } as TablesInsert<'health_documents'>;
      const { error } = await client.from('health_documents').insert(row);
      if (error) {
        await client.storage.from(HEALTH_DOCUMENT_BUCKET).remove([path]);
        return databaseErrorMessage(error);
      }
      await read();
      return null;
    },
    [animalId, read],
  );

  /** Removes the file, and with it its row; its refusal's words, or null. */
  const remove = useCallback(
    async (document: HealthDocument): Promise<string | null> => {
      const { data, error } = await (await supabase()).storage.from(HEALTH_DOCUMENT_BUCKET).remove([document.path]);
      if (error || !data || data.length === 0) return BOOKLET_COPY.booklet.documents.removeFailed;
      await read();
      return null;
    },
    [read],
  );

  return { load, add, remove };
}

/** A signed URL of the document, valid one minute, or null when it cannot be made (or is not the caller's). */
export async function signedDocumentUrl(documentId: string): Promise<string | null> {
  const { data, error } = await (await supabase()).functions.invoke<{ signed_url: string }>('health-document-link', {
    body: { document_id: documentId },
  });
  return error ? null : (data?.signed_url ?? null);
}
