import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** How a shopper can be reached: what the order was placed with. */
export interface ShopperContact {
  phone: string;
  email: string | null;
}

export interface StatusMessage {
  /** the email's subject line */
  subject: string;
  /** the SMS, and the email's body */
  text: string;
}

/** One way of telling a shopper about their order: SMS or email. */
export interface StatusNotifier {
  /** names the channel in log lines, which never hold the address itself */
  readonly channel: 'sms' | 'email';
  /** where this channel reaches the shopper, or null when the order gave nothing it can use */
  addressOf(contact: ShopperContact): string | null;
  send(address: string, message: StatusMessage): Promise<void>;
}

const SEND_TIMEOUT_MS = 10_000;

/** The senders the environment configures; none when it configures none. */
export function statusNotifiersFrom(config: Config): StatusNotifier[] {
  const notifiers: StatusNotifier[] = [];
  if (config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM)
    notifiers.push(
      smsNotifier({
        accountSid: config.SMS_ACCOUNT_SID,
        authToken: config.SMS_AUTH_TOKEN,
        from: config.SMS_FROM,
        apiBase: config.SMS_API_BASE,
        allowedCountryCodes: config.SMS_ALLOWED_COUNTRY_CODES,
      }),
    );
  if (config.SMTP_URL && config.SMTP_FROM)
    notifiers.push(emailNotifier({ url: config.SMTP_URL, from: config.SMTP_FROM }));
  return notifiers;
}

export interface SmsOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** the Twilio-compatible API's origin, e.g. https://api.twilio.com */
  apiBase: string;
  /** the country calling codes texts may go to (`1`, `44`): a text abroad costs the shop more */
  allowedCountryCodes: readonly string[];
  timeoutMs?: number;
}

/** Text messages through Twilio's Messages API (or any service that speaks it). */
export function smsNotifier(options: SmsOptions): StatusNotifier {
  const { accountSid, authToken, from, apiBase, allowedCountryCodes } = options;
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    channel: 'sms',
    addressOf: (contact) => {
      const number = smsNumber(contact.phone);
      // Calling codes are a prefix code: no code begins another, so a prefix match is exact.
      const allowed = allowedCountryCodes.some((code) => number?.startsWith(`+${code}`));
      return allowed ? number : null;
    },
    async send(to, message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: from, Body: message.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) return;
      // Twilio's own error text can repeat the phone number: only its code reaches the log.
      const answer = (await response.json().catch(() => ({}))) as { code?: unknown };
      const code = typeof answer.code === 'number' ? `, error ${answer.code}` : '';
      throw new Error(`SMS API answered ${response.status}${code}`);
    },
  };
}

/**
 * The phone in E.164 form, which SMS APIs require: as written with its +country code, or a
 * US number of 10 digits (with or without the leading 1). Anything else cannot be texted.
 */
export function smsNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/**
 * The SMTP URL as nodemailer reads it. `smtp://` must upgrade to TLS (STARTTLS) before it
 * logs in, else someone on the path who strips the STARTTLS offer reads the password; only
 * `?tls=off` (a relay on the same machine) sends in clear. `smtps://` is TLS from the start.
 */
export function smtpConnection(url: string): { url: string; requireTLS: boolean } {
  const parsed = new URL(url);
  const clear = parsed.searchParams.get('tls') === 'off';
  parsed.searchParams.delete('tls');
  return { url: parsed.toString(), requireTLS: parsed.protocol === 'smtp:' && !clear };
}

export interface EmailOptions {
  /** smtp://user:password@host:port (STARTTLS required; `?tls=off` for a local relay), or smtps:// */
  url: string;
  from: string;
  timeoutMs?: number;
}

/** Plain-text email through an SMTP server. */
export function emailNotifier({
  url,
  from,
  timeoutMs = SEND_TIMEOUT_MS,
}: EmailOptions): StatusNotifier {
  const transport = nodemailer.createTransport(
    {
      ...smtpConnection(url),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    { from },
  );
  return {
    channel: 'email',
    addressOf: (contact) => contact.email?.trim() || null,
    async send(to, message) {
      try {
        await transport.sendMail({ to, subject: message.subject, text: message.text });
      } catch (error) {
        // A server's refusal usually quotes the recipient: only its codes reach the log.
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        throw new Error(`SMTP sending failed (${[code, responseCode].filter(Boolean).join(' ')})`);
      }
    },
  };
}
