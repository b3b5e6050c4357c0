import { toast } from '@medaille/design-system/toast';
import { animalPosterPath } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Box, Button, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useId, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import { ICAD_URL } from '../../ui/icad.ts';
import { parisTime } from '../../ui/paris-time.ts';
import { failureText } from '../../ui/server-message.ts';
import { LOST_STEPS, type LostStep, saveChecklist, stepsOf } from './api.ts';
import { LOST_COPY } from './copy.ts';

const text = LOST_COPY.lost;

/** I-CAD registers dogs, cats and ferrets only: for other animals, its step would only puzzle the owner. */
const ICAD_SPECIES = ['dog', 'cat', 'ferret'];

/** The steps shown for an animal: I-CAD's only where it applies (or the species is not known). */
export function stepsFor(species: string | null): readonly LostStep[] {
  const registered = !species || ICAD_SPECIES.includes(species);
  return LOST_STEPS.filter((step) => step !== 'icad' || registered);
}

export interface LostAnimal {
  id: string;
  espece: string | null;
  sexe: string | null;
  lost_since: string;
  lost_checklist: string[];
}

/**
 * What owners of a lost animal often miss, each step ticked and saved at once for this loss (a new loss
 * starts empty: the database empties the list). Give it `key={lost_since}` so that a new loss starts anew.
 */
export function LostChecklist({ animal }: { animal: LostAnimal }) {
  const [done, setDone] = useState<LostStep[]>(() => stepsOf(animal.lost_checklist));
  // Ticks are saved one after the other, so that the last one wins; a failed one puts back what is stored.
  const saving = useRef(Promise.resolve());
  const stored = useRef(done);
  const wanted = useRef(done);
  const id = useId();

  const toggle = (step: LostStep, checked: boolean) => {
    const next = LOST_STEPS.filter((each) => (each === step ? checked : wanted.current.includes(each)));
    wanted.current = next;
    setDone(next);
    saving.current = saving.current.then(async () => {
      const { error } = await saveChecklist(animal.id, next).catch(() => ({
        error: { message: COPY.unexpected },
      }));
      if (!error) {
        stored.current = next;
        return;
      }
      wanted.current = stored.current;
      setDone(stored.current);
      toast({
        topic: 'lost-checklist',
        title: text.saveFailed,
        description: failureText(error),
        variant: 'destructive',
      });
    });
  };

  return (
    <Box>
      <Text as="p" size="2" weight="bold" color="red">
        {text.since(parisTime(animal.lost_since, 'dateTime'), animal.sexe)}
      </Text>
      <Heading as="h3" size="3" mt="3" mb="2">
        {text.checklistTitle}
      </Heading>
      <Flex asChild direction="column" gap="3">
        <ul className="portal-lost-steps">
          {stepsFor(animal.espece).map((step) => (
            <li key={step}>
              <Text as="label" size="2" weight="medium">
                <Flex gap="2" align="start">
                  <input
                    type="checkbox"
                    checked={done.includes(step)}
                    aria-describedby={`${id}-${step}`}
                    onChange={(event) => toggle(step, event.target.checked)}
                  />
                  {text.steps[step].label}
                </Flex>
              </Text>
              <Text as="p" size="1" color="gray" id={`${id}-${step}`} className="portal-lost-step-detail">
                {text.steps[step].hint}
              </Text>
              {step === 'icad' ? (
                <Text as="p" size="2" className="portal-lost-step-detail">
                  <RadixLink href={ICAD_URL} target="_blank" rel="noopener noreferrer">
                    {text.steps.icad.link}
                  </RadixLink>
                </Text>
              ) : null}
              {step === 'affiche' ? (
                <Box mt="1" className="portal-lost-step-detail">
                  <Button asChild size="2" variant="soft">
                    <Link to={animalPosterPath(animal.id)}>{text.printPoster}</Link>
                  </Button>
                </Box>
              ) : null}
            </li>
          ))}
        </ul>
      </Flex>
    </Box>
  );
}
