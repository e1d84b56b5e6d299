const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches a toast holding every given text, in order. One assertion for the whole toast:
 * two assertions in a row race the toast's self-dismissal on a slow machine.
 */
export function toastSays(...texts: string[]): RegExp {
  return new RegExp(texts.map(escapeForRegExp).join('[\\s\\S]*'));
}
