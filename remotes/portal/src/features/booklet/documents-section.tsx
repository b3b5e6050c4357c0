import { ConfirmDialog, FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { HEALTH_DOCUMENT_KINDS, HEALTH_DOCUMENT_TYPES, HEALTH_LIMITS } from '@medaille/domain';
import { Box, Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { COPY } from '../../copy.ts';
import { parisTime } from '../../ui/paris-time.ts';
import { useRevealOnRefusal } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { BOOKLET_COPY } from './copy.ts';
import { fileRefusal, type HealthDocument, signedDocumentUrl, useHealthDocuments } from './documents.ts';

const text = BOOKLET_COPY.booklet.documents;
const kindLabel = (kind: string) => HEALTH_DOCUMENT_KINDS.find((each) => each.value === kind)?.label ?? kind;
const sizeText = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;

/**
 * The booklet's documents: every member opens one (a signed URL made on the click, in a new tab); the owner
 * and co-owners add a PDF or a photo of one, and remove it.
 */
export function DocumentsSection({ animalId, edits }: { animalId: string; edits: boolean }) {
  const id = useId();
  const { load, add, remove } = useHealthDocuments(animalId);
  const [removing, setRemoving] = useState<HealthDocument | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async (document: HealthDocument) => {
    // Opened at once, within the click, so that no browser blocks it; its address follows.
    const tab = window.open('about:blank', '_blank');
    const url = await signedDocumentUrl(document.id).catch(() => null);
    if (!url) {
      tab?.close();
      toast({ topic: 'booklet-document', title: text.openFailed, variant: 'destructive' });
      return;
    }
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    const refusal = await remove(removing).catch(() => COPY.unexpected);
    setBusy(false);
    setRemoving(null);
    toast(
      refusal
        ? { topic: 'booklet-document', title: text.removeFailed, description: refusal, variant: 'destructive' }
        : { topic: 'booklet-document', title: text.removed },
    );
  };

  return (
    <Card size="2" asChild>
      <section aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h2" size="4" mb="2">
          {text.title}
        </Heading>
        {load.state === 'failed' ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{text.loadFailed}</Callout.Text>
          </Callout.Root>
        ) : null}
        {load.state === 'ready' && load.documents.length === 0 ? (
          <Text as="p" size="2" color="gray">
            {BOOKLET_COPY.booklet.empty}
          </Text>
        ) : null}
        {load.state === 'ready' && load.documents.length > 0 ? (
          <Flex asChild direction="column" gap="3">
            <ul className="portal-booklet-list" aria-labelledby={`${id}-title`}>
              {load.documents.map((document) => (
                <li key={document.id}>
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <Box>
                      <Text as="p" weight="medium">
                        {document.title}
                      </Text>
                      <Text as="p" size="2" color="gray">
                        {kindLabel(document.kind)} · {sizeText(document.size_bytes)} ·{' '}
                        {parisTime(document.created_at, 'date')}
                      </Text>
                    </Box>
                    <Flex gap="2">
                      <Button type="button" variant="soft" onClick={() => void open(document)}>
                        {text.open}
                      </Button>
                      {edits ? (
                        <Button
                          type="button"
                          variant="ghost"
                          color="red"
                          onClick={() => setRemoving(document)}
                          aria-label={text.removeLabel(document.title)}
                        >
                          {BOOKLET_COPY.booklet.remove}
                        </Button>
                      ) : null}
                    </Flex>
                  </Flex>
                </li>
              ))}
            </ul>
          </Flex>
        ) : null}
        {edits ? <DocumentForm onAdd={add} /> : null}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(next) => (next ? undefined : setRemoving(null))}
          title={text.removeTitle}
          description={removing ? text.removeText(removing.title) : ''}
          confirmLabel={BOOKLET_COPY.booklet.remove}
          onConfirm={() => void confirmRemove()}
          busy={busy}
        />
      </section>
    </Card>
  );
}

/** A file's name without its extension ('Certificat rage.pdf': 'Certificat rage'), as long as a title may be. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').trim() || fileName.trim();
  return base.slice(0, HEALTH_LIMITS.documentTitleMaxLength).trim();
}

/**
 * A document added: its file (checked here before it is sent, and again by the database), title and kind. The
 * title is the file's name, without its extension, unless the member gives one.
 */
export function DocumentForm({
  onAdd,
}: {
  onAdd: (file: File, title: string, kind: string) => Promise<string | null>;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<string>('vaccination');
  const [errors, setErrors] = useState<{ file?: string; title?: string }>({});
  const [busy, setBusy] = useState(false);
  const { formRef, refuse } = useRevealOnRefusal();
  const defaultTitle = file ? titleFromFileName(file.name) : '';

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosenTitle = title.trim() || defaultTitle;
    const fileError = file ? fileRefusal(file) : text.fileRequired;
    const titleError = chosenTitle.length > HEALTH_LIMITS.documentTitleMaxLength;
    const next = { ...(fileError ? { file: fileError } : {}), ...(titleError ? { title: text.titleTooLong } : {}) };
    setErrors(next);
    if (!file || Object.keys(next).length > 0) return refuse();
    setBusy(true);
    const refusal = await onAdd(file, chosenTitle, kind).catch(() => COPY.unexpected);
    setBusy(false);
    if (refusal) {
      toast({ topic: 'booklet-document', title: text.addFailed, description: refusal, variant: 'destructive' });
      return;
    }
    toast({ topic: 'booklet-document', title: text.added(chosenTitle) });
    setFile(null);
    setTitle('');
    // Through the ref: React's event has no currentTarget any more once the upload has been awaited.
    formRef.current?.reset();
  };

  return (
    <Box asChild mt="4">
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h3" size="3" mb="3">
          {text.addTitle}
        </Heading>
        <FormField label={text.file} error={errors.file} hint={text.fileHint}>
          {(field) => (
            <input
              {...field}
              type="file"
              accept={Object.keys(HEALTH_DOCUMENT_TYPES).join(',')}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setErrors((current) => ({ ...current, file: undefined }));
              }}
            />
          )}
        </FormField>
        <FormField label={text.documentTitle} error={errors.title} hint={text.titleHint}>
          {(field) => (
            <TextField.Root
              {...field}
              value={title}
              placeholder={defaultTitle}
              maxLength={HEALTH_LIMITS.documentTitleMaxLength}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={text.kind}>
          {(field) => (
            <select {...field} value={kind} onChange={(event) => setKind(event.target.value)} className="portal-select">
              {HEALTH_DOCUMENT_KINDS.map((each) => (
                <option key={each.value} value={each.value}>
                  {each.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <SubmitButton busy={busy}>{text.add}</SubmitButton>
      </form>
    </Box>
  );
}
