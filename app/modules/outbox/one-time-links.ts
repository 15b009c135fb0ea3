/**
 * A message's text with the secret part of every one-time link hidden: the `token`, `code` or `key` query value
 * of any URL. The link's page stays readable ("a reset link was sent"), but nobody who reads it can use it.
 */
export function hideOneTimeLinks(text: string): string {
  return text.replace(/([?&](?:token|code|key)=)[^\s&#"'<>]+/gi, '$1[hidden]')
}
