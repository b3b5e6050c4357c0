// 'Suivre cette recherche' on a loss's search page (docs/product/search.md), through the follow-search function.
// Without any script: a form for an e-mail address (its owner confirms from the e-mail, on this page: the e-mail's
// link opens the page with `suivi`, which reads the follow and offers a button, so that a mail scanner opening the
// link changes nothing). Where the page's one script runs and the browser can push: a button that subscribes this
// browser (the search pages' own service worker, /recherche/sw.js, whose scope is theirs alone) and posts the
// subscription to the page, as a form would.
import type { CallFunction } from '@medaille/scan-contract';
import type { SearchWords } from './search-copy.ts';

/** What the follow part of the page shows. */
export type FollowView =
  | { kind: 'form'; email: string; asked?: boolean; stopped?: boolean; refused?: string }
  | {
      kind: 'link';
      token: string;
      /** 'busy': too many asked from this connection; 'unavailable': the function failed. */
      state: 'pending' | 'following' | 'gone' | 'busy' | 'unavailable';
      refused?: string;
    };

/** The page's query words: the e-mails' link (`suivi`), and where a follow's form leads back to. */
const LINK_PARAM = 'suivi';
const ASKED_PARAM = 'suivi-demande';
const STOPPED_PARAM = 'suivi-arrete';
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export const FOLLOW_ANCHOR = 'suivre';
const PUSH_ELEMENT_ID = 'suivre-notification';

/** The follow part of the page as its address asks (a link's follow read from the function; it changes nothing). */
export async function followViewOf(
  url: URL,
  id: string,
  callFunction: CallFunction,
  signal: AbortSignal,
): Promise<FollowView> {
  const token = url.searchParams.get(LINK_PARAM);
  if (token === null) {
    return {
      kind: 'form',
      email: '',
      asked: url.searchParams.has(ASKED_PARAM),
      stopped: url.searchParams.has(STOPPED_PARAM),
    };
  }
  if (!TOKEN_PATTERN.test(token)) return { kind: 'link', token: '', state: 'gone' };
  const response = await callFunction('follow-search', { id, token, action: 'read' }, signal).catch(() => null);
  const read = (await response?.json().catch(() => null)) as { state?: string } | null;
  if (read?.state === 'pending' || read?.state === 'following') return { kind: 'link', token, state: read.state };
  if (response?.status === 404) return { kind: 'link', token, state: 'gone' };
  return { kind: 'link', token, state: response?.status === 429 ? 'busy' : 'unavailable' };
}

/** The follow forms' `action`s (a report has none): what `sendFollowForm` sends on. */
export const FOLLOW_ACTIONS = ['follow', 'confirm', 'stop', 'follow-push', 'unfollow-push'];

/** What follow-search's refusals say, in the reader's words; their status kept. */
const REFUSALS: Record<string, keyof SearchWords> = {
  finder_email_invalid: 'invalidEmail',
  search_follow_rate_limited: 'tooManyFollows',
  search_follow_link_not_found: 'followLinkGone',
  search_not_found: 'notFound',
  push_endpoint_invalid: 'pushFailed',
  search_follow_taken: 'pushFailed',
  invalid_request: 'invalidText',
};

/** A follow form sent: where the page leads back to, or the refusal and the page's follow part as sent. */
export type FollowOutcome =
  | { location: string }
  | { refused: { status: number; words: string; headers?: Record<string, string> }; view: FollowView };

/**
 * The follow forms of the page (`action`: follow, confirm, stop, follow-push, unfollow-push): sent on to
 * follow-search; a success leads back to the page (303: reloading sends nothing again).
 */
export async function sendFollowForm(
  fields: URLSearchParams,
  {
    id,
    path,
    language,
    words,
    callFunction,
    signal,
  }: {
    id: string;
    path: string;
    language: string;
    words: SearchWords;
    callFunction: CallFunction;
    signal: AbortSignal;
  },
): Promise<FollowOutcome> {
  const action = fields.get('action') ?? '';
  const field = (name: string) => fields.get(name) ?? '';
  const token = field('token');
  const body =
    action === 'follow'
      ? { id, email: field('email'), language }
      : action === 'follow-push'
        ? {
            id,
            push: { endpoint: field('endpoint'), keys: { p256dh: field('p256dh'), auth: field('auth') } },
            language,
          }
        : action === 'unfollow-push'
          ? { id, unfollow: field('endpoint') }
          : { id, token, action: action === 'confirm' ? 'confirm' : 'stop' };
  const sent = await callFunction('follow-search', body, signal).catch(() => null);
  const back = (query: string) => ({ location: `${path}?lang=${language}${query}#${FOLLOW_ANCHOR}` });
  if (sent?.ok) {
    await sent.body?.cancel();
    if (action === 'follow') return back(`&${ASKED_PARAM}=1`);
    if (action === 'confirm') return back(`&${LINK_PARAM}=${token}`);
    return back(action === 'stop' ? `&${STOPPED_PARAM}=1` : '');
  }
  const refusal = (await sent?.json().catch(() => null)) as { code?: string } | null;
  const known = refusal?.code ? REFUSALS[refusal.code] : undefined;
  const status = known && sent ? sent.status : 503;
  const headers =
    status === 429 || status === 503 ? { 'Retry-After': sent?.headers.get('retry-after') ?? '60' } : undefined;
  const said = words[known ?? 'unavailable'] as string;
  const view: FollowView =
    action === 'confirm' || action === 'stop'
      ? { kind: 'link', token, state: status === 404 ? 'gone' : 'pending', refused: said }
      : { kind: 'form', email: field('email'), refused: said };
  return { refused: { status, words: said, headers }, view };
}

/** 'Suivre cette recherche': the e-mail form, or the e-mails' link's follow; and the push button for the script. */
export function FollowSection({
  words,
  view,
  pushKey,
}: {
  words: SearchWords;
  view: FollowView;
  pushKey: string | null;
}) {
  return (
    <section className="scan-card" id={FOLLOW_ANCHOR} aria-labelledby="suivre-titre">
      <h2 id="suivre-titre">{words.followTitle}</h2>
      {view.kind === 'link' ? (
        <FollowLink words={words} view={view} />
      ) : (
        <>
          <p className="search-hint">{words.followHint}</p>
          {view.asked ? <p role="status">{words.followAsked}</p> : null}
          {view.stopped ? <p role="status">{words.unfollowed}</p> : null}
          <form method="post" className="search-report">
            <input type="hidden" name="action" value="follow" />
            <label htmlFor="suivre-email">{words.followEmail}</label>
            <input
              id="suivre-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={view.email}
            />
            {view.refused ? <p role="alert">{view.refused}</p> : null}
            <button type="submit" className="md-button md-button-secondary">
              {words.followSend}
            </button>
          </form>
          {pushKey ? (
            <div
              id={PUSH_ELEMENT_ID}
              className="search-follow-push"
              hidden
              data-key={pushKey}
              data-words={JSON.stringify({
                follow: words.pushFollow,
                following: words.pushFollowing,
                unfollow: words.pushUnfollow,
                blocked: words.pushBlocked,
                failed: words.pushFailed,
              })}
            >
              <button type="button" className="md-button md-button-secondary">
                {words.pushFollow}
              </button>
              <p role="status" />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function FollowLink({ words, view }: { words: SearchWords; view: Extract<FollowView, { kind: 'link' }> }) {
  if (view.state === 'gone') return <p role="alert">{view.refused ?? words.followLinkGone}</p>;
  if (view.state === 'busy') return <p role="alert">{words.tooManyFollows}</p>;
  if (view.state === 'unavailable') return <p role="alert">{words.unavailable}</p>;
  const pending = view.state === 'pending';
  return (
    <form method="post">
      <input type="hidden" name="action" value={pending ? 'confirm' : 'stop'} />
      <input type="hidden" name="token" value={view.token} />
      <p>{pending ? words.followConfirmText : words.followingText}</p>
      {view.refused ? <p role="alert">{view.refused}</p> : null}
      <button type="submit" className={`md-button ${pending ? 'md-button-primary' : 'md-button-secondary'}`}>
        {pending ? words.followConfirm : words.unfollow}
      </button>
    </form>
  );
}

/**
 * The push button's behaviour (element `id`): shown where the browser can push; subscribes this browser with the
 * search pages' service worker and posts the subscription to the page as its form would (`follow-push`), or
 * posts `unfollow-push` when this browser already follows this page (remembered on the device). Sent as its own
 * source (self-contained: it names nothing outside itself).
 */
function followByPush(id: string): void {
  const root = document.getElementById(id);
  if (!root || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return;
  const button = root.querySelector('button');
  const status = root.querySelector('[role="status"]');
  if (!button || !status) return;
  const words = JSON.parse(root.getAttribute('data-words') ?? '{}') as Record<
    'follow' | 'following' | 'unfollow' | 'blocked' | 'failed',
    string
  >;
  const key = root.getAttribute('data-key') ?? '';
  const remembered = `medaille-suivi:${location.pathname}`;
  const scope = '/recherche/';
  const show = (following: boolean, said: string) => {
    button.textContent = following ? words.unfollow : words.follow;
    status.textContent = said;
  };
  const send = (fields: Record<string, string>) =>
    fetch(location.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    }).then((response) => {
      // Sent: the page leads back to itself (303), which a script sees as an opaque redirect.
      if (response.type !== 'opaqueredirect' && !response.ok) throw new Error(String(response.status));
    });
  const subscription = () =>
    navigator.serviceWorker
      .register(`${scope}sw.js`, { scope })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.pushManager);
  let following = localStorage.getItem(remembered) === '1';
  root.hidden = false;
  show(following, following ? words.following : '');
  button.addEventListener('click', () => {
    button.disabled = true;
    const done = following
      ? subscription()
          .then((manager) => manager.getSubscription())
          .then((current) => (current ? send({ action: 'unfollow-push', endpoint: current.endpoint }) : undefined))
          .then(() => {
            following = false;
            localStorage.removeItem(remembered);
            show(false, '');
          })
      : Notification.requestPermission().then((permission) => {
          if (permission !== 'granted') return show(false, words.blocked);
          return subscription()
            .then((manager) => manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
            .then((current) => {
              const { endpoint, keys } = current.toJSON();
              return send({
                action: 'follow-push',
                endpoint: endpoint ?? '',
                p256dh: keys?.p256dh ?? '',
                auth: keys?.auth ?? '',
              });
            })
            .then(() => {
              following = true;
              localStorage.setItem(remembered, '1');
              show(true, words.following);
            });
        });
    done
      .catch(() => show(following, words.failed))
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** `followByPush` as the page's script: one text, which the host's Content-Security-Policy allows by its hash. */
export const FOLLOW_BY_PUSH_SCRIPT = `(${followByPush.toString()})(${JSON.stringify(PUSH_ELEMENT_ID)})`;
