import { describe, expect, it } from 'vitest'
import type { ArtKind } from '#app/modules/images/artwork.ts'
import { flattenItems } from './catalogue.ts'

// Every product of an item shares the item's drawn picture: so every name the item gives its products must be a
// thing that picture shows (a sports bra is not a T-shirt, a hair dryer is not a comb).
const SHOWN: Partial<Record<ArtKind, RegExp>> = {
  dress: /dress/i,
  gown: /gown|dress/i,
  umushanana: /umushanana/i,
  blouse: /blouse|top|tunic/i,
  tshirt: /t-shirt|top/i,
  shirt: /shirt/i,
  polo: /polo/i,
  hoodie: /hoodie/i,
  jacket: /jacket/i,
  blazer: /blazer/i,
  suit: /suit/i,
  safari: /safari suit/i,
  kaftan: /kaftan|robe/i,
  uniform: /uniform|school|pinafore/i,
  trousers: /trousers|jeans|chinos|joggers/i,
  shorts: /shorts/i,
  skirt: /skirt/i,
  onesie: /onesie|bodysuit|romper|sleepsuit/i,
  babyhat: /hat|beanie/i,
  headwrap: /head wrap|head tie/i,
  hat: /hat|fedora|cap/i,
  scarf: /scarf|wrap/i,
  necklace: /necklace/i,
  earrings: /earrings/i,
  bracelet: /bracelet|bangle/i,
  ring: /ring/i,
  watch: /watch/i,
  sunglasses: /sunglasses/i,
  belt: /belt/i,
  handbag: /bag/i,
  backpack: /backpack/i,
  clutch: /clutch/i,
  suitcase: /suitcase/i,
  heel: /heels|pumps/i,
  flat: /flats/i,
  sneaker: /sneakers|running shoes/i,
  boot: /boots/i,
  sandal: /sandals|sliders/i,
  oxford: /shoes|brogues|monk straps/i,
  loafer: /loafers/i,
  jar: /cream|mask|balm|butter|paste|control|pudding|gel/i,
  bottle: /lotion|oil|gel|wash|shampoo|conditioner/i,
  dropper: /serum|oil/i,
  compact: /powder|foundation|bronzer|highlighter|blush/i,
  palette: /palette/i,
  lipstick: /lipstick/i,
  nailpolish: /polish|coat/i,
  comb: /comb|pick/i,
  wig: /wig|hair|braids/i,
  bedding: /duvet|sheet|quilt|bedspread/i,
  curtain: /curtain/i,
  cushion: /cushion/i,
  tablecloth: /tablecloth/i,
  pot: /pot|saucepan/i,
  plate: /plate|platter/i,
  basket: /basket/i,
  imigongo: /imigongo/i,
  frame: /frame|print/i,
  candle: /candle/i,
}

describe('the demo catalogue', () => {
  it('names each product after something its picture shows', () => {
    const wrong = flattenItems().flatMap((item) => {
      const shown = SHOWN[item.spec.art]
      if (!shown) return [`${item.slug}: no rule for pictures of '${item.spec.art}'`]
      return item.spec.nouns
        .filter((noun) => !shown.test(noun))
        .map((noun) => `${item.slug}: '${noun}' drawn as ${item.spec.art}`)
    })
    expect(wrong).toEqual([])
  })
})
