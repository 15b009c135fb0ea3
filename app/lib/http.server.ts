import { data } from 'react-router'

/**
 * Not there, or not the asker's: the not-found page with status 404, and nothing changed. One answer for both, so a
 * page never tells someone that another person's order, address or conversation exists.
 */
export function notFound(): never {
  throw data(null, { status: 404 })
}
