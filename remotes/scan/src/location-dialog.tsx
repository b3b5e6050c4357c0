import { toast } from '@medaille/design-system/toast';
import type { StoredSex } from '@medaille/domain';
import { useState } from 'react';
import { currentPosition, LocationError } from './geolocation.ts';
import { useDialogWords } from './i18n.ts';
import { rememberShare } from './location-cooldown.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { callFinderFunction, FinderError } from './profile-api.ts';

/**
 * Asks the finder's consent first; only then asks the browser for the position and sends it. Every outcome
 * ends in the spec's message. Loaded only when first opened.
 */
export default function LocationDialog({
  code,
  name,
  sex,
  onClose,
  onShared,
}: {
  code: string;
  name: string;
  /** The animal's sex as stored: the consent text agrees with it. */
  sex: StoredSex;
  onClose: () => void;
  onShared: () => void;
}) {
  const copy = useDialogWords();
  const text = copy.location;
  const [locating, setLocating] = useState(false);

  const share = async () => {
    setLocating(true);
    try {
      const position = await currentPosition();
      await callFinderFunction('record-scan', {
        codeId: code,
        lat: position.coords.latitude,
        lon: position.coords.longitude,
        accuracy: position.coords.accuracy,
        userAgent: navigator.userAgent,
        consent: true,
      });
      rememberShare(code);
      toast({
        topic: 'finder-location',
        title: text.shared.title,
        description: text.shared.description,
        closeLabel: copy.close,
      });
      onShared();
    } catch (failure) {
      if (failure instanceof LocationError) {
        toast({
          topic: 'finder-location',
          title: text[failure.reason],
          variant: 'destructive',
          closeLabel: copy.close,
        });
      } else if (failure instanceof FinderError && failure.code === 'scan_cooldown') {
        // The server counts too: keep the browser's note in step with it.
        rememberShare(code);
        toast({
          topic: 'finder-location',
          title: text.wait.title,
          description: text.wait.description,
          variant: 'destructive',
          closeLabel: copy.close,
        });
      } else {
        toast({ topic: 'finder-location', title: text.sendFailed, variant: 'destructive', closeLabel: copy.close });
      }
    } finally {
      setLocating(false);
      onClose();
    }
  };

  return (
    <ModalDialog onClose={onClose} labelledBy="scan-location-dialog-title">
      <div className="scan-form">
        <h2 id="scan-location-dialog-title">{text.title}</h2>
        <p>{text.consent(name, sex)}</p>
        {locating ? <p role="status">{text.locating}</p> : null}
        <div className="scan-actions">
          <button type="button" className="md-button md-button-secondary" onClick={onClose} disabled={locating}>
            {text.cancel}
          </button>
          <button type="button" className="md-button md-button-primary" onClick={share} disabled={locating}>
            {text.accept}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
