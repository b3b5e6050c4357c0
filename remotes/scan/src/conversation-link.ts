import { CONVERSATION_TOKEN_PATTERN } from '@medaille/domain';
import { conversationPath, routeOf } from '@medaille/routing';

/**
 * The path of the conversation page a function's answer links to (`conversation_url`), on whatever site the
 * reader is: null for anything that is not such a link, its token of the form record_finder_message makes.
 */
export function conversationPathOf(link: unknown): string | null {
  if (typeof link !== 'string' || !URL.canParse(link)) return null;
  const route = routeOf(new URL(link).pathname);
  const token = route?.name === 'conversation' ? (route.params.token ?? '') : '';
  return CONVERSATION_TOKEN_PATTERN.test(token) ? conversationPath(token) : null;
}
