import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { CONVERSATION_LIMITS } from '@medaille/domain';
import { Badge, Box, Callout, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { type FormEvent, useId, useState } from 'react';
import { COPY } from '../../copy.ts';
import { useRevealOnRefusal } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import type { ConversationThread, useConversations } from './conversations.ts';
import { SaidStatusText, threadAnchor } from './finder-news.tsx';
import { whenText } from './format.ts';

const text = COPY.inbox.conversations;

/**
 * The animal's conversations with the people who found it: each finder's messages and the household's answers
 * in order, an answer form while the finder's link opens it, and 'Bloquer cet interlocuteur' for the owner and
 * co-owners (`blocks`). Neither side's address is shown unless they typed it in a message. A finder's photo
 * is shown once, with their message in 'Messages' below.
 */
export function ConversationsSection({
  conversations,
  name,
  sex,
  blocks,
  who,
}: {
  /** The animal's conversations (useConversations), read once for the page and its news. */
  conversations: ReturnType<typeof useConversations>;
  name: string;
  sex: string | null;
  blocks: boolean;
  /** A household member's name for the history ('(vous)' for oneself). */
  who: (userId: string | null) => string;
}) {
  const { load, answer, block } = conversations;
  const [blocking, setBlocking] = useState<ConversationThread | null>(null);
  const [busy, setBusy] = useState(false);

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
      <Heading id="inbox-conversations-title" as="h2" size="6" mb="2">
        {text.title}
      </Heading>
      <Text as="p" color="gray" mb="3">
        {text.intro(name)}
      </Text>
      {load.state === 'loading' ? <Text role="status">{COPY.account.loading}</Text> : null}
      {load.state === 'failed' ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{COPY.inbox.loadFailed}</Callout.Text>
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
              onBlock={blocks ? () => setBlocking(thread) : null}
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
}: {
  thread: ConversationThread;
  number: number;
  name: string;
  sex: string | null;
  who: (userId: string | null) => string;
  onAnswer: (body: string) => Promise<string | null>;
  onBlock: (() => void) | null;
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
                <Text as="p" size="1" color="gray">
                  {line.from === 'finder' ? text.finder(name) : who(line.authorId)} · {whenText(line.at)}
                </Text>
                {line.from === 'finder' && line.said ? <SaidStatusText said={line.said} sex={sex} /> : null}
                {line.from === 'household' && line.found ? (
                  <Text as="p" color="gray">
                    {text.foundLine(name)}
                  </Text>
                ) : line.text || !(line.from === 'finder' && line.said) ? (
                  <Text as="p" style={{ whiteSpace: 'pre-wrap' }}>
                    {line.text ?? COPY.inbox.messages.noText}
                  </Text>
                ) : null}
                {line.from === 'finder' && line.contact ? (
                  <Text as="p" size="2">
                    {COPY.inbox.messages.contact} {line.contact}
                  </Text>
                ) : null}
                {line.from === 'finder' && line.photoPath ? (
                  <Text as="p" size="2" color="gray">
                    {text.withPhoto}
                  </Text>
                ) : null}
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
