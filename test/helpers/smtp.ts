// A real SMTP server on localhost (the smtp-server package) that keeps what it receives, with the MIME parts decoded.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** Header lines of the message (not of its parts), unfolded, by lower-case name. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  port: number;
  /** PARLA_EMAIL_URL for this server. */
  url: string;
  messages: ReceivedMail[];
  /** The first message (received before or within the timeout) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  return at < 0 ? { head: raw, body: '' } : { head: raw.slice(0, at), body: raw.slice(at + 4) };
}

function parseHeaders(head: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return out;
}

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?= words. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*(?==\?)?/g, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain and text/html parts, however deep the multipart nesting. */
function parts(head: Map<string, string[]>, body: string, out: { text: string; html: string }): void {
  const type = head.get('content-type')?.[0] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const { head: h, body: b } = splitHead(chunk.replace(/^\r\n/, ''));
      parts(parseHeaders(h), b.replace(/\r\n$/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, head.get('content-transfer-encoding')?.[0]);
  if (/^text\/html/i.test(type)) out.html = decoded;
  else if (/^text\/plain/i.test(type)) out.text = decoded;
}

export function parseMail(raw: string, envelopeFrom = '', envelopeTo: string[] = []): ReceivedMail {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const content = { text: '', html: '' };
  parts(headers, body, content);
  return {
    envelopeFrom,
    envelopeTo,
    raw,
    headers,
    header: (name) => headers.get(name.toLowerCase())?.[0],
    subject: decodeWords(headers.get('subject')?.[0] ?? ''),
    text: content.text.replace(/\r\n/g, '\n'),
    html: content.html.replace(/\r\n/g, '\n'),
  };
}

/** Starts the server on `port` (0: any free port); STARTTLS is off and any credentials are accepted. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, session.envelope.rcptTo.map((r) => r.address)));
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    port: actual,
    url: `smtp://parla:secret@127.0.0.1:${actual}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(' | ') || 'none'})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on right now (for a mail server that is down, started later on the same port). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}
