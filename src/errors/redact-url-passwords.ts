const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>]*):([^\s/?#@"'<>]*)@/gi;

/**
 * Every `scheme://user:password@` in a text (a URL, an error message, a log line) with the password masked.
 * Here, at the bottom of the layers, because error messages are built with it (ConfigError); the other
 * secret rules build on it in contract/secret-redaction.
 */
export function redactUrlPasswords(text: string): string {
  return text.includes('@') ? text.replace(URL_PASSWORD, '$1:****@') : text;
}
