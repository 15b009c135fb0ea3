/** Web addresses in a text; a full stop or comma that ends a sentence after an address is not part of it. */
const ADDRESS = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'])/g

/** The text cut into plain parts and addresses, in order. */
export function linkParts(text: string): { text: string; link: boolean }[] {
  return text
    .split(ADDRESS)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, link: /^https?:\/\//.test(part) }))
}

/** Plain text with its web addresses as links (the mailbox shows e-mails whose links staff need to open). */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.link ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={i} href={part.text} className="break-all text-primary underline">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  )
}
