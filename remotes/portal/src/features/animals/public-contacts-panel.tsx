import { LIMITS, type PublicContactsInput, visibleContacts } from '@medaille/domain';
import { Box, Card, Flex, Heading, Link as RadixLink, Switch, Text, TextField, Tooltip } from '@radix-ui/themes';
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

/**
 * What the owner shows finders: each value with its switch, and a live preview with the very rule the scan
 * page applies (shared from @medaille/domain). Every edit goes up to the edit page, which saves it.
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
  const preview = visibleContacts(value);

  const field = (
    key: 'public_phone' | 'public_email' | 'public_address_line' | 'public_city',
    label: string,
    type: 'tel' | 'email' | 'text',
    max: number,
  ) => (
    <Box mb="2">
      <Text as="label" size="2" weight="medium" htmlFor={`contact-${key}`}>
        {label}
      </Text>
      <TextField.Root
        id={`contact-${key}`}
        type={type}
        maxLength={max}
        value={value[key]}
        aria-invalid={Boolean(errors[key])}
        onChange={(event) => set(key, event.target.value)}
      />
      {errors[key] ? (
        <Text size="1" color="red" role="alert">
          {errors[key]}
        </Text>
      ) : null}
    </Box>
  );

  const toggle = (key: 'show_public_phone' | 'show_public_email' | 'show_public_address', label: string) => (
    <Tooltip content={text.tooltip}>
      <Text as="label" size="2" mb="3" style={{ display: 'block' }}>
        <Flex gap="2" align="center">
          <Switch checked={value[key]} onCheckedChange={(checked) => set(key, checked)} />
          {label}
        </Flex>
      </Text>
    </Tooltip>
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
