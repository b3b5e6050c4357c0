import { hasStoredSession, type MedailleClient, supabase } from '@medaille/supabase';

// The data of the page the portal opens on, asked for as the portal's module runs, beside the page's own
// chunk, instead of once that chunk has arrived and the page has rendered and read the session: on a phone,
// a chunk's download and a round trip earlier. Asked for only with a stored session; taken once by its page
// for the same signed-in person, else asked for again.

interface Asked {
  userId: string;
  answer: Promise<unknown>;
}

const early = new Map<string, Promise<Asked | null>>();

/** Asks now for the data `key` names, for the person the stored session is (nothing without one). */
export function askEarly(key: string, ask: (client: MedailleClient, userId: string) => Promise<unknown>): void {
  if (!hasStoredSession()) return;
  const asked = supabase().then(async (client) => {
    // Renewed first when it has expired, as any request of the client's would be.
    const { data } = await client.auth.getSession();
    const userId = data.session?.user.id;
    return userId ? { userId, answer: ask(client, userId) } : null;
  });
  asked.catch(() => {});
  early.set(key, asked);
}

/**
 * The answer asked for early under `key` for `userId`, once; otherwise (none asked, another person, a failed
 * start) `ask()` now.
 */
export function takeEarly<T>(key: string, userId: string, ask: () => Promise<T>): Promise<T> {
  const asked = early.get(key);
  early.delete(key);
  if (!asked) return ask();
  return asked.then(
    (entry) => (entry?.userId === userId ? (entry.answer as Promise<T>) : ask()),
    () => ask(),
  );
}
