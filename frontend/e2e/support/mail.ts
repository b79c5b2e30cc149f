/** The mail catcher the e2e stack sends its e-mails to (maildev's REST API). */
import { E2E } from './env';

export interface CaughtMail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string; name?: string }[];
  headers: Record<string, string>;
}

export async function caughtMails(): Promise<CaughtMail[]> {
  if (!E2E.mailUrl)
    throw new Error('E2E_MAIL_URL is not set: scripts/e2e.sh starts the mail catcher and sets it');
  const response = await fetch(`${E2E.mailUrl}/email`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`mail catcher: HTTP ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** The e-mails sent to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  return (await caughtMails()).filter((mail) =>
    mail.to.some((to) => to.address.toLowerCase() === wanted),
  );
}

/** The order link an e-mail carries (in its plain-text part), or null. */
export function orderLinkIn(mail: CaughtMail): string | null {
  return (
    mail.text?.match(
      /https?:\/\/\S+\/order-detail\?code=DH[0-9A-Z]{8}#token=[A-Za-z0-9_-]+/,
    )?.[0] ?? null
  );
}
