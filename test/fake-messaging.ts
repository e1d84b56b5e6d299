import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What a fake received, in order, and a way to wait for one without sleeping. */
function inbox<T>() {
  const items: T[] = [];
  const waiters: { test: (item: T) => boolean; resolve: (item: T) => void }[] = [];
  return {
    items,
    add(item: T) {
      items.push(item);
      for (const waiter of [...waiters])
        if (waiter.test(item)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(item);
        }
    },
    /** resolves with the first item that passes `test`, already received or still to come */
    waitFor(test: (item: T) => boolean): Promise<T> {
      const found = items.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

export interface ReceivedSms {
  path: string;
  authorization: string | undefined;
  To: string;
  From: string;
  Body: string;
}

/**
 * A local stand-in for Twilio's Messages API: records every form it is sent and answers 201,
 * or 500 (with an error text quoting the number, as Twilio's do) while told to fail.
 */
export async function startFakeSmsApi() {
  const received = inbox<ReceivedSms>();
  let failing = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const sms = {
        path: req.url ?? '',
        authorization: req.headers.authorization,
        To: form.get('To') ?? '',
        From: form.get('From') ?? '',
        Body: form.get('Body') ?? '',
      };
      res.setHeader('content-type', 'application/json');
      if (failing > 0) {
        failing -= 1;
        res.statusCode = 500;
        res.end(JSON.stringify({ code: 20500, message: `Could not send to ${sms.To}` }));
      } else {
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: `SM${received.items.length}`, status: 'queued' }));
      }
      received.add(sms);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received: received.items,
    waitFor: received.waitFor,
    /** the next `n` requests are answered 500 */
    failNext(n = 1) {
      failing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedMail {
  username: string | undefined;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/**
 * A local SMTP server that accepts one user's login and records each message (plain text,
 * decoded). While told to refuse, it turns recipients away as a real server would (550),
 * recording the attempt.
 */
export async function startFakeSmtpServer(credentials = { username: 'shop', password: 'pw' }) {
  const received = inbox<ReceivedMail>();
  const refusedRecipients = inbox<string>();
  /** the usernames of every login attempted (its password crossed the wire) */
  const logins: string[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    allowInsecureAuth: true,
    // nodemailer upgrades to TLS whenever offered, and this server has no trusted certificate
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      const ok = auth.username === credentials.username && auth.password === credentials.password;
      if (ok) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refusing === 0) return callback();
      refusing -= 1;
      refusedRecipients.add(address.address);
      callback(
        Object.assign(new Error(`<${address.address}>: mailbox unavailable`), {
          responseCode: 550,
        }),
      );
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const { subject, text } = parseMail(raw);
        received.add({
          username: typeof session.user === 'string' ? session.user : undefined,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    logins,
    received: received.items,
    waitFor: received.waitFor,
    waitForRefusal: refusedRecipients.waitFor,
    /** the next `n` recipients are refused with 550 */
    refuseNext(n = 1) {
      refusing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The subject and the plain-text body of a single-part message. */
function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text: text.trim() };
}
