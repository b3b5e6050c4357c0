import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { CONVERSATION_LIMITS } from '@medaille/domain';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { type FormEvent, useId, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import { useRevealOnRefusal } from '../../ui/refused-form.ts';
import { failureText } from '../../ui/server-message.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import type { ConversationThread, useConversations } from './conversations.ts';
import { INBOX_COPY } from './copy.ts';
import { FinderMessage } from './finder-message.tsx';
import { threadAnchor } from './finder-news.tsx';
import { whenText } from './format.ts';

const text = INBOX_COPY.inbox.conversations;
const messageWords = INBOX_COPY.inbox.messages;

/**
 * The animal's conversations with the people who found it: each finder's messages (with their contact and
 * photo, 'Nouveau' until this visit) and the household's answers in order, an answer form while the finder's
 * link opens it, and for the owner and co-owners (`edits`) 'Bloquer cet interlocuteur' and 'Supprimer' on a
 * finder's message. Neither side's address is shown unless they typed it in a message.
 */
export function ConversationsSection({
  conversations,
  name,
  sex,
  edits,
  who,
}: {
  /** The animal's conversations (useConversations), read once for the page and its news. */
  conversations: ReturnType<typeof useConversations>;
  name: string;
  sex: string | null;
  edits: boolean;
  /** A household member's name for the history ('(vous)' for oneself). */
  who: (userId: string | null) => string;
}) {
  const { load, answer, block, removeMessage } = conversations;
  const [blocking, setBlocking] = useState<ConversationThread | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Where focus goes once a deleted message's button is gone with it.
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    const error = await removeMessage(removing).catch(() => ({ message: COPY.unexpected }));
    setBusy(false);
    setRemoving(null);
    toast(
      error
        ? {
            topic: 'inbox-remove',
            title: INBOX_COPY.inbox.removeFailed,
            description: failureText(error),
            variant: 'destructive',
          }
        : { topic: 'inbox-remove', title: messageWords.removed },
    );
  };

  const confirmBlock = async () => {
    if (!blocking) return;
    setBusy(true);
    const refusal = await block(blocking.id).catch(() => COPY.unexpected);
    setBusy(false);
    setBlocking(null);
    toast(
      refusal
        ? { topic: 'conversation-block', title: text.blockFailed, description: refusal, variant: 'destructive' }
        : { topic: 'conversation-block', title: text.blocked },
    );
  };

  return (
    <section aria-labelledby="inbox-conversations-title">
      <Heading id="inbox-conversations-title" ref={heading} tabIndex={-1} as="h2" size="6" mb="2">
        {text.title}
      </Heading>
      <Text as="p" color="gray" mb="3">
        {text.intro(name)}
      </Text>
      {load.state === 'loading' ? <Text role="status">{COPY.loading}</Text> : null}
      {load.state === 'failed' ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{INBOX_COPY.inbox.loadFailed}</Callout.Text>
        </Callout.Root>
      ) : null}
      {load.state === 'ready' && load.threads.length === 0 ? <Text as="p">{text.empty}</Text> : null}
      {load.state === 'ready' ? (
        <Flex direction="column" gap="4">
          {load.threads.map((thread, index) => (
            <Thread
              key={thread.id}
              thread={thread}
              number={load.threads.length - index}
              name={name}
              sex={sex}
              who={who}
              onAnswer={(body) => answer(thread.id, body)}
              onBlock={edits ? () => setBlocking(thread) : null}
              onRemove={edits ? setRemoving : null}
            />
          ))}
        </Flex>
      ) : null}
      <ConfirmDialog
        open={blocking !== null}
        onOpenChange={(open) => (open ? undefined : setBlocking(null))}
        title={text.blockTitle}
        description={text.blockText}
        confirmLabel={text.block}
        onConfirm={() => void confirmBlock()}
        busy={busy}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={messageWords.removeTitle}
        description={messageWords.removeText}
        confirmLabel={INBOX_COPY.inbox.remove}
        onConfirm={() => void confirmRemove()}
        busy={busy}
        fallbackFocus={() => heading.current}
      />
    </section>
  );
}

function Thread({
  thread,
  number,
  name,
  sex,
  who,
  onAnswer,
  onBlock,
  onRemove,
}: {
  thread: ConversationThread;
  number: number;
  name: string;
  sex: string | null;
  who: (userId: string | null) => string;
  onAnswer: (body: string) => Promise<string | null>;
  onBlock: (() => void) | null;
  /** Asks to delete a finder's message (by its id), for the owner and co-owners. */
  onRemove: ((messageId: string) => void) | null;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { formRef, refuse } = useRevealOnRefusal();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') {
      setProblem(text.answerRequired);
      return refuse();
    }
    setSending(true);
    const refusal = await onAnswer(body).catch(() => COPY.unexpected);
    setSending(false);
    if (refusal) {
      toast({ topic: 'conversation-answer', title: text.answerFailed, description: refusal, variant: 'destructive' });
      return;
    }
    setBody('');
    toast({ topic: 'conversation-answer', title: text.answered });
  };

  return (
    <Card size="2" asChild>
      <article id={threadAnchor(thread.id)} aria-labelledby={`${id}-title`}>
        <Flex justify="between" align="center" gap="2" wrap="wrap" mb="2">
          <Heading id={`${id}-title`} as="h3" size="4">
            {text.threadTitle(number, whenText(thread.created_at))}
          </Heading>
          {thread.blocked_at ? <Badge color="red">{text.blockedBadge}</Badge> : null}
          {!thread.blocked_at && !thread.open ? <Badge color="gray">{text.expiredBadge}</Badge> : null}
        </Flex>
        <Flex asChild direction="column" gap="3">
          <ol className="portal-conversation" aria-label={text.linesLabel}>
            {thread.lines.map((line) => (
              <li key={line.id} className={line.from === 'household' ? 'portal-conversation-ours' : undefined}>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text as="p" size="1" color="gray">
                    {line.from === 'finder' ? text.finder(name) : who(line.authorId)} · {whenText(line.at)}
                  </Text>
                  {line.from === 'finder' && line.unread ? <Badge color="orange">{messageWords.unread}</Badge> : null}
                </Flex>
                {line.from === 'finder' ? (
                  <FinderLine line={line} name={name} sex={sex} onRemove={onRemove} />
                ) : line.found ? (
                  <Text as="p" color="gray">
                    {text.foundLine(name)}
                  </Text>
                ) : (
                  <Text as="p" style={{ whiteSpace: 'pre-wrap' }}>
                    {line.text}
                  </Text>
                )}
              </li>
            ))}
          </ol>
        </Flex>
        {thread.open ? (
          <Box asChild mt="3">
            <form ref={formRef} onSubmit={submit} noValidate aria-label={text.answerLabel(number)}>
              <Text as="label" htmlFor={`${id}-answer`} size="2" weight="medium">
                {text.answer}
              </Text>
              <TextArea
                id={`${id}-answer`}
                value={body}
                rows={3}
                maxLength={CONVERSATION_LIMITS.replyMaxLength}
                aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => {
                  setBody(event.target.value);
                  setProblem(null);
                }}
              />
              <Text as="p" id={`${id}-hint`} size="1" color="gray" mt="1">
                {text.answerHint}
              </Text>
              {problem ? (
                <Text as="p" id={`${id}-problem`} size="2" color="red" role="alert">
                  {problem}
                </Text>
              ) : null}
              <Flex gap="3" mt="2" wrap="wrap">
                <SubmitButton busy={sending}>{text.send}</SubmitButton>
                {onBlock ? (
                  <SubmitButton type="button" busy={false} variant="soft" color="red" onClick={onBlock}>
                    {text.block}
                  </SubmitButton>
                ) : null}
              </Flex>
            </form>
          </Box>
        ) : (
          <Text as="p" size="2" color="gray" mt="3">
            {thread.blocked_at ? text.blockedText : text.expiredText}
          </Text>
        )}
      </article>
    </Card>
  );
}

/** A finder's message in its conversation, and 'Supprimer' for the owner and co-owners. */
function FinderLine({
  line,
  name,
  sex,
  onRemove,
}: {
  line: Extract<ConversationThread['lines'][number], { from: 'finder' }>;
  name: string;
  sex: string | null;
  onRemove: ((messageId: string) => void) | null;
}) {
  return (
    <>
      <FinderMessage
        said={line.said}
        words={line.text}
        contact={line.contact}
        photoPath={line.photoPath}
        name={name}
        sex={sex}
      />
      {onRemove ? (
        <Flex mt="2">
          <Button
            type="button"
            variant="soft"
            color="red"
            className="portal-inbox-remove"
            aria-label={`${INBOX_COPY.inbox.remove} ${messageWords.itemLabel(whenText(line.at))}`}
            onClick={() => onRemove(line.id)}
          >
            {INBOX_COPY.inbox.remove}
          </Button>
        </Flex>
      ) : null}
    </>
  );
}
