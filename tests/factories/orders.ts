import type { DeliveryQuote } from '#app/modules/orders/delivery.ts'

// What an order's test set-up needs besides its lines: standard delivery in Kigali and a delivery address there.

/** Standard delivery, free, one to two days. */
export const STANDARD_DELIVERY: DeliveryQuote = { option: 'standard', fee: 0, daysMin: 1, daysMax: 2, available: true }

/** A delivery address in Kimironko, Gasabo (Kigali), for the recipient and phone given. */
export function kigaliAddress(recipient = 'Aline Uwase', phone = '+250788000111') {
  return {
    recipient,
    phone,
    province: 'Kigali',
    district: 'Gasabo',
    sector: 'Kimironko',
    cell: 'Bibare',
    landmark: 'Near the market',
  }
}
