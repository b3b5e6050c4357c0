// /auth/v1: GoTrue's behaviour for e-mail accounts with confirmation, the implicit e-mail-link flow,
// password sign-in, rotating refresh tokens, recovery and logout, with GoTrue's error codes.
import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { StackConfig } from '../config.ts';
import type { Database, Queryable } from '../database/index.ts';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import type { Jwt } from '../jwt.ts';
import { deliver } from '../mailbox/mailbox.ts';
import { authEmail, type LinkType } from './emails.ts';
import { type AuthLimit, authLimiters } from './limits.ts';
import { compileGlob, redirectTarget } from './redirects.ts';
import {
  checkPassword,
  confirmEmail,
  createSession,
  createUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertRefreshToken,
  oneTimeToken,
  REFRESH_TOKEN_FORMAT,
  type RefreshTokenRow,
  replacePendingSignUp,
  tokenHash,
  UnreadableUserError,
  type UserRow,
  userJson,
} from './users.ts';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const API_VERSION = '2024-01-01';

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GoTrue's error body: the 2024-01-01 form for clients that ask for it, the legacy form otherwise. */
function errorResponse(c: Context, error: AuthError) {
  c.header('x-sb-error-code', error.code);
  const asked = c.req.header('x-supabase-api-version');
  if (asked && asked >= API_VERSION) {
    c.header('X-Supabase-Api-Version', API_VERSION);
    return c.json({ code: error.code, message: error.message, ...error.extra }, error.status as 400);
  }
  return c.json(
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    error.status as 400,
  );
}

const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export function authRoutes(db: Database, jwt: Jwt, config: StackConfig) {
  const app = new Hono<StackEnv>();
  const allowList = config.redirectAllowList.map(compileGlob);
  const limits = authLimiters(config);

  /** GoTrue's per-address limiter in front of an endpoint. */
  async function limit(c: Context<StackEnv>, name: AuthLimit) {
    if (!(await limits.allow(name, c.get('clientAddress')))) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  app.onError((error, c) => {
    if (error instanceof AuthError) return errorResponse(c, error);
    console.error('[auth]', c.req.method, c.req.path, error);
    if (error instanceof UnreadableUserError) {
      return errorResponse(c, new AuthError(500, 'unexpected_failure', 'Database error querying schema'));
    }
    return errorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    );
  });

  async function body(c: Context): Promise<Record<string, unknown>> {
    const text = await c.req.text();
    if (text.trim() === '') return {};
    try {
      const parsed = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
    } catch (error) {
      throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
    }
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }

  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

  function checkEmail(email: string) {
    if (!EMAIL_FORMAT.test(email)) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
  }

  function checkPasswordStrength(password: string) {
    if (password.length > 72)
      throw new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters');
    if (password.length < config.passwordMinLength) {
      const message = `Password should be at least ${config.passwordMinLength} characters.`;
      throw new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } });
    }
  }

  const redirectTo = (c: Context) => redirectTarget(c.req.query('redirect_to'), config.siteUrl, allowList);

  const apiUrl = (c: Context) => `${new URL(c.req.url).origin}/auth/v1`;

  async function sendLink(c: Context, tx: Queryable, user: UserRow, type: LinkType) {
    const { code, hash } = oneTimeToken(user.email);
    const column = type === 'signup' ? 'confirmation' : 'recovery';
    await tx.query(`update auth.users set ${column}_token = $1, ${column}_sent_at = now() where id = $2`, [
      hash,
      user.id,
    ]);
    const redirect = redirectTo(c);
    const link = `${apiUrl(c)}/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirect })}`;
    const variables = {
      ConfirmationURL: link,
      Token: code,
      TokenHash: hash,
      SiteURL: config.siteUrl,
      Email: user.email,
      RedirectTo: redirect,
    };
    await deliver(tx, authEmail(config.emailTemplates, type, user.email, variables));
    await limits.newCodeSent(user.email);
  }

  /** GoTrue's per-user e-mail frequency limit. */
  function checkFrequency(sentAt: Date | null) {
    if (!sentAt) return;
    const wait = Math.ceil(config.emailMinIntervalSeconds - (Date.now() - new Date(sentAt).getTime()) / 1000);
    if (wait > 0) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    }
  }

  async function accessToken(c: Context, user: UserRow, sessionId: string, method: string) {
    const now = Math.floor(Date.now() / 1000);
    const token = await jwt.sign(
      {
        iss: apiUrl(c),
        sub: user.id,
        aud: 'authenticated',
        email: user.email,
        phone: '',
        app_metadata: user.raw_app_meta_data ?? {},
        user_metadata: user.raw_user_meta_data ?? {},
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method, timestamp: now }],
        session_id: sessionId,
        is_anonymous: false,
      },
      config.jwtExpiry,
      now,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: now + config.jwtExpiry,
    };
  }

  async function sessionResponse(
    c: Context,
    tx: Queryable,
    userId: string,
    sessionId: string,
    refreshToken: string,
    method: string,
  ) {
    const user = (await findUserById(tx, userId)) as UserRow;
    return {
      ...(await accessToken(c, user, sessionId, method)),
      refresh_token: refreshToken,
      user: await userJson(tx, user),
    };
  }

  async function signIn(c: Context, tx: Queryable, user: UserRow, method: string) {
    const { sessionId, refreshToken } = await createSession(tx, user.id, c.req.header('user-agent'));
    return sessionResponse(c, tx, user.id, sessionId, refreshToken, method);
  }

  /** The signed-in caller of /user and /logout, checked as GoTrue does. */
  async function requireUser(c: Context<StackEnv>, tx: Queryable) {
    const caller = callerOf(c);
    if (!caller.token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    if (caller.tokenError) {
      const reason = caller.tokenError.expired
        ? 'token has invalid claims: token is expired'
        : caller.tokenError.message;
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    const { sub, session_id: sessionId } = caller.claims;
    if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = await findUserById(tx, sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (sessionId) {
      const session = await tx.query('select 1 from auth.sessions where id = $1', [sessionId]);
      if (session.rowCount === 0) {
        throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    return { user, sessionId: sessionId ?? null };
  }

  app.post('/signup', async (c) => {
    await limit(c, 'signInSignUps');
    const input = await body(c);
    const email = text(input.email).toLowerCase();
    const password = typeof input.password === 'string' ? input.password : '';
    const data = typeof input.data === 'object' && input.data !== null ? (input.data as Record<string, unknown>) : {};
    if (!email) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    if (!password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    checkEmail(email);
    checkPasswordStrength(password);
    const answer = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) {
        // A confirmed address gets a look-alike user with no identity, so sign-up cannot reveal who has an account.
        const now = new Date().toISOString();
        return {
          id: randomUUID(),
          aud: 'authenticated',
          role: '',
          email,
          phone: '',
          confirmation_sent_at: now,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data,
          identities: [],
          created_at: now,
          updated_at: now,
          is_anonymous: false,
        };
      }
      if (existing) {
        checkFrequency(existing.confirmation_sent_at);
        // GoTrue keeps the first password here, so whoever signed up first (perhaps not the owner of the
        // address) holds the account the owner then confirms. Safer: the newest sign-up sets the password and
        // the new link replaces the old one, so the only link that works confirms the password sent with it.
        await replacePendingSignUp(tx, existing.id, password, data);
      }
      const user = existing ?? (await createUser(tx, email, password, data));
      await sendLink(c, tx, user, 'signup');
      return userJson(tx, (await findUserById(tx, user.id)) as UserRow);
    });
    return c.json(answer);
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    await limit(c, grant === 'refresh_token' ? 'tokenRefresh' : 'signInSignUps');
    const input = await body(c);
    if (grant === 'password') {
      const email = text(input.email).toLowerCase();
      const password = typeof input.password === 'string' ? input.password : '';
      if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone');
      const session = await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user || !(await checkPassword(password, user.encrypted_password))) throw invalidCredentials();
        if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
        return signIn(c, tx, user, 'password');
      });
      return c.json(session);
    }
    if (grant === 'refresh_token') {
      const token = text(input.refresh_token);
      if (!REFRESH_TOKEN_FORMAT.test(token))
        throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
      return c.json(await db.transaction((tx) => refresh(c, tx, token)));
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });

  /** Rotates a refresh token: the presented one is revoked and a child issued in the same session. */
  async function refresh(c: Context, tx: Queryable, token: string) {
    const found = await tx.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [
      token,
    ]);
    const row = found.rows[0];
    if (!row) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (!row.session_id) throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    const session = await tx.query('select 1 from auth.sessions where id = $1', [row.session_id]);
    if (session.rowCount === 0)
      throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (row.revoked) {
      const child = await tx.query<RefreshTokenRow>(
        'select * from auth.refresh_tokens where parent = $1 and not revoked and session_id = $2',
        [token, row.session_id],
      );
      if (child.rows[0]) {
        // The client lost the answer to its last refresh: give it the token it was given then.
        return sessionResponse(c, tx, row.user_id, row.session_id, child.rows[0].token, 'token_refresh');
      }
      if (Date.now() - new Date(row.updated_at).getTime() > config.refreshReuseSeconds * 1000) {
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [
          row.session_id,
        ]);
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id]);
    const next = await insertRefreshToken(tx, row.user_id, row.session_id, token);
    return sessionResponse(c, tx, row.user_id, row.session_id, next, 'token_refresh');
  }

  app.post('/otp', async (c) => {
    await limit(c, 'signInSignUps');
    const input = await body(c);
    const email = text(input.email).toLowerCase();
    if (!email) throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
    checkEmail(email);
    const createIfMissing = input.create_user !== false;
    await db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (!user && !createIfMissing) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
      if (!user) user = await createUser(tx, email, randomUUID(), (input.data as Record<string, unknown>) ?? {});
      if (user.email_confirmed_at) {
        checkFrequency(user.recovery_sent_at);
        await sendLink(c, tx, user, 'magiclink');
      } else {
        checkFrequency(user.confirmation_sent_at);
        await sendLink(c, tx, user, 'signup');
      }
    });
    return c.json({});
  });

  app.post('/recover', async (c) => {
    await limit(c, 'signInSignUps');
    const input = await body(c);
    const email = text(input.email).toLowerCase();
    if (!email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    checkEmail(email);
    await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return; // Unknown addresses get the same answer: nothing to learn here.
      checkFrequency(user.recovery_sent_at);
      await sendLink(c, tx, user, 'recovery');
    });
    return c.json({});
  });

  async function spendCodesOf(email: string) {
    await db.query(
      `update auth.users set confirmation_token = '', recovery_token = '', updated_at = now()
       where lower(email) = lower($1)`,
      [email],
    );
  }

  /** Finds the user a one-time token hash belongs to, if it is still valid, and spends it. */
  async function spendToken(tx: Queryable, type: string, hash: string): Promise<UserRow> {
    const column = type === 'signup' ? 'confirmation' : 'recovery';
    if (!['signup', 'magiclink', 'recovery'].includes(type) || !hash) {
      throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    }
    const found = await tx.query<UserRow>(
      `select * from auth.users where ${column}_token = $1 and ${column}_sent_at > now() - make_interval(secs => $2)
       for update`,
      [hash, config.otpExpirySeconds],
    );
    const user = found.rows[0];
    if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    await tx.query(`update auth.users set ${column}_token = '' where id = $1`, [user.id]);
    await confirmEmail(tx, user.id);
    return user;
  }

  app.get('/verify', async (c) => {
    await limit(c, 'tokenVerifications');
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    const target = redirectTo(c);
    try {
      const session = await db.transaction(async (tx) => signIn(c, tx, await spendToken(tx, type, token), 'otp'));
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
        type,
      });
      return c.redirect(`${target}#${fragment}`, 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
        sb: '',
      });
      return c.redirect(`${target}#${fragment}`, 303);
    }
  });

  app.post('/verify', async (c) => {
    await limit(c, 'tokenVerifications');
    const input = await body(c);
    const type = text(input.type);
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    const email = text(input.email).toLowerCase();
    const hash = text(input.token_hash) || (email && text(input.token) ? tokenHash(email, text(input.token)) : '');
    if (!hash) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    const linkType = type === 'email' ? 'magiclink' : type;
    try {
      return c.json(await db.transaction(async (tx) => signIn(c, tx, await spendToken(tx, linkType, hash), 'otp')));
    } catch (error) {
      if (!(error instanceof AuthError) || !input.token) throw error;
      // A six-digit code falls to guessing: after a few wrong ones for an address, its code is spent.
      if (email && (await limits.codeSpentByFailure(email))) await spendCodesOf(email);
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    }
  });

  app.get('/user', async (c) => {
    const { user } = await requireUser(c, db);
    return c.json(await userJson(db, user));
  });

  app.put('/user', async (c) => {
    await limit(c, 'signInSignUps');
    const input = await body(c);
    const answer = await db.transaction(async (tx) => {
      const { user, sessionId } = await requireUser(c, tx);
      if (typeof input.password === 'string') {
        checkPasswordStrength(input.password);
        if (await checkPassword(input.password, user.encrypted_password)) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        }
        await tx.query('update auth.users set encrypted_password = $1, updated_at = now() where id = $2', [
          await hashPassword(input.password),
          user.id,
        ]);
        // A new password signs out every other session.
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
      }
      if (typeof input.data === 'object' && input.data !== null) {
        await tx.query(
          `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $1::jsonb, updated_at = now()
           where id = $2`,
          [JSON.stringify(input.data), user.id],
        );
      }
      return userJson(tx, (await findUserById(tx, user.id)) as UserRow);
    });
    return c.json(answer);
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    await db.transaction(async (tx) => {
      const { user, sessionId } = await requireUser(c, tx);
      if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [sessionId]);
      else if (scope === 'others') {
        await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
      } else await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    });
    return c.body(null, 204);
  });

  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: false, email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  app.all('*', () => {
    throw new AuthError(404, 'not_found', 'The requested resource was not found');
  });

  return app;
}
