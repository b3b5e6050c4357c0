import { useLocation } from '@medaille/routing/router';
import { Callout, Link as RadixLink } from '@radix-ui/themes';
import { ICAD_URL } from '../../ui/icad.ts';
import { HOUSEHOLD_COPY } from './copy.ts';

const text = HOUSEHOLD_COPY.transfer;

/**
 * At the top of the animal's page, for whoever just accepted it (the invitation page says so in the page's
 * state): they own it now, and the change of owner is declared to I-CAD too, as the offer's e-mail said.
 */
export function NewOwnerReminder({ animalName }: { animalName: string }) {
  const location = useLocation();
  if ((location.state as { newOwner?: boolean } | null)?.newOwner !== true) return null;
  return (
    <Callout.Root color="green" mb="4" role="status">
      <Callout.Text>
        <strong style={{ display: 'block' }}>{text.newOwner(animalName)}</strong>
        {text.icad}{' '}
        <RadixLink href={ICAD_URL} target="_blank" rel="noopener noreferrer">
          {text.icadLink}
        </RadixLink>
      </Callout.Text>
    </Callout.Root>
  );
}
