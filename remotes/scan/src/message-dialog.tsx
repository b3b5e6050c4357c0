import { toast } from '@medaille/design-system/toast';
import { CONVERSATION_LIMITS, FINDER_STATUSES, type FinderStatus, LIMITS } from '@medaille/domain';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { conversationPathOf } from './conversation-link.ts';
import { FINDER_PHOTO_TYPES, type PhotoProblem, photoProblem, resizedPhotoBase64 } from './finder-photo.ts';
import { failureText } from './format.ts';
import { currentPosition, LocationError } from './geolocation.ts';
import { useDialogWords, useWords } from './i18n.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { callFinderFunction } from './profile-api.ts';
import { newSendKey } from './send-key.ts';

/** The chosen photo: shown from the file, sent resized (base64) once ready. */
interface ChosenPhoto {
  preview: string;
  base64: string | null;
}

/**
 * The finder's message to the owner: a message (300 characters, with a live counter), an optional way to
 * be reached, one optional photo of the animal (camera or gallery: no `capture`, so that phones offer
 * both), an optional address to be told of the answers (never shown to the owner), and a hidden field only
 * robots fill. The finder may say what they are doing: they have the animal, they saw it here (with their
 * position if they tick it: asked of the browser only then), they left it somewhere (the place). Its fields
 * start empty each time it opens. It says the owner's address stays hidden only while
 * the page does not show it (`ownerEmailShown`). Sent, it gives the finder the link to their conversation.
 */
export default function MessageDialog({
  code,
  name,
  sex,
  ownerEmailShown,
  onClose,
}: {
  code: string;
  name: string;
  /** The animal's sex, which the finder's words agree with. */
  sex: string | null;
  ownerEmailShown: boolean;
  onClose: () => void;
}) {
  const copy = useDialogWords();
  const { language } = useWords();
  const text = copy.message;
  const statuses = text.statuses(sex);
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<FinderStatus | null>(null);
  const [place, setPlace] = useState('');
  const [withPosition, setWithPosition] = useState(false);
  // The finder's conversation, once the message is sent: its page on this site.
  const [conversation, setConversation] = useState<string | null>(null);
  const [website, setWebsite] = useState('');
  // One key for this opening of the dialog: sent again after a failure, the message is stored once.
  const [sendKey] = useState(newSendKey);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  // A new input each time the photo is removed, so that choosing the same file again is a change.
  const [photoInput, setPhotoInput] = useState(0);
  const photoProblems: Record<PhotoProblem, string> = {
    type: text.photoType,
    tooLarge: text.photoTooLarge,
    unreadable: text.photoUnreadable,
  };

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.preview) : undefined), [photo]);

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPhoto(null);
    setPhotoError(null);
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setPhotoError(photoProblems[problem]);
      setPhotoInput((key) => key + 1);
      return;
    }
    const preview = URL.createObjectURL(file);
    setPhoto({ preview, base64: null });
    try {
      const base64 = await resizedPhotoBase64(file);
      setPhoto((current) => (current?.preview === preview ? { preview, base64 } : current));
    } catch {
      setPhoto((current) => (current?.preview === preview ? null : current));
      setPhotoError(text.photoUnreadable);
      setPhotoInput((key) => key + 1);
    }
  };

  const removePhoto = () => {
    setPhoto(null);
    setPhotoError(null);
    setPhotoInput((key) => key + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (website.trim() !== '') return; // A robot: nothing happens.
    if (message.trim() === '' && contact.trim() === '' && status === null) {
      setError(text.required);
      return;
    }
    if (photo && !photo.base64) return; // Still being prepared: Envoyer is disabled meanwhile.
    setSending(true);
    try {
      const position = status === 'seen_here' && withPosition ? await positionOrReason() : null;
      if (typeof position === 'string') {
        setError(position);
        return;
      }
      const sent = await callFinderFunction<{ conversation_url?: string }>('post_finder_message', {
        code,
        message,
        contact,
        email,
        language,
        website,
        photo: photo?.base64,
        status,
        place: status === 'dropped_off' ? place : null,
        ...(position ? { position, consent: true } : {}),
        send_key: sendKey,
      });
      toast({
        topic: 'finder-message',
        title: text.sent.title,
        description: text.sent.description,
        closeLabel: copy.close,
      });
      // The link on this site, whatever address the functions know the site by.
      const conversationPath = conversationPathOf(sent.conversation_url);
      if (conversationPath) setConversation(conversationPath);
      else onClose();
    } catch (failure) {
      const description = failureText(copy, failure, text.failed.description);
      toast({
        topic: 'finder-message',
        title: text.failed.title,
        description,
        variant: 'destructive',
        closeLabel: copy.close,
      });
    } finally {
      setSending(false);
    }
  };

  /** Where the finder is, the box they ticked being their consent; or why the browser gave no position. */
  const positionOrReason = async () => {
    try {
      const { coords } = await currentPosition();
      return { lat: coords.latitude, lon: coords.longitude, accuracy: coords.accuracy };
    } catch (failure) {
      return copy.location[failure instanceof LocationError ? failure.reason : 'failed'];
    }
  };

  if (conversation) {
    return (
      <ModalDialog onClose={onClose} labelledBy="scan-conversation-title">
        <div className="scan-form">
          <h2 id="scan-conversation-title">{text.conversationTitle}</h2>
          <p>{text.conversationText(name)}</p>
          <div className="scan-actions">
            <button type="button" className="md-button md-button-secondary" onClick={onClose}>
              {copy.close}
            </button>
            <a className="md-button md-button-primary" href={conversation}>
              {text.openConversation}
            </a>
          </div>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog onClose={onClose} labelledBy="scan-message-title">
      <form className="scan-form" onSubmit={submit} noValidate>
        <h2 id="scan-message-title">{text.title(name)}</h2>
        <p>{ownerEmailShown ? text.intro : `${text.intro} ${text.addressKept}`}</p>
        <fieldset className="scan-status">
          <legend>{text.statusLegend}</legend>
          {[null, ...FINDER_STATUSES].map((each) => (
            <label key={each ?? 'none'} className="scan-choice">
              <input
                type="radio"
                name="scan-status"
                checked={status === each}
                onChange={() => {
                  setStatus(each);
                  setError(null);
                }}
              />
              {each ? statuses[each] : text.statusNone}
            </label>
          ))}
        </fieldset>
        {status === 'dropped_off' ? (
          <>
            <label htmlFor="scan-place">{text.place}</label>
            <input
              id="scan-place"
              value={place}
              maxLength={CONVERSATION_LIMITS.statusPlaceMaxLength}
              onChange={(event) => setPlace(event.target.value)}
            />
          </>
        ) : null}
        {status === 'seen_here' ? (
          <label className="scan-choice">
            <input type="checkbox" checked={withPosition} onChange={(event) => setWithPosition(event.target.checked)} />
            {text.withPosition}
          </label>
        ) : null}
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
        <label htmlFor="scan-email">{text.email}</label>
        <input
          id="scan-email"
          type="email"
          value={email}
          maxLength={LIMITS.emailMaxLength}
          autoComplete="email"
          aria-describedby="scan-email-hint"
          onChange={(event) => setEmail(event.target.value)}
        />
        <p id="scan-email-hint" className="scan-hint">
          {text.emailHint}
        </p>
        <label htmlFor="scan-photo">{text.photo}</label>
        <p id="scan-photo-hint" className="scan-hint">
          {text.photoHint}
        </p>
        {photo ? (
          <div className="scan-photo-chosen">
            <img src={photo.preview} alt={text.photoPreview} />
            {photo.base64 ? null : <p aria-live="polite">{text.photoPreparing}</p>}
            <button type="button" className="md-button md-button-secondary" onClick={removePhoto}>
              {text.photoRemove}
            </button>
          </div>
        ) : null}
        <input
          key={photoInput}
          id="scan-photo"
          type="file"
          accept={FINDER_PHOTO_TYPES.join(',')}
          aria-describedby="scan-photo-hint"
          hidden={photo !== null}
          onChange={choosePhoto}
        />
        {photoError ? (
          <p className="scan-error" role="alert">
            {photoError}
          </p>
        ) : null}
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
          <button
            type="submit"
            className="md-button md-button-primary"
            disabled={sending || (photo !== null && photo.base64 === null)}
          >
            {text.send}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
