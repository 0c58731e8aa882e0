import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Config } from '../../config.ts';

type RequestClientOptions<TData> = RequestClient.RequestOptions<TData>;

/** Twilio's REST API as the official client addresses it. */
const TWILIO_API = 'https://api.twilio.com';

export type TwilioSettings = { accountSid: string; authToken: string; from: string; apiUrl: string | null };

/** Twilio's settings when all three are configured; else null (SMS and calls are not offered). */
export function twilioSettingsOf(
  config: Pick<Config, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL'>,
): TwilioSettings | null {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM) return null;
  return {
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    from: config.TWILIO_FROM,
    apiUrl: config.TWILIO_API_URL ?? null,
  };
}

/**
 * The client's own HTTP client with every request sent to `base` instead of Twilio's hosts: the
 * client has no base-URL option (its domains are fixed; `edge`/`region` only rename the host), but it
 * takes an `httpClient`, and this one keeps the path, query, auth and body it was given.
 */
class RebasedRequestClient extends twilio.RequestClient {
  readonly #base: string;
  constructor(base: string) {
    super({ timeout: 15_000 });
    this.#base = base.replace(/\/+$/, '');
  }
  override request<TData>(opts: RequestClientOptions<TData>) {
    const uri = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.#base}${uri.pathname}${uri.search}` });
  }
}

/** The Twilio client of this configuration, or null when it has none. */
export function twilioOf(config: Parameters<typeof twilioSettingsOf>[0]) {
  const settings = twilioSettingsOf(config);
  return settings ? createTwilio(settings) : null;
}

export type SentMessage = { sid: string; status: string };

/** SMS and calls through Twilio's REST API with the official client. */
export function createTwilio(settings: TwilioSettings) {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient:
      settings.apiUrl && settings.apiUrl !== TWILIO_API ? new RebasedRequestClient(settings.apiUrl) : undefined,
    timeout: 15_000,
  });
  const from = settings.from.startsWith('MG') ? { messagingServiceSid: settings.from } : { from: settings.from };
  return {
    async sms(to: string, body: string, statusCallback?: string): Promise<SentMessage> {
      const m = await client.messages.create({ to, body, ...from, ...(statusCallback ? { statusCallback } : {}) });
      return { sid: m.sid, status: m.status };
    },
    /** A call that asks `url` what to say (TwiML), or says `twiml` itself. */
    async call(to: string, what: { url: string } | { twiml: string }, statusCallback?: string): Promise<SentMessage> {
      const caller = settings.from.startsWith('MG') ? null : settings.from;
      if (!caller) throw new Error('TWILIO_FROM must be a phone number to place calls');
      const c = await client.calls.create({
        to,
        from: caller,
        ...what,
        ...(statusCallback
          ? { statusCallback, statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'] }
          : {}),
      });
      return { sid: c.sid, status: c.status };
    },
    /** When Twilio received or created a message (null: Twilio does not know it). */
    async messageCreatedAt(sid: string): Promise<Date | null> {
      try {
        return (await client.messages(sid).fetch()).dateCreated;
      } catch (err) {
        if ((err as { status?: unknown }).status === 404) return null;
        throw err;
      }
    },
    /**
     * The SID of a message (with exactly this body) or call to `to` that Twilio created since `since`
     * (a minute's leeway for clocks), or null: asked before sending again what a sender that died
     * mid-send may already have sent.
     */
    async findSent(channel: 'sms' | 'voice', to: string, since: Date, body: string | null): Promise<string | null> {
      const after = new Date(since.getTime() - 60_000);
      if (channel === 'sms') {
        const sender = settings.from.startsWith('MG') ? {} : { from: settings.from };
        const messages = await client.messages.list({ to, ...sender, dateSentAfter: after, limit: 50 });
        return messages.find((m) => m.body === body && m.dateCreated >= after)?.sid ?? null;
      }
      if (settings.from.startsWith('MG')) return null;
      const calls = await client.calls.list({ to, from: settings.from, startTimeAfter: after, limit: 50 });
      return calls.find((c) => c.dateCreated >= after)?.sid ?? null;
    },
  };
}

export type TwilioClient = ReturnType<typeof createTwilio>;

/** Whether a request Twilio sent to `url` carries a valid `X-Twilio-Signature` for these form fields. */
export function validTwilioRequest(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}
