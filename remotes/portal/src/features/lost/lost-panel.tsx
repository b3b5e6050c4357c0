import { toast } from '@medaille/design-system/toast';
import type { Tables } from '@medaille/supabase';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { COPY } from '../../copy.ts';
import { type Loss, REUNION_CHANNELS, type ReunionChannel, saveLost, saveReunionChannel } from './api.ts';
import { LOST_COPY } from './copy.ts';
import { LostChecklist } from './lost-checklist.tsx';
import { LostSwitch } from './lost-switch.tsx';
import { SearchPanel } from './search-panel.tsx';

type Animal = Pick<
  Tables<'animals'>,
  'id' | 'nom' | 'espece' | 'sexe' | 'race' | 'couleur' | 'is_lost' | 'lost_since' | 'lost_checklist'
>;

/**
 * The edit page's 'Animal perdu' switch and, while lost, the checklist of this loss. The switch saves at
 * once, as the same switch of 'Mes animaux' does (docs/product/lost-mode.md), not with Enregistrer: an owner whose
 * animal just ran off expects the public page to say so now, whatever else they are editing (and Annuler must not undo
 * it). Once found, it asks how the finder reached the household, which the member may answer or leave. A keeper
 * (`canDelete` false) words the search page and hides its sightings, but deletes none.
 */
export function LostPanel({ animal, canDelete = true }: { animal: Animal; canDelete?: boolean }) {
  const [loss, setLoss] = useState<Loss>(animal);
  const [busy, setBusy] = useState(false);
  const [askHow, setAskHow] = useState(false);

  const change = async (lost: boolean) => {
    const before = loss;
    setBusy(true);
    setLoss({ ...loss, is_lost: lost });
    const outcome = await saveLost(animal.id, lost).catch(() => ({
      error: { message: COPY.unexpected },
      loss: null,
    }));
    setBusy(false);
    if (outcome.error || !outcome.loss) {
      setLoss(before);
      toast({
        topic: 'lost-status',
        title: LOST_COPY.lost.statusFailed,
        description: outcome.error?.message ?? COPY.unexpected,
        variant: 'destructive',
      });
      return;
    }
    setLoss(outcome.loss);
    setAskHow(before.is_lost && !lost);
    toast({
      topic: 'lost-status',
      title: LOST_COPY.lost.statusUpdated,
      description: lost
        ? LOST_COPY.lost.nowLost(animal.nom, animal.sexe)
        : LOST_COPY.lost.nowFound(animal.nom, animal.sexe),
    });
  };

  const answer = async (channel: ReunionChannel) => {
    setAskHow(false);
    const taken = await saveReunionChannel(animal.id, channel).catch(() => false);
    toast(
      taken
        ? { topic: 'reunion', title: LOST_COPY.lost.reunion.thanks }
        : {
            topic: 'reunion',
            title: LOST_COPY.lost.reunion.failed,
            description: COPY.unexpected,
            variant: 'destructive',
          },
    );
  };

  return (
    <Card size="3" mb="4" asChild>
      <section aria-labelledby="lost-title" className={loss.is_lost ? 'portal-lost-panel' : undefined}>
        <Heading id="lost-title" as="h2" size="4" mb="3">
          {LOST_COPY.lost.title}
        </Heading>
        <LostSwitch lost={loss.is_lost} onChange={(on) => (busy ? undefined : void change(on))} />
        {loss.is_lost && loss.lost_since ? (
          <Flex direction="column" mt="3">
            <LostChecklist
              key={loss.lost_since}
              animal={{ ...animal, lost_since: loss.lost_since, lost_checklist: loss.lost_checklist }}
            />
            <SearchPanel
              key={`search-${loss.lost_since}`}
              animal={{ ...animal, lost_since: loss.lost_since }}
              canDelete={canDelete}
            />
          </Flex>
        ) : (
          <Text as="p" size="2" color="gray" mt="2">
            {LOST_COPY.lost.notLostText(animal.sexe)}
          </Text>
        )}
        {askHow ? (
          <ReunionQuestion name={animal.nom} sex={animal.sexe} onAnswer={(channel) => void answer(channel)} />
        ) : null}
      </section>
    </Card>
  );
}

/** 'Comment l'avez-vous retrouvé ?', once the animal is marked found: one button per way. */
function ReunionQuestion({
  name,
  sex,
  onAnswer,
}: {
  name: string;
  sex: Animal['sexe'];
  onAnswer: (channel: ReunionChannel) => void;
}) {
  const words = LOST_COPY.lost.reunion;
  return (
    <Flex asChild direction="column" gap="2" mt="4">
      <fieldset className="portal-reunion">
        <Text asChild size="3" weight="medium">
          <legend>{words.title(name, sex)}</legend>
        </Text>
        <Text as="p" size="2" color="gray">
          {words.intro}
        </Text>
        <Flex gap="2" wrap="wrap">
          {REUNION_CHANNELS.map((channel) => (
            <Button key={channel} type="button" variant="soft" onClick={() => onAnswer(channel)}>
              {words.channels[channel]}
            </Button>
          ))}
        </Flex>
      </fieldset>
    </Flex>
  );
}
