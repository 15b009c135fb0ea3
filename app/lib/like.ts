/**
 * Text someone typed, made safe inside a LIKE/ILIKE pattern: `%`, `_` and the escape character itself match
 * literally (PostgreSQL's default escape is the backslash). Wrap the result yourself: `%${escapeLike(q)}%`.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
