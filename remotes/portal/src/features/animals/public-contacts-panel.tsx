import { LIMITS, type PublicContactsInput, publicContactsSchema, visibleContacts } from '@medaille/domain';
import { Box, Card, Flex, Heading, Link as RadixLink, Switch, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { COPY } from '../../copy.ts';

const text = COPY.contacts;

export type ContactValues = {
  public_phone: string;
  public_email: string;
  public_address_line: string;
  public_city: string;
  show_public_phone: boolean;
  show_public_email: boolean;
  show_public_address: boolean;
};

type ContactText = 'public_phone' | 'public_email' | 'public_address_line' | 'public_city';

/**
 * The contacts as Enregistrer would save them, checked by the same rules (a value that breaks one is left
 * out), and each broken rule's message.
 */
function checkContacts(value: ContactValues): {
  saved: ContactValues;
  problems: Partial<Record<ContactText, string>>;
} {
  const checked = publicContactsSchema.safeParse(value);
  if (checked.success) return { saved: value, problems: {} };
  const problems: Partial<Record<ContactText, string>> = {};
  const saved = { ...value };
  for (const issue of checked.error.issues) {
    const key = issue.path[0];
    if (key === 'public_phone' || key === 'public_email' || key === 'public_address_line' || key === 'public_city') {
      problems[key] ??= issue.message;
      saved[key] = '';
    }
  }
  return { saved, problems };
}

/**
 * What the owner shows finders: each value with its switch, and a live preview with the very rule the scan
 * page applies (shared from @medaille/domain), of only what would be saved: a value that breaks a rule
 * (an e-mail that is none) is not previewed, and says why once the owner has left its field. Every edit
 * goes up to the edit page, which saves it.
 */
export function PublicContactsPanel({
  value,
  errors,
  onChange,
}: {
  value: ContactValues;
  errors: Partial<Record<keyof PublicContactsInput, string>>;
  onChange: (next: ContactValues, changed: keyof ContactValues) => void;
}) {
  const set = <K extends keyof ContactValues>(key: K, next: ContactValues[K]) =>
    onChange({ ...value, [key]: next }, key);
  const { saved, problems } = checkContacts(value);
  const preview = visibleContacts(saved);
  const [left, setLeft] = useState<Partial<Record<ContactText, boolean>>>({});

  const field = (key: ContactText, label: string, type: 'tel' | 'email' | 'text', max: number) => {
    const error = errors[key] ?? (left[key] ? problems[key] : undefined);
    return (
      <Box mb="2">
        <Text as="label" size="2" weight="medium" htmlFor={`contact-${key}`}>
          {label}
        </Text>
        <TextField.Root
          id={`contact-${key}`}
          type={type}
          maxLength={max}
          value={value[key]}
          aria-invalid={Boolean(error)}
          {...(error ? { 'aria-describedby': `contact-${key}-error` } : {})}
          onChange={(event) => set(key, event.target.value)}
          onBlur={() => setLeft((current) => ({ ...current, [key]: true }))}
        />
        {error ? (
          <Text id={`contact-${key}-error`} size="1" color="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Box>
    );
  };

  // The warning is written under each switch, not in a tooltip: a phone has no hover to show one.
  const toggle = (key: 'show_public_phone' | 'show_public_email' | 'show_public_address', label: string) => (
    <Box mb="3">
      <Text as="label" size="2" style={{ display: 'block' }}>
        <Flex gap="2" align="center">
          <Switch
            checked={value[key]}
            aria-describedby={`contact-${key}-warning`}
            onCheckedChange={(checked) => set(key, checked)}
          />
          {label}
        </Flex>
      </Text>
      <Text as="p" id={`contact-${key}-warning`} size="1" color="gray" mt="1">
        {text.visibleToAll}
      </Text>
    </Box>
  );

  return (
    <Flex direction="column" gap="4">
      <Card size="3" asChild>
        <section aria-labelledby="contacts-title">
          <Heading id="contacts-title" as="h2" size="4">
            {text.title}
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            {text.note}
          </Text>
          {field('public_phone', text.phone, 'tel', LIMITS.phoneMaxLength)}
          {toggle('show_public_phone', text.showPhone)}
          {field('public_email', text.email, 'email', LIMITS.emailMaxLength)}
          {toggle('show_public_email', text.showEmail)}
          {field('public_address_line', text.addressLine, 'text', LIMITS.addressLineMaxLength)}
          {field('public_city', text.city, 'text', LIMITS.cityMaxLength)}
          {toggle('show_public_address', text.showAddress)}
          <Text as="p" size="1" color="gray">
            {text.footer}
          </Text>
        </section>
      </Card>
      <Card size="3" asChild>
        <section aria-labelledby="contacts-preview-title">
          <Heading id="contacts-preview-title" as="h2" size="4" mb="2">
            {text.previewTitle}
          </Heading>
          {preview.length === 0 ? (
            <Text as="p" size="2">
              {text.previewEmpty}
            </Text>
          ) : (
            <ul>
              {preview.map((contact) => (
                <li key={contact.kind}>
                  <RadixLink
                    href={contact.href}
                    {...(contact.kind === 'address' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {contact.text}
                  </RadixLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Card>
    </Flex>
  );
}
