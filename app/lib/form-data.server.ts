import {
  type FileUpload,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser'

// Forms read within bounds (issue 11): multipart bodies are streamed by a maintained parser with per-file limits
// instead of `request.formData()` on an unbounded body, and every text field is cleaned of control characters in
// this one place (PostgreSQL refuses NUL in text; the others have no business in a form).

// C0 controls and DEL, except tab, newline and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** The text without control characters (tab, newline and carriage return stay). */
export function cleanText(value: string): string {
  return value.replace(CONTROL, '')
}

/** A copy of the form with every text value cleaned; files are kept as they are. */
export function cleanFormData(form: FormData): FormData {
  const clean = new FormData()
  for (const [name, value] of form) {
    if (typeof value === 'string') clean.append(cleanText(name), cleanText(value))
    else clean.append(cleanText(name), value, value.name)
  }
  return clean
}

export type FormLimits = {
  /** Largest file, in bytes. */
  maxFileBytes: number
  /** Files one form may carry. */
  maxFiles: number
  /** Fields and files together. */
  maxParts?: number
  /** The whole body; defaults to the files plus 256 KB of fields. */
  maxTotalBytes?: number
}

export type FormRefusal = 'too_large' | 'too_many_files' | 'malformed'
export type FormRead = { ok: true; form: FormData } | { ok: false; code: FormRefusal }

/**
 * Reads a form (multipart or URL-encoded) within the limits. A file over `maxFileBytes`, too many files or parts,
 * or a body over the total is an expected refusal returned as a code, never a 500; text values come back cleaned.
 */
export async function readBoundedForm(request: Request, limits: FormLimits): Promise<FormRead> {
  const maxTotalSize = limits.maxTotalBytes ?? limits.maxFileBytes * limits.maxFiles + 256 * 1024
  try {
    const form = await parseFormData(
      request,
      { maxFileSize: limits.maxFileBytes, maxFiles: limits.maxFiles, maxParts: limits.maxParts ?? 1000, maxTotalSize },
      // The parser has already bounded the file's bytes; keep it as a File for the route.
      (file: FileUpload) => file,
    )
    return { ok: true, form: cleanFormData(form) }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { ok: false, code: 'too_large' }
    }
    if (error instanceof MaxFilesExceededError || error instanceof MaxPartsExceededError) {
      return { ok: false, code: 'too_many_files' }
    }
    // A cut or malformed body (the body limit refused it, or the client went away).
    return { ok: false, code: 'malformed' }
  }
}

/** A field's text, cleaned and cut to `max` characters: what a refused form may send back to the page. */
export function echoField(form: FormData, name: string, max: number): string {
  const value = form.get(name)
  return typeof value === 'string' ? cleanText(value).slice(0, max) : ''
}
