import { CONVERSATION_TOKEN_PATTERN } from '@medaille/domain';
import { conversationPath } from '@medaille/routing/site';

/**
 * The path of the conversation page a function's answer links to (`conversation_url`), on whatever site the
 * reader is: null for anything that is not such a link, its token of the form record_finder_message makes.
 * Written with the route table's paths alone (not its matching, which the message dialog's chunk would carry).
 */
export function conversationPathOf(link: unknown): string | null {
  if (typeof link !== 'string' || !URL.canParse(link)) return null;
  const segments = new URL(link).pathname.split('/').filter((segment) => segment !== '');
  const token = segments.at(-1) ?? '';
  const path = conversationPath(token);
  // The link's path is the conversation page's, trailing slash or not.
  return CONVERSATION_TOKEN_PATTERN.test(token) && `/${segments.join('/')}` === path ? path : null;
}
