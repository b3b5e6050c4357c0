import { ConfirmDialog, PageFrame } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { HEALTH_LIMITS, HEALTH_RECORD_KINDS, showableToFinder } from '@medaille/domain';
import { animalBookletPrintPath, editAnimalPath } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { COPY } from '../../copy.ts';
import { parisDay, todayInParis } from '../../ui/paris-time.ts';
import { MemberAnimalRoute } from '../animals/index.ts';
import { editsAnimal } from '../household/index.ts';
import { type HealthRecord, useHealthRecords, useMyReminders } from './api.ts';
import { BOOKLET_COPY } from './copy.ts';
import { DocumentsSection } from './documents-section.tsx';
import { RecordForm } from './record-form.tsx';

const text = BOOKLET_COPY.booklet;

/**
 * /mon-compte/animal/{id}/carnet: the animal's health booklet for its household. Every member reads its
 * vaccinations, treatments, visits and weights, and chooses their own reminders by e-mail; the owner and
 * co-owners add and delete records, and choose which vaccinations and treatments the public page shows.
 */
export function BookletPage() {
  return (
    <MemberAnimalRoute>
      {(animal, { role }) => (
        <PageFrame
          title={text.title(animal.nom)}
          actions={
            <Flex gap="2" wrap="wrap">
              <Button asChild variant="soft">
                <Link to={animalBookletPrintPath(animal.id)}>{text.print.open}</Link>
              </Button>
              <Button asChild variant="soft">
                <Link to={editAnimalPath(animal.id)}>{text.back(animal.nom)}</Link>
              </Button>
            </Flex>
          }
        >
          <Booklet animalId={animal.id} name={animal.nom} species={animal.espece} edits={editsAnimal(role)} />
        </PageFrame>
      )}
    </MemberAnimalRoute>
  );
}

/** 'En retard' for a due date past, 'Bientôt' within the reminder's days, else nothing. */
function dueBadge(due: string, today: string) {
  if (due < today) return <Badge color="red">{text.overdue}</Badge>;
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + HEALTH_LIMITS.reminderDaysBefore);
  return due <= soon.toISOString().slice(0, 10) ? <Badge color="orange">{text.soon}</Badge> : null;
}

const editButtonId = (recordId: string) => `booklet-edit-${recordId}`;

function Booklet({
  animalId,
  name,
  species,
  edits,
}: {
  animalId: string;
  name: string;
  species: string | null;
  edits: boolean;
}) {
  const { load, add, update, remove, showToFinder } = useHealthRecords(animalId);
  const today = todayInParis();
  const [removing, setRemoving] = useState<HealthRecord | null>(null);
  const [busy, setBusy] = useState(false);
  // The line being changed, in place of its text; closed, focus goes back to its Modifier button.
  const [editing, setEditing] = useState<string | null>(null);
  const [lastEdited, setLastEdited] = useState<string | null>(null);
  useEffect(() => {
    if (editing === null && lastEdited) document.getElementById(editButtonId(lastEdited))?.focus();
  }, [editing, lastEdited]);
  const stopEditing = () => {
    setLastEdited(editing);
    setEditing(null);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    const refusal = await remove(removing.id).catch(() => COPY.unexpected);
    setBusy(false);
    setRemoving(null);
    toast(
      refusal
        ? { topic: 'booklet-remove', title: text.removeFailed, description: refusal, variant: 'destructive' }
        : { topic: 'booklet-remove', title: text.removed },
    );
  };

  const toggleShown = async (record: HealthRecord) => {
    const shown = !record.shown_to_finder;
    const refusal = await showToFinder(record.id, shown).catch(() => COPY.unexpected);
    toast(
      refusal
        ? { topic: 'booklet-shown', title: text.showFailed, description: refusal, variant: 'destructive' }
        : { topic: 'booklet-shown', title: shown ? text.shown(record.label) : text.hidden(record.label) },
    );
  };

  return (
    <Flex direction="column" gap="5">
      <MyReminders animalId={animalId} name={name} />
      {load.state === 'loading' ? <Text role="status">{COPY.loading}</Text> : null}
      {load.state === 'failed' ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{text.loadFailed}</Callout.Text>
        </Callout.Root>
      ) : null}
      {load.state === 'ready'
        ? HEALTH_RECORD_KINDS.map((kind) => {
            const records = load.records.filter((record) => record.kind === kind.value);
            return (
              <Card key={kind.value} size="2" asChild>
                <section aria-labelledby={`booklet-${kind.value}`}>
                  <Heading id={`booklet-${kind.value}`} as="h2" size="4" mb="2">
                    {text.sections[kind.value]}
                  </Heading>
                  {records.length === 0 ? (
                    <Text as="p" size="2" color="gray">
                      {text.empty}
                    </Text>
                  ) : (
                    <Flex asChild direction="column" gap="3">
                      <ul className="portal-booklet-list" aria-labelledby={`booklet-${kind.value}`}>
                        {records.map((record) =>
                          editing === record.id ? (
                            <li key={record.id}>
                              <RecordForm
                                name={name}
                                species={species}
                                record={record}
                                onSave={async (values) => {
                                  const refusal = await update(record.id, values);
                                  if (!refusal) stopEditing();
                                  return refusal;
                                }}
                                onCancel={stopEditing}
                              />
                            </li>
                          ) : (
                            <li key={record.id}>
                              <Flex justify="between" align="start" gap="3">
                                <Box>
                                  <Text as="p" weight="medium">
                                    {record.kind === 'weight' && record.weight_kg !== null
                                      ? text.weightOf(record.weight_kg)
                                      : record.label}
                                  </Text>
                                  <Text as="p" size="2" color="gray">
                                    {text.doneOnDay(parisDay(record.given_on))}
                                    {record.next_due_on ? ` · ${text.nextOn(parisDay(record.next_due_on))} ` : null}
                                    {record.next_due_on ? dueBadge(record.next_due_on, today) : null}
                                  </Text>
                                  {record.notes ? (
                                    <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
                                      {record.notes}
                                    </Text>
                                  ) : null}
                                  {record.shown_to_finder ? (
                                    <Badge color="green" mt="1">
                                      {text.shownToFinder}
                                    </Badge>
                                  ) : null}
                                </Box>
                                {edits ? (
                                  <Flex direction="column" align="end" gap="2" className="portal-line-actions">
                                    <Button
                                      type="button"
                                      variant="ghost"
                                      id={editButtonId(record.id)}
                                      onClick={() => setEditing(record.id)}
                                      aria-label={text.editLabel(record.label, parisDay(record.given_on))}
                                    >
                                      {text.edit}
                                    </Button>
                                    {showableToFinder(record.kind) ? (
                                      <Button
                                        type="button"
                                        variant="ghost"
                                        onClick={() => void toggleShown(record)}
                                        aria-label={
                                          record.shown_to_finder
                                            ? text.hideLabel(record.label)
                                            : text.showLabel(record.label)
                                        }
                                      >
                                        {record.shown_to_finder ? text.hide : text.show}
                                      </Button>
                                    ) : null}
                                    <Button
                                      type="button"
                                      variant="ghost"
                                      color="red"
                                      onClick={() => setRemoving(record)}
                                      aria-label={text.removeLabel(record.label, parisDay(record.given_on))}
                                    >
                                      {text.remove}
                                    </Button>
                                  </Flex>
                                ) : null}
                              </Flex>
                            </li>
                          ),
                        )}
                      </ul>
                    </Flex>
                  )}
                </section>
              </Card>
            );
          })
        : null}
      {edits ? (
        <Card size="3">
          <RecordForm name={name} species={species} onSave={add} />
        </Card>
      ) : null}
      <DocumentsSection animalId={animalId} edits={edits} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={text.removeTitle}
        description={removing ? text.removeText(removing.label) : ''}
        confirmLabel={text.remove}
        onConfirm={() => void confirmRemove()}
        busy={busy}
      />
    </Flex>
  );
}

/** The member's own reminders by e-mail for this animal: shown at once, put back if it is not saved. */
function MyReminders({ animalId, name }: { animalId: string; name: string }) {
  const { on, change } = useMyReminders(animalId);
  const toggle = async (next: boolean) => {
    const refusal = await change(next);
    toast(
      refusal
        ? { topic: 'booklet-reminders', title: text.remindersFailed, description: refusal, variant: 'destructive' }
        : { topic: 'booklet-reminders', title: next ? text.remindersOn : text.remindersOff },
    );
  };
  if (on === null) return null;
  return (
    <Box>
      <Text as="label" size="3" weight="medium">
        <Flex gap="2" align="center">
          <Switch
            checked={on}
            aria-describedby="booklet-reminders-hint"
            onCheckedChange={(next) => void toggle(next)}
          />
          {text.reminders(name)}
        </Flex>
      </Text>
      <Text as="p" id="booklet-reminders-hint" size="2" color="gray" mt="1">
        {text.remindersHint(HEALTH_LIMITS.reminderDaysBefore)}
      </Text>
    </Box>
  );
}
