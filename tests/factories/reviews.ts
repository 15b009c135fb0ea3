import type { Faker } from '@faker-js/faker'

// Reviews as shoppers write them: about the thing they bought (a serum is not worn to a wedding, a basket has no
// fit), sometimes about the delivery or the seller, rarely long. A review is one to three sentences drawn from
// the lines of its kind of product and its rating, so that a few hundred reviews rarely repeat one another.

/** The kinds of product a review can speak of; each department of the catalogue is one of them. */
export type ReviewKind = 'clothing' | 'shoes' | 'accessories' | 'beauty' | 'home'

export function reviewKindOf(departmentSlug: string): ReviewKind {
  switch (departmentSlug) {
    case 'shoes':
      return 'shoes'
    case 'accessories':
      return 'accessories'
    case 'beauty':
      return 'beauty'
    case 'home-living':
      return 'home'
    default:
      return 'clothing'
  }
}

type Lines = Record<'good' | 'mixed' | 'bad', string[]>

// `{thing}` is the product's noun in lower case ('wrap dress', 'face cream').
const ABOUT: Record<ReviewKind, Lines> = {
  clothing: {
    good: [
      'The {thing} fits exactly as the seller described it.',
      'I wore the {thing} to a wedding in Rubavu and got so many compliments.',
      'Lovely fabric, it does not crease after a day at the office.',
      'The colours stayed bright after three washes.',
      'Well sewn, the seams are neat inside and out.',
      'My daughter loves her {thing}; it was the right size first time.',
      'The fabric breathes well, even on a hot afternoon in Kigali.',
      'Exactly like the pictures, and the {thing} feels better made than in town.',
    ],
    mixed: [
      'The {thing} runs a little small; I should have taken the next size.',
      'Nice {thing}, but the colour is lighter than in the photo.',
      'Good fabric, but one button came loose in the first week.',
      'Fine for the price, though the hem needed taking up.',
    ],
    bad: [
      'The fabric is thinner than described and the {thing} lost its shape after one wash.',
      'The size was wrong and the exchange took a week.',
    ],
  },
  shoes: {
    good: [
      'Comfortable from the first day; I walk to work in them.',
      'True to size and the sole grips well on wet roads.',
      'The leather is soft and the stitching is solid.',
      'My son wears his {thing} every day and they still look new.',
      'Light, comfortable, and they go with everything.',
    ],
    mixed: [
      'They pinch a little at the toes for the first days.',
      'Good looking {thing}, but the insole is thin.',
      'Nice, though they run half a size big.',
    ],
    bad: ['The sole started to come off after two weeks.', 'Much harder than they look; I could not wear them long.'],
  },
  accessories: {
    good: [
      'Beautiful work, you can see it was made by hand.',
      'The {thing} looks even better in person.',
      'I bought it as a gift and it arrived in a pretty pouch.',
      'Solid and well finished; the clasp feels strong.',
      'I get asked where my {thing} is from every time I wear it.',
    ],
    mixed: [
      'Pretty {thing}, but smaller than I expected from the photo.',
      'Nice, though the colour is a shade darker than shown.',
      'Good for the price; the finish is a little rough in one place.',
    ],
    bad: ['The clasp broke in the first week.', 'It looked cheap next to the photos.'],
  },
  beauty: {
    good: [
      'My skin feels soft and it does not leave a greasy layer.',
      'A little goes a long way; the {thing} lasts me a month.',
      'The scent is light and pleasant, not too strong.',
      'No irritation at all on my sensitive skin.',
      'The colour stays on all day, even in the heat.',
      'Natural and made here, and it works better than the imported one I used.',
    ],
    mixed: [
      'Works well, but the jar is smaller than I expected.',
      'Good {thing}, though the smell is a bit strong for me.',
      'It takes a while to absorb in the morning.',
    ],
    bad: ['It made my skin break out, so I stopped using it.', 'The seal was broken when it arrived.'],
  },
  home: {
    good: [
      'It brightens up our living room.',
      'Well made by hand, every detail is careful.',
      'The {thing} is sturdy and looks lovely on the shelf.',
      'A beautiful gift for my mother’s new house.',
      'Good quality; easy to clean and still like new.',
    ],
    mixed: [
      'Nice {thing}, but a little smaller than the picture suggests.',
      'Pretty, but the colour is less bright than online.',
      'Good, though it came with a small scratch on one side.',
    ],
    bad: ['It arrived cracked, and the replacement took two weeks.', 'Not the quality shown in the photos.'],
  },
}

const OPENINGS: Lines = {
  good: ['Very happy with it.', 'Excellent!', 'Murakoze cyane!', 'Exactly what I wanted.', 'Highly recommended.', ''],
  mixed: ['It is okay.', 'Good, not perfect.', 'Decent.', ''],
  bad: ['Disappointed.', 'Not as described.', ''],
}

const DELIVERY: Lines = {
  good: [
    'Delivery to Kicukiro took one day.',
    'It reached Musanze in two days, well packed.',
    'The rider called before coming, very professional.',
    'Delivered to my office in Nyarutarama the next morning.',
    'Arrived in Huye on time and well wrapped.',
  ],
  mixed: [
    'Delivery took a day longer than promised.',
    'The packaging could be better.',
    'Delivery to Rubavu took four days.',
  ],
  bad: ['Delivery was late and nobody told me why.'],
}

const SELLER: Lines = {
  good: [
    'The seller answered my questions quickly.',
    'Second time buying from this shop.',
    'The seller helped me choose the size.',
  ],
  mixed: ['The seller took a day to answer my message.'],
  bad: ['The seller did refund me, at least.'],
}

/**
 * A rating (mostly 4 and 5, some 3, rarely lower) and a text that fits it and the product: `kind` from the
 * product's department, `thing` its noun ('wrap dress').
 */
export function fakeReview(
  faker: Faker,
  product: { kind: ReviewKind; thing: string },
): { rating: number; body: string } {
  const rating = faker.helpers.weightedArrayElement([
    { weight: 50, value: 5 },
    { weight: 30, value: 4 },
    { weight: 12, value: 3 },
    { weight: 5, value: 2 },
    { weight: 3, value: 1 },
  ])
  const tone = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad'
  const about = faker.helpers.arrayElement(ABOUT[product.kind][tone]).replaceAll('{thing}', product.thing.toLowerCase())
  const parts = [faker.helpers.arrayElement(OPENINGS[tone]), about]
  const extra = faker.number.float({ min: 0, max: 1 })
  if (extra < 0.35) parts.push(faker.helpers.arrayElement(DELIVERY[tone]))
  else if (extra < 0.5) parts.push(faker.helpers.arrayElement(SELLER[tone]))
  return { rating, body: parts.filter(Boolean).join(' ') }
}
