/**
 * The code sent by SMS to sign in or sign up with a phone number (issue 14): 6 digits, valid 10 minutes, 5 tries
 * (then a new code is needed), sent again only after a minute; at most 5 codes an hour to one number and 20 to
 * one network address (phone.server.ts counts those).
 */
export const PHONE_CODE = {
  digits: 6,
  validSeconds: 10 * 60,
  tries: 5,
  resendAfterSeconds: 60,
  perNumberPerHour: 5,
  perAddressPerHour: 20,
} as const
