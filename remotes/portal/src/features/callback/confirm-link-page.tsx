import { PageFrame } from '@medaille/design-system';
import { ROUTES } from '@medaille/routing';
import { Link, useNavigate, useSearchParams } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import { Button, Card, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { type FormEvent, useEffect, useState } from 'react';
import { confirmEmailLink } from '../auth/api.ts';
import { AUTH_COPY } from '../auth/copy.ts';
import { CALLBACK_COPY } from './copy.ts';

const copy = CALLBACK_COPY.confirmLink;

/** The verification types the project's e-mails carry (supabase/scripts/mail-templates.ts), `email` as signup. */
const WORDS = { signup: copy.signup, email: copy.signup, magiclink: copy.magiclink, recovery: copy.recovery };
type LinkType = keyof typeof WORDS;
const isLinkType = (type: string | null): type is LinkType => type !== null && Object.hasOwn(WORDS, type);

/**
 * Where the page goes once the link is spent: `next`, the redirect the app asked the e-mail for, read as a URL
 * and kept only when it is this site's; the callback page otherwise.
 */
export function nextPath(next: string | null, origin: string): string {
  if (!next) return ROUTES.authCallback;
  try {
    const url = new URL(next ?? '', origin);
    if (url.origin === origin) return `${url.pathname}${url.search}`;
  } catch {
    // Not a URL: the callback page.
  }
  return ROUTES.authCallback;
}

/**
 * /auth/confirm, where an auth e-mail's link leads (sign-up confirmation, magic link, password recovery). Opening
 * it changes nothing: a mail scanner that opens every link spends no token and signs nobody in. Its button spends
 * the link's token hash (`verifyOtp`), then the callback page goes on as it did when GoTrue's link signed in: an
 * activation finished, 'Mes animaux', the new-password form, or an invitation.
 */
export function ConfirmLinkPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const tokenHash = params.get('token_hash');
  const type = params.get('type');
  const target = nextPath(params.get('next'), window.location.origin);
  const [pressed, setPressed] = useState<'no' | 'busy' | 'done'>('no');

  // The session the button got is the one the callback page must see: go on once the app knows it.
  useEffect(() => {
    if (pressed === 'done' && auth.isAuthenticated) navigate(target, { replace: true });
  }, [pressed, auth.isAuthenticated, target, navigate]);

  if (!tokenHash || !isLinkType(type)) {
    return (
      <PageFrame title={AUTH_COPY.login.title}>
        <Card size="3" style={{ maxWidth: 440 }}>
          <Flex direction="column" gap="3">
            <Text as="p">{copy.incomplete}</Text>
            <RadixLink asChild>
              <Link to={ROUTES.login}>{copy.login}</Link>
            </RadixLink>
          </Flex>
        </Card>
      </PageFrame>
    );
  }

  const words = WORDS[type];
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!tokenHash || !isLinkType(type) || pressed !== 'no') return;
    setPressed('busy');
    const { error } = await confirmEmailLink(tokenHash, type);
    if (error) {
      // The callback page says why, as it did when GoTrue's link sent its error back in the fragment.
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code ?? '',
        error_description: error.message,
      });
      navigate(`${target}#${fragment}`, { replace: true });
      return;
    }
    setPressed('done');
  }

  return (
    <PageFrame title={words.title}>
      <Card size="3" style={{ maxWidth: 440 }}>
        <form onSubmit={onSubmit}>
          <Flex direction="column" gap="4">
            <Text as="p">{words.text}</Text>
            <Button
              type="submit"
              size="3"
              loading={pressed !== 'no'}
              style={{ whiteSpace: 'normal', height: 'auto', minHeight: 44 }}
            >
              {words.button}
            </Button>
          </Flex>
        </form>
      </Card>
    </PageFrame>
  );
}
