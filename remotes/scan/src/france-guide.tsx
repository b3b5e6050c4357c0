// What to do in France when nobody answers the phone: plain steps, no legal advice. Loaded
// when the guide opens (at once when the animal is lost); its words are the finder's language's dialog
// words (`guide`), downloaded then too, so that the route's JavaScript stays within its budget.

import { useDialogWords } from './i18n.ts';
import { OWNER_TEXT } from './owner-text.ts';

/** The steps; `ownerUnknown`: no owner to call from the page, the vet comes first. */
export default function FranceGuideSteps({ ownerUnknown }: { ownerUnknown: boolean }) {
  const steps = useDialogWords().guide;
  return (
    <ol>
      {ownerUnknown ? null : <li>{steps.owner}</li>}
      <li>{ownerUnknown ? steps.vetFirst : steps.vet}</li>
      <li>
        {steps.icadBefore}
        <a href={OWNER_TEXT.icadUrl} target="_blank" rel="noopener noreferrer">
          {steps.icadLink}
        </a>
        {steps.icadAfter}
      </li>
      <li>{steps.townHall}</li>
    </ol>
  );
}
