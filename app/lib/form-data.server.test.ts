import { describe, expect, it } from 'vitest'
import { cleanText, echoField, readBoundedForm } from './form-data.server.ts'

const post = (body: FormData | URLSearchParams) => new Request('http://x/form', { method: 'POST', body })
const limits = { maxFileBytes: 1000, maxFiles: 2 }

describe('readBoundedForm', () => {
  it('refuses a file over the per-file limit as too_large, not an exception', async () => {
    const form = new FormData()
    form.append('intent', 'uploadPhotos')
    form.append('photos', new File([new Uint8Array(1001)], 'big.jpg', { type: 'image/jpeg' }))
    expect(await readBoundedForm(post(form), limits)).toEqual({ ok: false, code: 'too_large' })
  })

  it('refuses more files than allowed', async () => {
    const form = new FormData()
    for (let i = 0; i < 3; i++) form.append('photos', new File([new Uint8Array(10)], `${i}.jpg`))
    expect(await readBoundedForm(post(form), limits)).toEqual({ ok: false, code: 'too_many_files' })
  })

  it('refuses a URL-encoded body over the total', async () => {
    const body = new URLSearchParams({ a: 'x'.repeat(5000) })
    expect(await readBoundedForm(post(body), { ...limits, maxTotalBytes: 4000 })).toEqual({
      ok: false,
      code: 'too_large',
    })
  })

  it('strips NUL and control characters from every text field, multipart or URL-encoded, and keeps files', async () => {
    const multipart = new FormData()
    multipart.append('name', 'Robe\u0000 rouge\u001b\u007f\nlongue\t')
    multipart.append('photos', new File([new Uint8Array([0, 1, 2])], 'p.jpg'))
    const read = await readBoundedForm(post(multipart), limits)
    if (!read.ok) throw new Error(read.code)
    expect(read.form.get('name')).toBe('Robe rouge\r\nlongue\t') // multipart sends CRLF
    const file = read.form.get('photos') as File
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0, 1, 2]))

    const encoded = await readBoundedForm(post(new URLSearchParams({ q: 'a\u0000b' })), limits)
    expect(encoded.ok && encoded.form.get('q')).toBe('ab')
  })
})

describe('echoField', () => {
  it('sends back a refused field cut to its length, and nothing for a file', () => {
    const form = new FormData()
    form.append('name', `a\u0000${'b'.repeat(500)}`)
    form.append('file', new File(['x'], 'x.txt'))
    expect(echoField(form, 'name', 10)).toBe(`a${'b'.repeat(9)}`)
    expect(echoField(form, 'file', 10)).toBe('')
    expect(cleanText('ok\r\n')).toBe('ok\r\n')
  })
})
