/**
 * The receiver's URL as reports print it: a password in it (https://user:pass@host/) becomes `<password>`, as the
 * shared secret and static header values do, so a CI log or JUnit artifact never carries it. The replay command
 * keeps the user name and the rest of the URL; the reader puts the password back.
 */
export function redactUrlPassword(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.password === '') return url;
  return `${parsed.protocol}//${parsed.username}:<password>@${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
