import './inbox.css';
import { PageFrame } from '@medaille/design-system';
import { mapsPointUrl } from '@medaille/domain';
import { editAnimalPath, ROUTES } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Badge, Button, Callout, Flex, Heading, Text, Link as TextLink } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { MemberAnimalRoute } from '../animals/index.ts';
import { editsAnimal, useHousehold } from '../household/index.ts';
import { type Activity, type Message, markMessagesRead, type Position, useFeed, type View } from './api.ts';
import { saidStatusOf, useConversations } from './conversations.ts';
import { ConversationsSection } from './conversations-section.tsx';
import { INBOX_COPY } from './copy.ts';
import { FeedSection } from './feed-section.tsx';
import { FinderMessage } from './finder-message.tsx';
import { FinderNews } from './finder-news.tsx';
import { accuracyText, whenText } from './format.ts';
import { PositionsSketch } from './positions-sketch.tsx';

const text = INBOX_COPY.inbox;
const when = (item: { created_at: string }) => whenText(item.created_at);

/** The history of the household is not deleted: its list has no deletion words to say. */
const NOT_REMOVABLE = {
  removeTitle: '',
  removeText: '',
  removed: '',
  clear: '',
  clearTitle: '',
  clearText: '',
  cleared: '',
};

/** What a member did, after their name ('a ajouté une photo'); the member it was about named by `who`. */
function activityText(event: Activity, who: (id: string | null) => string): string {
  const kinds = INBOX_COPY.activity.kinds;
  const kind = event.kind as keyof typeof kinds;
  const words = kinds[kind];
  if (typeof words === 'function') return words(who(event.subject_id));
  return words ?? '';
}

/**
 * /mon-compte/animal/{id}/historique: what finders said they are doing, first; the conversations with the
 * people who found one animal, what finders
 * sent about it (messages), and its scan history
 * (shared positions, openings of its page while lost), for every member of its household; its owner and
 * co-owners delete them. Opening it marks the messages read.
 */
export function InboxPage() {
  return (
    <MemberAnimalRoute>
      {(animal, { role }) => (
        <Inbox animalId={animal.id} name={animal.nom} sex={animal.sexe} edits={editsAnimal(role)} />
      )}
    </MemberAnimalRoute>
  );
}

function Inbox({
  animalId,
  name,
  sex,
  edits,
}: {
  animalId: string;
  name: string;
  /** M, F or null: what finders said agrees with it, as they read it. */
  sex: string | null;
  edits: boolean;
}) {
  const conversations = useConversations(animalId);
  const messages = useFeed('messages', animalId);
  const positions = useFeed('positions', animalId);
  const views = useFeed('views', animalId);
  const activity = useFeed('activity', animalId);
  // The history names members by their address, '(vous)' for oneself; someone no longer there (who left, or
  // whose account was deleted) is a former member.
  const household = useHousehold(animalId, false).load;
  const who = (id: string | null) => {
    const member = household.state === 'ready' ? household.members.find((each) => each.user_id === id) : undefined;
    if (!member) return INBOX_COPY.activity.formerMember;
    return member.is_me ? INBOX_COPY.activity.me(member.email) : member.email;
  };

  // Once the messages are on screen they are read; those that were not keep their 'Nouveau' for this visit.
  const messagesShown = messages.state.status === 'ready' && conversations.load.state === 'ready';
  useEffect(() => {
    if (messagesShown) void markMessagesRead(animalId);
  }, [messagesShown, animalId]);
  // A finder's message is read in its conversation; 'Messages' lists those written before conversations, when
  // the page opened with some, and stays while they are deleted.
  const [olderMessages, setOlderMessages] = useState(false);
  const { state: listed } = messages;
  if (!olderMessages && (listed.status === 'failed' || (listed.status === 'ready' && listed.items.length > 0)))
    setOlderMessages(true);

  return (
    <PageFrame
      title={text.title(name)}
      actions={
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="soft">
            <Link to={editAnimalPath(animalId)}>{edits ? text.editProfile : text.viewProfile}</Link>
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to={ROUTES.account}>{text.back}</Link>
          </Button>
        </Flex>
      }
    >
      <Flex direction="column" gap="5">
        {conversations.load.state === 'ready' ? (
          <FinderNews threads={conversations.load.threads} name={name} sex={sex} />
        ) : null}
        <ConversationsSection conversations={conversations} name={name} sex={sex} edits={edits} who={who} />
        {olderMessages ? (
          <FeedSection<Message>
            feed={messages}
            removable={edits}
            words={{ ...text.messages, intro: text.messages.intro(name), clearText: text.messages.clearText(name) }}
            when={when}
            renderItem={(message) => (
              <>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text size="2" color="gray">
                    {when(message)}
                  </Text>
                  {message.read_at === null ? <Badge color="orange">{text.messages.unread}</Badge> : null}
                </Flex>
                <FinderMessage
                  said={saidStatusOf(message)}
                  words={message.message}
                  contact={message.contact}
                  photoPath={message.photo_path}
                  name={name}
                  sex={sex}
                />
              </>
            )}
          />
        ) : null}
        <section aria-labelledby="inbox-history-title">
          <Heading id="inbox-history-title" as="h2" size="6" mb="2">
            {text.history.title}
          </Heading>
          <Callout.Root color="gray" mb="4">
            <Callout.Text>{text.history.retention}</Callout.Text>
          </Callout.Root>
          <Flex direction="column" gap="4">
            <FeedSection<Position>
              feed={positions}
              removable={edits}
              level={3}
              words={{ ...text.positions, clearText: text.positions.clearText(name) }}
              when={when}
              renderItem={(position) => (
                <>
                  <Text as="p" size="2" weight="medium">
                    {when(position)}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {text.positions.accuracy} :{' '}
                    {position.accuracy_m === null ? text.positions.unknownAccuracy : accuracyText(position.accuracy_m)}
                  </Text>
                  <TextLink
                    size="2"
                    href={mapsPointUrl(position.lat, position.lon)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={text.positions.mapLabel(when(position))}
                  >
                    {text.positions.map}
                  </TextLink>
                </>
              )}
            >
              {positions.state.status === 'ready' ? <PositionsSketch positions={positions.state.items} /> : null}
            </FeedSection>
            <FeedSection<View>
              feed={views}
              removable={edits}
              level={3}
              words={{ ...text.views, intro: text.views.intro(name), clearText: text.views.clearText(name) }}
              when={when}
              renderItem={(view) => (
                <Text as="p" size="2">
                  {text.views.item} — {when(view)}
                </Text>
              )}
            />
          </Flex>
        </section>
        <FeedSection<Activity>
          feed={activity}
          removable={false}
          words={{ ...NOT_REMOVABLE, ...INBOX_COPY.activity, intro: INBOX_COPY.activity.intro(name) }}
          when={when}
          renderItem={(event) => (
            <>
              <Text as="p" size="2" color="gray">
                {when(event)}
              </Text>
              <Text as="p">
                {who(event.actor_id)} {activityText(event, who)}
              </Text>
            </>
          )}
        />
      </Flex>
    </PageFrame>
  );
}
