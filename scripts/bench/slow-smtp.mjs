// A real SMTP server (nodemailer's smtp-server, installed with the frontend's packages)
// that answers every message after a fixed delay, as a busy mail provider would, and
// records each message's arrival time, recipient and Message-ID for the notification
// benchmark. Usage: node slow-smtp.mjs PORT DELAY_MS LOG_FILE
// LOG_FILE gets one JSON line per accepted message: {at, to, messageId, subject}.
import { appendFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../frontend/package.json'));
const { SMTPServer } = require('smtp-server');

const [port, delayMs, logFile] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
if (!port || Number.isNaN(delayMs) || !logFile) {
  console.error('usage: node slow-smtp.mjs PORT DELAY_MS LOG_FILE');
  process.exit(2);
}
writeFileSync(logFile, '');

/** The value of header `name` in the raw message head (unfolded, first occurrence). */
function header(head, name) {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = unfolded.match(new RegExp(`^${name}:[ \\t]*(.*)$`, 'im'));
  return match ? match[1].trim() : null;
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const head = raw.split(/\r?\n\r?\n/, 1)[0];
      setTimeout(() => {
        appendFileSync(
          logFile,
          `${JSON.stringify({
            at: Date.now(),
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: header(head, 'Message-ID'),
            subject: header(head, 'Subject'),
          })}\n`,
        );
        callback();
      }, delayMs);
    });
  },
});
server.on('error', (error) => console.error('smtp:', error.message));
server.listen(port, '127.0.0.1', () => console.log(`slow SMTP on 127.0.0.1:${port}, ${delayMs} ms per message`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
