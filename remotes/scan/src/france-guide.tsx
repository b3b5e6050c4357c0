// What to do in France when nobody answers the phone (issue 17): plain steps, no legal advice. Loaded
// when the guide opens (at once when the animal is lost); its words are the finder's language's dialog
// words (`guide`), downloaded then too, so that the route's JavaScript stays within its budget.
import { OWNER_TEXT } from './copy.ts';
import { useDialogWords } from './i18n.ts';

export default function FranceGuideSteps() {
  const steps = useDialogWords().guide;
  return (
    <ol>
      <li>{steps.owner}</li>
      <li>{steps.vet}</li>
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
