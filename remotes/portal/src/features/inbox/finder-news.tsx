import { finderStatusWords, mapsPointUrl } from '@medaille/domain';
import { Card, Flex, Heading, Text, Link as TextLink } from '@radix-ui/themes';
import { type ConversationThread, latestNews, type SaidStatus } from './conversations.ts';
import { INBOX_COPY } from './copy.ts';
import { whenText } from './format.ts';

const text = INBOX_COPY.inbox.news;

/** The id of a conversation's card on the page, which the news link to. */
export const threadAnchor = (conversationId: string) => `conversation-${conversationId}`;

/**
 * What a finder said they are doing, in their words (agreed with the animal's `sex`, as the finder read them),
 * with the place they named or the point on the map.
 */
export function SaidStatusText({ said, sex }: { said: SaidStatus; sex: string | null }) {
  return (
    <>
      <Text as="p" weight="bold">
        « {finderStatusWords(sex)[said.status]} »
      </Text>
      {said.place ? (
        <Text as="p" size="2" style={{ overflowWrap: 'anywhere' }}>
          {text.place} {said.place}
        </Text>
      ) : null}
      {said.position ? (
        <TextLink
          size="2"
          href={mapsPointUrl(said.position.lat, said.position.lon)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {text.map}
        </TextLink>
      ) : null}
    </>
  );
}

/**
 * The first thing the household sees in the inbox: the latest of what finders said they are doing, each
 * with a link to its conversation to answer. Nothing when nobody said anything.
 */
export function FinderNews({
  threads,
  name,
  sex,
}: {
  threads: ConversationThread[];
  name: string;
  sex: string | null;
}) {
  const news = latestNews(threads);
  if (news.length === 0) return null;
  return (
    <section aria-labelledby="inbox-news-title">
      <Heading id="inbox-news-title" as="h2" size="6" mb="2">
        {text.title(name)}
      </Heading>
      <Text as="p" color="gray" mb="3">
        {text.intro}
      </Text>
      <Flex direction="column" gap="3">
        {news.map((item) => (
          <Card key={`${item.conversationId}-${item.at}`}>
            <Flex direction="column" gap="1">
              <Text as="p" size="2" color="gray">
                {whenText(item.at)}
              </Text>
              <SaidStatusText said={item.said} sex={sex} />
              <TextLink size="2" href={`#${threadAnchor(item.conversationId)}`}>
                {text.answer}
              </TextLink>
            </Flex>
          </Card>
        ))}
      </Flex>
    </section>
  );
}
