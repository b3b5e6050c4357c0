import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { type ReactNode, useId, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import { failureText } from '../../ui/server-message.ts';
import type { FeedState } from './api.ts';
import { INBOX_COPY } from './copy.ts';

const text = INBOX_COPY.inbox;

/** What one list says: its title, its empty state, and the words of its deletions. */
export interface FeedWords {
  title: string;
  intro?: string;
  empty: string;
  itemLabel: (when: string) => string;
  removeTitle: string;
  removeText: string;
  removed: string;
  clear: string;
  clearTitle: string;
  clearText: string;
  cleared: string;
}

/**
 * One list of the inbox page (messages, positions or page openings): newest first, 'Afficher plus' past 20,
 * and, when `removable` (not for a keeper), 'Supprimer' on each item or the whole list, each after a
 * confirmation.
 */
export function FeedSection<T extends { id: string; created_at: string }>({
  feed,
  words,
  removable,
  level = 2,
  when,
  renderItem,
  children,
}: {
  feed: {
    state: FeedState<T>;
    showMore: () => Promise<boolean>;
    remove: (id: string | null) => Promise<{ message: string } | null>;
  };
  words: FeedWords;
  removable: boolean;
  level?: 2 | 3;
  when: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Shown above the list once it has items (the positions' sketch). */
  children?: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // What the confirmation is about (an item's id, or 'all'); kept while it closes, so that its words stay.
  const [target, setTarget] = useState<string>('all');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { state } = feed;

  const ask = (about: string) => {
    setTarget(about);
    setConfirming(true);
  };

  const confirm = async () => {
    setBusy(true);
    const error = await feed.remove(target === 'all' ? null : target);
    setBusy(false);
    setConfirming(false);
    if (error)
      toast({
        topic: 'inbox-remove',
        title: text.removeFailed,
        description: failureText(error),
        variant: 'destructive',
      });
    else toast({ topic: 'inbox-remove', title: target === 'all' ? words.cleared : words.removed });
  };

  const showMore = async () => {
    if (!(await feed.showMore()))
      toast({
        topic: 'inbox-load',
        title: COPY.error,
        description: text.loadFailed,
        variant: 'destructive',
      });
  };

  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Flex justify="between" align="start" gap="3" wrap="wrap" mb="2">
          <Heading
            id={headingId}
            ref={heading}
            tabIndex={-1}
            as={level === 2 ? 'h2' : 'h3'}
            size={level === 2 ? '5' : '4'}
          >
            {words.title}
          </Heading>
          {removable && state.status === 'ready' && state.items.length > 0 ? (
            <Button type="button" variant="soft" color="red" onClick={() => ask('all')}>
              {words.clear}
            </Button>
          ) : null}
        </Flex>
        {words.intro ? (
          <Text as="p" size="2" color="gray" mb="3">
            {words.intro}
          </Text>
        ) : null}
        {state.status === 'loading' ? (
          <Text as="p" role="status">
            {COPY.loading}
          </Text>
        ) : null}
        {state.status === 'failed' ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{text.loadFailed}</Callout.Text>
          </Callout.Root>
        ) : null}
        {state.status === 'ready' && state.items.length === 0 ? <Text as="p">{words.empty}</Text> : null}
        {state.status === 'ready' && state.items.length > 0 ? (
          <>
            {children}
            <ol className="portal-inbox-list" aria-labelledby={headingId}>
              {state.items.map((item) => (
                <li key={item.id} className="portal-inbox-item">
                  <div className="portal-inbox-item-body">{renderItem(item)}</div>
                  {removable ? (
                    <Button
                      type="button"
                      variant="soft"
                      color="red"
                      className="portal-inbox-remove"
                      aria-label={`${text.remove} ${words.itemLabel(when(item))}`}
                      onClick={() => ask(item.id)}
                    >
                      {text.remove}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ol>
            {state.more ? (
              <Flex justify="center" mt="3">
                <Button type="button" variant="soft" loading={state.loadingMore} onClick={() => void showMore()}>
                  {text.showMore}
                </Button>
              </Flex>
            ) : null}
          </>
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={target === 'all' ? words.clearTitle : words.removeTitle}
          description={target === 'all' ? words.clearText : words.removeText}
          confirmLabel={target === 'all' ? words.clear : text.remove}
          onConfirm={() => void confirm()}
          busy={busy}
          fallbackFocus={() => heading.current}
        />
      </section>
    </Card>
  );
}
