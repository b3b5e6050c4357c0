import { signOut, supabase } from '@medaille/supabase';
import { serverMessage } from '../../ui/server-message.ts';

// The owner's data rights: the export of everything the account holds, and the account's deletion.

/**
 * Builds the account's export in this browser and hands it over as a download; answers the file's name.
 * data-export.ts (with fflate) is loaded only now, not with the page.
 */
export async function downloadDataExport(): Promise<string> {
  const { buildDataExport, saveFile } = await import(/* webpackChunkName: "data-export" */ './data-export.ts');
  const { zip, fileName } = await buildDataExport(await supabase());
  saveFile(zip, fileName);
  return fileName;
}

/**
 * Deletes the account, its animals and their files (the delete-account function, which checks the typed
 * address again). When the server refuses, its message, or null when none came back (no network, say).
 */
export async function deleteAccount(
  typedEmail: string,
): Promise<{ deleted: true } | { deleted: false; message: string | null }> {
  const { error } = await (await supabase()).functions.invoke('delete-account', { body: { email: typedEmail } });
  if (error) return { deleted: false, message: await serverMessage(error) };
  return { deleted: true };
}

/** This browser forgets the session and everything stored with it; a failure to tell the server is ignored. */
export function forgetSession(): Promise<void> {
  return signOut().catch(() => {});
}
