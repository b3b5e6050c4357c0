import {
  isSecondContact,
  LIMITS,
  type PublicContacts,
  type PublicContactsInput,
  publicContactsSchema,
  secondContactName,
  type VisibleContact,
  visibleContacts,
} from '@medaille/domain';
import { Box, Card, Flex, Heading, Link as RadixLink, Switch, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { ANIMALS_COPY } from './copy.ts';

const text = ANIMALS_COPY.contacts;

export type ContactValues = {
  public_phone: string;
  public_email: string;
  public_address_line: string;
  public_city: string;
  show_public_phone: boolean;
  show_public_email: boolean;
  show_public_address: boolean;
  second_contact_name: string;
  second_contact_phone: string;
  second_contact_email: string;
  show_second_contact_phone: boolean;
  show_second_contact_email: boolean;
};

const CONTACT_TEXTS = [
  'public_phone',
  'public_email',
  'public_address_line',
  'public_city',
  'second_contact_name',
  'second_contact_phone',
  'second_contact_email',
] as const;
type ContactText = (typeof CONTACT_TEXTS)[number];
type ContactSwitch = Exclude<keyof ContactValues, ContactText>;

/** A member of the animal's household whose address can fill the second contact's e-mail. */
export type HouseholdAddress = { email: string; role: string };

type CheckedContacts = { saved: PublicContacts; problems: Partial<Record<ContactText, string>> };

/**
 * The contacts as Enregistrer would save them, checked by the same rules (a value that breaks one is left
 * out; a phone is the number it means, in E.164), and each broken rule's message.
 */
async function checkContacts(value: ContactValues): Promise<CheckedContacts> {
  const checked = await publicContactsSchema.safeParseAsync(value);
  if (checked.success) return { saved: checked.data, problems: {} };
  const problems: Partial<Record<ContactText, string>> = {};
  const kept = { ...value };
  for (const issue of checked.error.issues) {
    const key = CONTACT_TEXTS.find((name) => name === issue.path[0]);
    if (key) {
      problems[key] ??= issue.message;
      kept[key] = '';
    }
  }
  const rest = await publicContactsSchema.safeParseAsync(kept);
  return { saved: rest.success ? rest.data : {}, problems };
}

/**
 * `checkContacts` of the values on screen, and whether it is still being checked: a phone's check waits for its
 * library (docs/budgets.md), and an earlier, slower answer never replaces the latest values'.
 */
function useCheckedContacts(value: ContactValues): { checked: CheckedContacts | null; checking: boolean } {
  const [answer, setAnswer] = useState<{ of: ContactValues; checked: CheckedContacts } | null>(null);
  useEffect(() => {
    let latest = true;
    void checkContacts(value).then((checked) => {
      if (latest) setAnswer({ of: value, checked });
    });
    return () => {
      latest = false;
    };
  }, [value]);
  return { checked: answer?.checked ?? null, checking: answer?.of !== value };
}

/** One group of the preview's links, each as the scan page links it. */
function PreviewList({ items }: { items: VisibleContact[] }) {
  return (
    <ul>
      {items.map((contact) => (
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
  );
}

/**
 * What the owner shows finders: each value with its switch, and a live preview with the very rule the scan
 * page applies (shared from @medaille/domain), of only what would be saved: a value that breaks a rule
 * (an e-mail that is none) is not previewed, and says why once the owner has left its field. Every edit
 * goes up to the edit page, which saves it. `household`: the animal's members, whose address can fill the
 * second contact's e-mail (none while it loads or if it cannot be read).
 */
export function PublicContactsPanel({
  value,
  errors,
  onChange,
  household = [],
}: {
  value: ContactValues;
  errors: Partial<Record<keyof PublicContactsInput, string>>;
  onChange: (next: ContactValues, changed: keyof ContactValues) => void;
  household?: HouseholdAddress[];
}) {
  const set = <K extends keyof ContactValues>(key: K, next: ContactValues[K]) =>
    onChange({ ...value, [key]: next }, key);
  const { checked, checking } = useCheckedContacts(value);
  const { saved, problems } = checked ?? { saved: {}, problems: {} };
  const preview = visibleContacts(saved);
  const previewFirst = preview.filter((contact) => !isSecondContact(contact));
  const previewSecond = preview.filter(isSecondContact);
  const [left, setLeft] = useState<Partial<Record<ContactText, boolean>>>({});

  const field = (key: ContactText, label: string, type: 'tel' | 'email' | 'text', max: number, hint?: string) => {
    const error = errors[key] ?? (left[key] ? problems[key] : undefined);
    const described = [hint ? `contact-${key}-hint` : null, error ? `contact-${key}-error` : null].filter(Boolean);
    return (
      <Box mb="2">
        <Text as="label" size="2" weight="medium" htmlFor={`contact-${key}`}>
          {label}
        </Text>
        {hint ? (
          <Text as="p" id={`contact-${key}-hint`} size="1" color="gray">
            {hint}
          </Text>
        ) : null}
        <TextField.Root
          id={`contact-${key}`}
          type={type}
          maxLength={max}
          value={value[key]}
          aria-invalid={Boolean(error)}
          {...(described.length > 0 ? { 'aria-describedby': described.join(' ') } : {})}
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
  const toggle = (key: ContactSwitch, label: string) => (
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
        <section aria-labelledby="second-contact-title">
          <Heading id="second-contact-title" as="h2" size="4">
            {text.secondTitle}
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            {text.secondHint}
          </Text>
          {field(
            'second_contact_name',
            text.secondName,
            'text',
            LIMITS.secondContactNameMaxLength,
            text.secondNameHint,
          )}
          {field('second_contact_phone', text.secondPhone, 'tel', LIMITS.phoneMaxLength)}
          {toggle('show_second_contact_phone', text.showSecondPhone)}
          {household.length > 0 ? (
            <Box mb="2">
              <Text as="label" size="2" weight="medium" htmlFor="contact-household-member">
                {text.chooseMember}
              </Text>
              <Text as="p" id="contact-household-member-hint" size="1" color="gray">
                {text.chooseMemberHint}
              </Text>
              {/* An action, not a value: it fills the e-mail below and goes back to its empty choice. */}
              <select
                id="contact-household-member"
                className="portal-select"
                aria-describedby="contact-household-member-hint"
                value=""
                onChange={(event) => {
                  if (event.target.value) set('second_contact_email', event.target.value);
                }}
              >
                <option value="">—</option>
                {household.map((member) => (
                  <option key={member.email} value={member.email}>
                    {text.memberOption(member.email, member.role)}
                  </option>
                ))}
              </select>
            </Box>
          ) : null}
          {field('second_contact_email', text.secondEmail, 'email', LIMITS.emailMaxLength)}
          {toggle('show_second_contact_email', text.showSecondEmail)}
        </section>
      </Card>
      <Card size="3" asChild>
        <section aria-labelledby="contacts-preview-title" aria-busy={checking}>
          <Heading id="contacts-preview-title" as="h2" size="4" mb="2">
            {text.previewTitle}
          </Heading>
          {checked && preview.length === 0 ? (
            <Text as="p" size="2">
              {text.previewEmpty}
            </Text>
          ) : null}
          {previewFirst.length > 0 ? <PreviewList items={previewFirst} /> : null}
          {previewSecond.length > 0 ? (
            <>
              <Heading as="h3" size="3" mt="3" mb="1">
                {text.otherContact(secondContactName(saved))}
              </Heading>
              <PreviewList items={previewSecond} />
            </>
          ) : null}
        </section>
      </Card>
    </Flex>
  );
}
