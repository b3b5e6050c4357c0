import { toast } from '@medaille/design-system/toast';
import { LIMITS } from '@medaille/domain';
import { type FormEvent, useState } from 'react';
import { failureText } from './format.ts';
import { useWords } from './i18n.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { callFinderFunction } from './profile-api.ts';

/**
 * The finder's message to the owner: a message (300 characters, with a live counter), an optional way to
 * be reached, and a hidden field only robots fill. Its fields start empty each time it opens.
 */
export default function MessageDialog({ code, name, onClose }: { code: string; name: string; onClose: () => void }) {
  const { copy } = useWords();
  const text = copy.message;
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [website, setWebsite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (website.trim() !== '') return; // A robot: nothing happens.
    if (message.trim() === '' && contact.trim() === '') {
      setError(text.required);
      return;
    }
    setSending(true);
    try {
      await callFinderFunction('post_finder_message', { code, message, contact, website });
      toast({ title: text.sent.title, description: text.sent.description, closeLabel: copy.close });
      onClose();
    } catch (failure) {
      const description = failureText(copy, failure, text.failed.description);
      toast({ title: text.failed.title, description, variant: 'destructive', closeLabel: copy.close });
    } finally {
      setSending(false);
    }
  };

  return (
    <ModalDialog onClose={onClose} labelledBy="scan-message-title">
      <form className="scan-form" onSubmit={submit} noValidate>
        <h2 id="scan-message-title">{text.title(name)}</h2>
        <p>{text.intro}</p>
        <label htmlFor="scan-message">{text.message}</label>
        <textarea
          id="scan-message"
          value={message}
          maxLength={LIMITS.messageMaxLength}
          rows={5}
          aria-describedby="scan-message-counter"
          onChange={(event) => {
            setMessage(event.target.value);
            setError(null);
          }}
        />
        <p id="scan-message-counter" className="scan-counter" aria-live="polite">
          {text.counter(message.length, LIMITS.messageMaxLength)}
        </p>
        <label htmlFor="scan-contact">{text.contact}</label>
        <input
          id="scan-contact"
          value={contact}
          maxLength={LIMITS.finderContactMaxLength}
          autoComplete="on"
          onChange={(event) => {
            setContact(event.target.value);
            setError(null);
          }}
        />
        <div className="scan-honeypot" aria-hidden="true">
          <label htmlFor="scan-website">{text.honeypot}</label>
          <input
            id="scan-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </div>
        {error ? (
          <p className="scan-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="scan-actions">
          <button type="button" className="md-button md-button-secondary" onClick={onClose}>
            {text.cancel}
          </button>
          <button type="submit" className="md-button md-button-primary" disabled={sending}>
            {text.send}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
