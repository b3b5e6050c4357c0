import { toast } from '@medaille/design-system/toast';
import { LOST_COPY } from './copy.ts';

/** Copies a text for the household to paste elsewhere (the search page's link, the Pet Alert post), and says so. */
export async function copyText(value: string, topic: string, copied: string): Promise<void> {
  const done = await navigator.clipboard?.writeText(value).then(
    () => true,
    () => false,
  );
  toast(done ? { topic, title: copied } : { topic, title: LOST_COPY.search.copyFailed, variant: 'destructive' });
}
