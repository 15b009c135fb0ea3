// Pictures drawn in code for the demo catalogue: the outline of the item (a dress, a shoe, a basket...) filled with
// a kitenge- or imigongo-like pattern in the product's colour, on a soft background. SVG text, rasterised by sharp.
// Nothing here reads the network or the disk.

export type ArtKind =
  | 'dress'
  | 'gown'
  | 'umushanana'
  | 'blouse'
  | 'tshirt'
  | 'shirt'
  | 'polo'
  | 'hoodie'
  | 'jacket'
  | 'blazer'
  | 'suit'
  | 'safari'
  | 'kaftan'
  | 'uniform'
  | 'trousers'
  | 'shorts'
  | 'skirt'
  | 'onesie'
  | 'babyhat'
  | 'headwrap'
  | 'hat'
  | 'scarf'
  | 'necklace'
  | 'earrings'
  | 'bracelet'
  | 'ring'
  | 'watch'
  | 'sunglasses'
  | 'belt'
  | 'handbag'
  | 'backpack'
  | 'clutch'
  | 'suitcase'
  | 'heel'
  | 'flat'
  | 'sneaker'
  | 'boot'
  | 'sandal'
  | 'oxford'
  | 'loafer'
  | 'jar'
  | 'bottle'
  | 'dropper'
  | 'compact'
  | 'palette'
  | 'lipstick'
  | 'nailpolish'
  | 'comb'
  | 'wig'
  | 'bedding'
  | 'curtain'
  | 'cushion'
  | 'tablecloth'
  | 'pot'
  | 'plate'
  | 'basket'
  | 'imigongo'
  | 'frame'
  | 'candle'

type Swatch = { base: string; accent: string; light: string; metal?: boolean }

/** The colours products come in, with the accent their pattern is drawn in. */
export const SWATCHES: Record<string, Swatch> = {
  Indigo: { base: '#2d3a8c', accent: '#f2b632', light: '#e9ecf8' },
  Terracotta: { base: '#b9532c', accent: '#f6e3c3', light: '#f8ebe4' },
  Emerald: { base: '#0f7358', accent: '#f2c14e', light: '#e4f2ec' },
  Saffron: { base: '#e0a11b', accent: '#6b2d1a', light: '#fbf1dc' },
  Rose: { base: '#cf5a84', accent: '#fde8ef', light: '#fbe9ef' },
  'Royal Blue': { base: '#1f5fbf', accent: '#f7d154', light: '#e6eefa' },
  Black: { base: '#232323', accent: '#e9cf8f', light: '#eeece8' },
  Navy: { base: '#1d2b4f', accent: '#d9a441', light: '#e8ebf2' },
  Burgundy: { base: '#7c1f3c', accent: '#f0c987', light: '#f5e6ea' },
  Grey: { base: '#767c86', accent: '#f1f2f4', light: '#eef0f2' },
  Ivory: { base: '#efe3c8', accent: '#a0522d', light: '#e6ecef' },
  Olive: { base: '#5f6d28', accent: '#f1e3b3', light: '#eef1e2' },
  Brown: { base: '#74452a', accent: '#e9c891', light: '#f3ebe3' },
  Tan: { base: '#c1955f', accent: '#5a3a22', light: '#f6efe4' },
  Natural: { base: '#d2ae74', accent: '#6e4424', light: '#f1eee6' },
  Gold: { base: '#c9a23a', accent: '#fff3c4', light: '#f4efe2', metal: true },
  Silver: { base: '#a4adb7', accent: '#ffffff', light: '#eceef2', metal: true },
  'Rose Gold': { base: '#cf9384', accent: '#fff0ea', light: '#f7ece8', metal: true },
}

export function swatchOf(colour: string): Swatch {
  return SWATCHES[colour] ?? SWATCHES.Indigo
}

/** The soft background behind a product in this colour: also the placeholder shown while its picture loads. */
export function backgroundOf(colour: string): string {
  return swatchOf(colour).light
}

/** A small, stable hash of a string (FNV-1a), for choosing patterns. */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

// ---------------------------------------------------------------------------------------------------------------
// Patterns: tiles of kitenge and imigongo motifs
// ---------------------------------------------------------------------------------------------------------------

const PATTERN_COUNT = 7

function pattern(id: string, index: number, s: Swatch, scale = 1): string {
  const { base, accent, light } = s
  const k = scale
  const tile = (w: number, h: number, body: string) =>
    `<pattern id="${id}" width="${w * k}" height="${h * k}" patternUnits="userSpaceOnUse"><g transform="scale(${k})"><rect width="${w}" height="${h}" fill="${base}"/>${body}</g></pattern>`
  switch (index % PATTERN_COUNT) {
    case 0: // imigongo chevrons
      return tile(
        48,
        32,
        `<path d="M0 26 L12 10 L24 26 L36 10 L48 26" fill="none" stroke="${accent}" stroke-width="5" stroke-linejoin="miter"/><path d="M0 10 L12 -6 L24 10 L36 -6 L48 10" fill="none" stroke="${light}" stroke-width="2" opacity=".7"/>`,
      )
    case 1: // kitenge circles
      return tile(
        44,
        44,
        `<circle cx="22" cy="22" r="14" fill="none" stroke="${accent}" stroke-width="4"/><circle cx="22" cy="22" r="5" fill="${light}"/><circle cx="0" cy="0" r="6" fill="${accent}"/><circle cx="44" cy="0" r="6" fill="${accent}"/><circle cx="0" cy="44" r="6" fill="${accent}"/><circle cx="44" cy="44" r="6" fill="${accent}"/>`,
      )
    case 2: // rows of triangles
      return tile(
        40,
        36,
        `<path d="M0 18 L10 2 L20 18 Z M20 18 L30 2 L40 18 Z" fill="${accent}"/><path d="M10 34 L20 20 L30 34 Z" fill="${light}" opacity=".85"/>`,
      )
    case 3: // diamonds (imigongo lozenges)
      return tile(
        40,
        40,
        `<path d="M20 2 L38 20 L20 38 L2 20 Z" fill="none" stroke="${accent}" stroke-width="4"/><path d="M20 13 L27 20 L20 27 L13 20 Z" fill="${light}"/>`,
      )
    case 4: // leaves and dots
      return tile(
        46,
        46,
        `<path d="M8 38 Q8 14 32 8 Q32 32 8 38 Z" fill="${accent}"/><path d="M9 37 L31 9" stroke="${base}" stroke-width="2"/><circle cx="36" cy="36" r="4" fill="${light}"/>`,
      )
    case 5: // stripes with stitches
      return tile(
        36,
        36,
        `<rect y="4" width="36" height="8" fill="${accent}"/><path d="M2 24 h6 M14 24 h6 M26 24 h6" stroke="${light}" stroke-width="3"/>`,
      )
    default: // sun bursts
      return tile(
        52,
        52,
        `<circle cx="26" cy="26" r="9" fill="${accent}"/><path d="M26 6 V14 M26 38 V46 M6 26 H14 M38 26 H46 M12 12 L17 17 M35 35 L40 40 M40 12 L35 17 M12 40 L17 35" stroke="${accent}" stroke-width="3" stroke-linecap="round"/><circle cx="26" cy="26" r="3" fill="${light}"/>`,
      )
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes, drawn in a 400 × 500 box with the floor near y = 455
// ---------------------------------------------------------------------------------------------------------------

type Paint = { fill: string; solid: string; dark: string; accent: string; light: string; line: string; metal: string }

const outline = (p: Paint, w = 3) => `stroke="${p.line}" stroke-width="${w}" stroke-linejoin="round"`

function shapeOf(kind: ArtKind, p: Paint): string {
  const O = outline(p)
  const F = `fill="${p.fill}" ${O}`
  const S = `fill="${p.solid}" ${O}`
  const D = `fill="${p.dark}" ${O}`
  const M = `fill="${p.metal}" ${O}`
  const hanger = `<path d="M200 60 L136 84 M200 60 L264 84" stroke="#9a9a9a" stroke-width="5" stroke-linecap="round"/><path d="M200 62 V50 q0 -8 8 -12 q10 -6 10 -16 q0 -12 -14 -12 q-12 0 -14 10" fill="none" stroke="#8a8a8a" stroke-width="4" stroke-linecap="round"/>`
  switch (kind) {
    case 'dress':
      return `${hanger}<path d="M160 70 Q200 92 240 70 L250 78 L238 160 Q236 172 246 182 L318 430 Q200 458 82 430 L154 182 Q164 172 162 160 L150 78 Z" ${F}/><path d="M156 172 Q200 186 244 172" fill="none" stroke="${p.accent}" stroke-width="8"/>`
    case 'gown':
      return `${hanger}<path d="M166 70 Q200 96 234 70 L244 78 L236 170 Q232 200 244 240 Q292 350 336 448 Q200 470 64 448 Q108 350 156 240 Q168 200 164 170 L156 78 Z" ${F}/><path d="M162 176 Q200 190 238 176" fill="none" stroke="${p.accent}" stroke-width="6"/>`
    case 'umushanana':
      return `${hanger}<path d="M166 70 Q200 92 234 70 L246 80 L240 170 Q240 200 252 230 L312 448 Q200 468 88 448 L148 230 Q160 200 160 170 L154 80 Z" ${F}/><path d="M236 70 L262 86 L200 300 L112 438 L92 428 L176 290 Z" ${S} opacity=".95"/><path d="M246 92 L184 292" stroke="${p.accent}" stroke-width="4"/>`
    case 'blouse':
      return `${hanger}<path d="M160 72 Q200 100 240 72 L300 96 L334 186 L292 204 L270 160 L272 370 Q200 388 128 370 L130 160 L108 204 L66 186 L100 96 Z" ${F}/><path d="M176 80 Q200 128 224 80" fill="none" stroke="${p.accent}" stroke-width="5"/><path d="M128 330 Q200 350 272 330" fill="none" stroke="${p.dark}" stroke-width="4" opacity=".5"/>`
    case 'tshirt':
      return `${hanger}<path d="M164 70 Q200 96 236 70 L306 96 L346 176 L298 198 L274 154 L276 400 L124 400 L126 154 L102 198 L54 176 L94 96 Z" ${F}/><path d="M166 72 Q200 108 234 72" fill="none" stroke="${p.dark}" stroke-width="8"/>`
    case 'polo':
      return `${hanger}<path d="M164 70 L236 70 L306 96 L346 176 L298 198 L274 154 L276 400 L124 400 L126 154 L102 198 L54 176 L94 96 Z" ${F}/><path d="M164 70 L200 112 L236 70 L228 60 L200 84 L172 60 Z" ${D}/><path d="M200 112 V170" stroke="${p.line}" stroke-width="3"/><circle cx="200" cy="132" r="4" fill="${p.light}"/><circle cx="200" cy="154" r="4" fill="${p.light}"/>`
    case 'shirt':
    case 'uniform':
      return `${hanger}<path d="M164 66 L236 66 L300 90 L344 330 L306 338 L270 170 L272 410 L128 410 L130 170 L94 338 L56 330 L100 90 Z" ${F}/><path d="M164 66 L200 110 L236 66 L226 54 L200 80 L174 54 Z" ${kind === 'uniform' ? `fill="#ffffff" ${O}` : S}/><path d="M200 110 V410" stroke="${p.line}" stroke-width="3"/>${[140, 190, 240, 290, 340].map((y) => `<circle cx="207" cy="${y}" r="4" fill="${p.light}" stroke="${p.line}" stroke-width="1"/>`).join('')}${kind === 'uniform' ? `<path d="M200 100 L188 118 L200 230 L212 118 Z" ${D}/>` : ''}`
    case 'hoodie':
      return `<path d="M150 96 Q150 40 200 36 Q250 40 250 96 L310 112 L350 360 L306 370 L276 200 L278 420 L122 420 L124 200 L94 370 L50 360 L90 112 Z" ${F}/><path d="M166 96 Q200 140 234 96 Q232 60 200 58 Q168 60 166 96 Z" ${D}/><path d="M150 330 L250 330 L262 396 L138 396 Z" fill="none" ${O}/><path d="M188 120 V190 M212 120 V190" stroke="${p.light}" stroke-width="4" stroke-linecap="round"/>`
    case 'jacket':
    case 'blazer':
    case 'suit':
    case 'safari': {
      const pockets =
        kind === 'safari'
          ? `<rect x="140" y="170" width="44" height="40" ${S}/><rect x="216" y="170" width="44" height="40" ${S}/><rect x="136" y="300" width="52" height="50" ${S}/><rect x="212" y="300" width="52" height="50" ${S}/>`
          : `<path d="M140 320 h44 M216 320 h44" stroke="${p.line}" stroke-width="4"/>`
      const tie =
        kind === 'suit' ? `<path d="M200 96 L190 112 L200 250 L210 112 Z" fill="${p.accent}" ${outline(p, 2)}/>` : ''
      return `${hanger}<path d="M160 66 L240 66 L304 92 L346 350 L306 358 L272 176 L276 420 L124 420 L128 176 L94 358 L54 350 L96 92 Z" ${F}/><path d="M164 66 L200 96 L236 66 L200 250 Z" fill="${kind === 'safari' ? p.dark : '#f7f4ee'}" ${O}/>${tie}<path d="M160 66 L200 250 L150 150 L170 120 Z M240 66 L200 250 L250 150 L230 120 Z" ${D}/>${pockets}<circle cx="200" cy="290" r="5" fill="${p.light}"/><circle cx="200" cy="340" r="5" fill="${p.light}"/>`
    }
    case 'kaftan':
      return `${hanger}<path d="M166 66 L234 66 L330 110 L370 240 L300 250 L286 200 L300 448 L100 448 L114 200 L100 250 L30 240 L70 110 Z" ${F}/><path d="M172 66 Q200 100 228 66 L222 180 L178 180 Z" ${S}/><path d="M178 180 L222 180 M190 200 h20 M190 222 h20" stroke="${p.accent}" stroke-width="4"/>`
    case 'trousers':
      return `<path d="M126 54 L274 54 L290 450 L218 450 L200 170 L182 450 L110 450 Z" ${F}/><rect x="126" y="54" width="148" height="26" ${D}/><path d="M150 80 Q160 120 184 118 M250 80 Q240 120 216 118" fill="none" stroke="${p.line}" stroke-width="3"/>`
    case 'shorts':
      return `<path d="M110 110 L290 110 L318 330 L220 344 L200 214 L180 344 L82 330 Z" ${F}/><rect x="110" y="110" width="180" height="30" ${D}/><path d="M146 140 Q156 176 184 174 M254 140 Q244 176 216 174" fill="none" stroke="${p.line}" stroke-width="3"/>`
    case 'skirt':
      return `<path d="M140 90 L260 90 L330 410 Q200 436 70 410 Z" ${F}/><rect x="136" y="78" width="128" height="28" rx="6" ${D}/><path d="M170 106 L130 414 M230 106 L270 414 M200 106 V420" stroke="${p.dark}" stroke-width="3" opacity=".35"/>`
    case 'onesie':
      return `${hanger}<path d="M160 70 Q200 100 240 70 L300 92 L330 170 L292 186 L272 150 L276 330 Q276 380 246 400 L236 440 L214 440 L208 404 L192 404 L186 440 L164 440 L154 400 Q124 380 124 330 L128 150 L108 186 L70 170 L100 92 Z" ${F}/><path d="M162 72 Q200 112 238 72" fill="none" stroke="${p.light}" stroke-width="8"/><circle cx="200" cy="160" r="5" fill="${p.light}"/><circle cx="200" cy="200" r="5" fill="${p.light}"/>`
    case 'babyhat':
    case 'hat':
      return kind === 'hat'
        ? `<ellipse cx="200" cy="330" rx="170" ry="52" ${F}/><path d="M112 326 Q112 160 200 150 Q288 160 288 326 Q200 350 112 326 Z" ${F}/><path d="M114 290 Q200 318 286 290 L288 322 Q200 350 112 322 Z" fill="${p.accent}" ${O}/>`
        : `<path d="M100 340 Q96 170 200 150 Q304 170 300 340 Z" ${F}/><rect x="92" y="320" width="216" height="44" rx="20" ${S}/><circle cx="200" cy="142" r="26" fill="${p.accent}" ${O}/>`
    case 'headwrap':
      // A gele: fabric wrapped high above the head, pleated like a fan.
      return `<path d="M160 400 L164 352 L236 352 L240 400 Z" fill="#b98a62" ${outline(p, 2)}/><ellipse cx="200" cy="300" rx="70" ry="86" fill="#c99a70" ${outline(p, 2)}/><path d="M122 282 Q96 200 120 140 Q150 60 214 58 Q300 60 310 150 Q318 220 280 282 Q200 250 122 282 Z" ${F}/><path d="M200 250 L150 90 M200 250 L200 70 M200 250 L256 86 M200 250 L296 150" stroke="${p.dark}" stroke-width="4" opacity=".45"/><path d="M120 282 Q200 238 282 282 L276 300 Q200 266 126 300 Z" ${S}/><path d="M282 282 Q320 300 318 340 Q300 320 278 300 Z" ${F}/>`
    case 'scarf':
      return `<path d="M120 60 Q230 40 290 90 Q250 140 280 220 Q310 320 250 440 L190 440 Q240 330 210 230 Q190 160 120 120 Z" ${F}/><path d="M190 440 L178 466 M204 440 L196 468 M220 440 L214 468 M236 440 L232 466" stroke="${p.accent}" stroke-width="4" stroke-linecap="round"/>`
    case 'necklace': {
      const q = (t: number, a: number[], c: number[], b: number[]) =>
        [0, 1].map((i) => (1 - t) ** 2 * a[i] + 2 * (1 - t) * t * c[i] + t ** 2 * b[i])
      const beads = [0.35, 0.55, 0.75].flatMap((t) => [
        q(t, [110, 90], [110, 330], [200, 360]),
        q(t, [290, 90], [290, 330], [200, 360]),
      ])
      return `<path d="M110 90 Q110 330 200 360 Q290 330 290 90" fill="none" stroke="${p.line}" stroke-width="12" stroke-linecap="round"/><path d="M110 90 Q110 330 200 360 Q290 330 290 90" fill="none" stroke="${p.metal}" stroke-width="8" stroke-linecap="round"/>${beads.map(([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="13" fill="${p.fill}" ${outline(p, 2)}/>`).join('')}<path d="M200 360 L236 414 L200 468 L164 414 Z" ${F}/><circle cx="200" cy="414" r="14" fill="${p.metal}" ${outline(p, 2)}/>`
    }
    case 'earrings':
      return [140, 260]
        .map(
          (x) =>
            `<circle cx="${x}" cy="110" r="12" fill="none" stroke="${p.metal}" stroke-width="6"/><path d="M${x} 122 V160" stroke="${p.metal}" stroke-width="5"/><path d="M${x} 160 L${x + 46} 250 L${x} 380 L${x - 46} 250 Z" ${F}/><circle cx="${x}" cy="250" r="12" fill="${p.metal}" ${outline(p, 2)}/>`,
        )
        .join('')
    case 'bracelet':
      return `<ellipse cx="200" cy="270" rx="150" ry="110" fill="none" stroke="${p.line}" stroke-width="64"/><ellipse cx="200" cy="270" rx="150" ry="110" fill="none" stroke="${p.fill}" stroke-width="58"/><ellipse cx="200" cy="270" rx="150" ry="110" fill="none" stroke="${p.metal}" stroke-width="8" stroke-dasharray="30 16"/>`
    case 'ring':
      return `<ellipse cx="200" cy="310" rx="110" ry="100" fill="none" stroke="${p.line}" stroke-width="40"/><ellipse cx="200" cy="310" rx="110" ry="100" fill="none" stroke="${p.metal}" stroke-width="34"/><path d="M160 214 L176 170 L224 170 L240 214 L200 250 Z" ${F}/><path d="M176 170 L200 214 L224 170 M160 214 H240" fill="none" stroke="${p.light}" stroke-width="2"/>`
    case 'watch':
      return `<rect x="160" y="30" width="80" height="160" rx="14" ${F}/><rect x="160" y="330" width="80" height="150" rx="14" ${F}/><circle cx="200" cy="260" r="96" ${M}/><circle cx="200" cy="260" r="78" fill="#fbfaf7" ${outline(p, 2)}/>${Array.from(
        { length: 12 },
        (_, i) => {
          const a = (i * Math.PI) / 6
          return `<path d="M${(200 + 64 * Math.sin(a)).toFixed(1)} ${(260 - 64 * Math.cos(a)).toFixed(1)} L${(200 + 72 * Math.sin(a)).toFixed(1)} ${(260 - 72 * Math.cos(a)).toFixed(1)}" stroke="${p.line}" stroke-width="4"/>`
        },
      ).join(
        '',
      )}<path d="M200 260 L200 212 M200 260 L236 276" stroke="${p.line}" stroke-width="5" stroke-linecap="round"/><rect x="296" y="248" width="16" height="24" rx="4" ${M}/>`
    case 'sunglasses':
      return `<path d="M40 210 Q200 180 360 210" fill="none" stroke="${p.line}" stroke-width="12"/><path d="M52 212 Q40 330 118 334 Q180 330 184 220 Z" ${F}/><path d="M348 212 Q360 330 282 334 Q220 330 216 220 Z" ${F}/><path d="M184 224 Q200 206 216 224" fill="none" stroke="${p.line}" stroke-width="10"/><path d="M80 236 Q90 226 110 230" stroke="#ffffff" stroke-width="6" opacity=".6" stroke-linecap="round"/>`
    case 'belt':
      return `<circle cx="236" cy="236" r="104" fill="none" stroke="${p.line}" stroke-width="66"/><circle cx="236" cy="236" r="104" fill="none" stroke="${p.fill}" stroke-width="60"/><circle cx="236" cy="236" r="70" fill="none" stroke="${p.dark}" stroke-width="6"/><circle cx="236" cy="236" r="138" fill="none" stroke="${p.dark}" stroke-width="4" opacity=".5"/><path d="M150 300 L70 400 L110 432 L190 332 Z" ${F}/><rect x="40" y="380" width="100" height="84" rx="12" transform="rotate(38 90 422)" fill="none" stroke="${p.metal}" stroke-width="12"/><path d="M96 402 L76 428" stroke="${p.metal}" stroke-width="8" stroke-linecap="round"/>`
    case 'handbag':
      return `<path d="M140 200 Q140 90 200 90 Q260 90 260 200" fill="none" stroke="${p.line}" stroke-width="16"/><path d="M140 200 Q140 90 200 90 Q260 90 260 200" fill="none" stroke="${p.dark}" stroke-width="10"/><path d="M90 190 L310 190 L340 430 Q200 446 60 430 Z" ${F}/><path d="M90 190 L310 190 L300 250 L100 250 Z" ${D}/><rect x="186" y="240" width="28" height="24" rx="4" fill="${p.metal}" ${outline(p, 2)}/>`
    case 'backpack':
      return `<path d="M160 90 Q160 50 200 50 Q240 50 240 90" fill="none" stroke="${p.line}" stroke-width="14"/><rect x="100" y="80" width="200" height="360" rx="60" ${F}/><rect x="130" y="280" width="140" height="120" rx="24" ${D}/><path d="M130 320 H270" stroke="${p.accent}" stroke-width="4"/><path d="M100 170 Q200 210 300 170" fill="none" stroke="${p.line}" stroke-width="3"/>`
    case 'clutch':
      return `<rect x="50" y="160" width="300" height="190" rx="18" ${F}/><path d="M50 178 Q50 160 68 160 L332 160 Q350 160 350 178 L200 280 Z" ${D}/><circle cx="200" cy="270" r="14" fill="${p.metal}" ${outline(p, 2)}/>`
    case 'suitcase':
      return `<rect x="160" y="40" width="80" height="70" rx="14" fill="none" stroke="${p.line}" stroke-width="14"/><rect x="90" y="100" width="220" height="320" rx="28" ${F}/><path d="M150 110 V410 M250 110 V410" stroke="${p.dark}" stroke-width="10"/><circle cx="130" cy="440" r="16" fill="#333"/><circle cx="270" cy="440" r="16" fill="#333"/>`
    case 'heel':
      return `<g transform="translate(-15 -100) scale(1.15)"><path d="M316 266 L332 264 L336 398 Q336 404 330 404 L324 404 Z" ${D}/><path d="M40 384 Q34 352 70 346 Q120 340 160 322 L300 236 Q330 222 338 250 Q340 266 326 272 Q280 290 240 330 Q196 376 140 394 Q100 404 60 402 Q42 400 40 384 Z" ${F}/><path d="M172 322 Q240 280 308 244" fill="none" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/><path d="M44 392 Q100 402 140 392 Q196 374 240 330" fill="none" stroke="${p.line}" stroke-width="3"/></g>`
    case 'flat':
    case 'loafer':
    case 'sandal': {
      // A pair seen from above.
      const sole =
        'M0 -190 C52 -190 70 -120 62 -50 C56 10 48 60 52 120 C56 170 32 200 0 200 C-32 200 -56 170 -52 120 C-48 60 -56 10 -62 -50 C-70 -120 -52 -190 0 -190 Z'
      const upper =
        kind === 'sandal'
          ? `<path d="M-64 -90 Q0 -60 64 -90 L62 -40 Q0 -12 -62 -40 Z" ${F}/><path d="M-58 40 Q0 10 58 40 L56 84 Q0 56 -56 84 Z" ${F}/><circle cx="0" cy="-64" r="9" fill="${p.accent}" ${outline(p, 2)}/>`
          : kind === 'loafer'
            ? `<path d="M0 -190 C52 -190 70 -120 62 -50 L58 20 Q0 40 -58 20 L-62 -50 C-70 -120 -52 -190 0 -190 Z" ${F}/><path d="M-40 -20 Q0 -4 40 -20" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/><path d="M-30 -60 Q0 -44 30 -60" fill="none" stroke="${p.line}" stroke-width="3" stroke-dasharray="5 6"/>`
            : `<path d="M0 -190 C52 -190 70 -120 62 -50 L60 -6 Q0 18 -60 -6 L-62 -50 C-70 -120 -52 -190 0 -190 Z" ${F}/><path d="M-14 -2 Q0 8 14 -2" fill="none" stroke="${p.accent}" stroke-width="6"/><circle cx="0" cy="6" r="7" fill="${p.accent}"/>`
      const insole = kind === 'sandal' ? p.dark : '#f6efe3'
      const one = `<path d="${sole}" fill="${kind === 'sandal' ? p.solid : insole}" ${O}/><path d="${sole}" transform="scale(.86 .92)" fill="${insole}" opacity="${kind === 'sandal' ? 0.5 : 1}"/>${upper}`
      return `<g transform="translate(130 255) rotate(-8)">${one}</g><g transform="translate(270 245) rotate(8) scale(-1 1)">${one}</g>`
    }
    case 'sneaker':
      return `<g transform="translate(-28 -62) scale(1.12)"><path d="M60 336 C58 282 74 226 112 212 L168 206 C186 236 214 252 252 262 C306 274 348 290 360 326 L362 340 L60 346 Z" ${F}/><path d="M112 212 L168 206 C178 226 192 240 210 250 L150 300 Q110 290 100 250 Z" fill="${p.dark}" opacity=".35"/><path d="M50 340 L366 334 C372 352 364 372 340 374 L74 378 C56 378 48 362 50 340 Z" fill="#fbfaf7" ${O}/><path d="M56 356 L366 350" stroke="${p.accent}" stroke-width="6"/>${[0, 1, 2, 3].map((i) => `<path d="M${176 + i * 20} ${222 + i * 10} l24 -6" stroke="#fbfaf7" stroke-width="6" stroke-linecap="round"/>`).join('')}<path d="M300 276 Q330 300 358 326" fill="none" stroke="${p.line}" stroke-width="3"/><circle cx="84" cy="240" r="6" fill="${p.accent}"/></g>`
    case 'boot':
      return `<g transform="translate(-10 -20) scale(1.05)"><path d="M128 110 L252 110 L256 270 C300 282 350 300 362 336 L364 372 L118 372 L122 296 C124 236 128 170 128 110 Z" ${F}/><path d="M190 130 Q204 200 190 270 L232 270 Q246 200 232 130 Z" fill="${p.dark}" ${outline(p, 2)}/><path d="M128 110 L252 110 L252 128 L128 128 Z" ${D}/><path d="M112 372 L368 372 L364 398 L116 398 Z" ${D}/><path d="M116 398 L182 398 L180 418 L120 418 Z" ${D}/><path d="M256 270 Q250 300 270 330" fill="none" stroke="${p.line}" stroke-width="3"/><path d="M240 100 q20 -20 30 4" fill="none" stroke="${p.line}" stroke-width="8" stroke-linecap="round"/></g>`
    case 'oxford':
      return `<g transform="translate(-30 -90) scale(1.15)"><path d="M44 356 C40 318 58 298 100 294 L152 288 C176 272 208 268 238 278 C292 292 346 306 362 338 L364 358 Z" ${F}/><path d="M152 288 C176 272 208 268 238 278 L250 300 Q200 318 166 306 Z" ${D}/>${[0, 1, 2, 3].map((i) => `<path d="M${172 + i * 18} ${288 - i * 2} l10 14" stroke="${p.light}" stroke-width="3" stroke-linecap="round"/>`).join('')}<path d="M44 354 L366 356 L362 378 L50 380 Q42 372 44 354 Z" ${D}/><path d="M50 380 L116 380 L114 392 L54 392 Z" ${D}/><path d="M262 290 Q300 330 362 344" fill="none" stroke="${p.line}" stroke-width="3" stroke-dasharray="4 6"/></g>`
    case 'jar':
      return `<rect x="100" y="140" width="200" height="60" rx="14" ${D}/><path d="M92 200 L308 200 L300 420 Q300 440 280 440 L120 440 Q100 440 100 420 Z" ${S}/><rect x="92" y="260" width="216" height="110" ${F}/><rect x="140" y="290" width="120" height="50" rx="6" fill="#fbfaf7" ${outline(p, 2)}/><path d="M156 308 h88 M170 324 h60" stroke="${p.line}" stroke-width="4" stroke-linecap="round"/>`
    case 'bottle':
      return `<path d="M186 150 L186 96 L150 96 Q140 96 140 86 L140 80 Q140 70 152 70 L214 70 L214 150 Z" fill="#2b2b2b" ${O}/><rect x="172" y="146" width="56" height="40" rx="6" ${D}/><path d="M150 186 L250 186 Q286 186 286 222 L286 430 Q286 450 266 450 L134 450 Q114 450 114 430 L114 222 Q114 186 150 186 Z" ${S}/><rect x="114" y="262" width="172" height="128" ${F}/><rect x="144" y="292" width="112" height="68" rx="6" fill="#fbfaf7" ${outline(p, 2)}/><path d="M160 314 h80 M172 334 h56" stroke="${p.line}" stroke-width="4" stroke-linecap="round"/><path d="M130 210 L130 420" stroke="#ffffff" stroke-width="8" opacity=".35" stroke-linecap="round"/>`
    case 'dropper':
      return `<path d="M184 40 Q184 20 200 20 Q216 20 216 40 L216 110 L184 110 Z" fill="#222" ${O}/><rect x="170" y="110" width="60" height="44" rx="6" fill="${p.metal}" ${O}/><path d="M150 170 Q150 154 166 154 L234 154 Q250 154 250 170 L262 430 Q262 450 242 450 L158 450 Q138 450 138 430 Z" ${S}/><rect x="140" y="250" width="120" height="130" ${F}/><rect x="160" y="286" width="80" height="56" rx="6" fill="#fbfaf7" ${outline(p, 2)}/>`
    case 'compact':
      return `<ellipse cx="200" cy="210" rx="150" ry="80" ${F}/><path d="M50 210 L50 250 Q200 340 350 250 L350 210" ${D}/><ellipse cx="200" cy="370" rx="150" ry="60" fill="${p.metal}" ${O}/><ellipse cx="200" cy="366" rx="120" ry="44" ${S}/><ellipse cx="200" cy="210" rx="60" ry="30" fill="${p.metal}" ${outline(p, 2)}/>`
    case 'palette':
      return `<rect x="50" y="130" width="300" height="260" rx="20" ${F}/><rect x="76" y="156" width="248" height="208" rx="10" fill="#fbfaf7" ${outline(p, 2)}/>${[
        0, 1, 2, 3, 4, 5,
      ]
        .map((i) => {
          const x = 112 + (i % 3) * 88
          const y = 214 + Math.floor(i / 3) * 96
          const c = [p.solid, p.accent, p.dark, p.light, p.metal, p.solid][i]
          return `<circle cx="${x}" cy="${y}" r="34" fill="${c}" ${outline(p, 2)}/>`
        })
        .join('')}`
    case 'lipstick':
      return `<path d="M170 110 Q170 70 214 56 L230 60 L230 170 L170 170 Z" ${S}/><rect x="160" y="170" width="80" height="60" fill="${p.metal}" ${O}/><rect x="150" y="230" width="100" height="210" rx="8" ${F}/><path d="M150 260 H250" stroke="${p.metal}" stroke-width="6"/>`
    case 'nailpolish':
      return `<rect x="170" y="60" width="60" height="150" rx="10" fill="#222" ${O}/><path d="M120 230 Q120 210 140 210 L260 210 Q280 210 280 230 L290 420 Q290 440 270 440 L130 440 Q110 440 110 420 Z" ${S}/><path d="M128 250 L140 430" stroke="#ffffff" stroke-width="8" opacity=".5" stroke-linecap="round"/><rect x="150" y="290" width="100" height="80" rx="6" ${F}/>`
    case 'comb':
      return `<rect x="60" y="150" width="280" height="70" rx="20" ${F}/>${Array.from({ length: 12 }, (_, i) => `<rect x="${72 + i * 22}" y="214" width="12" height="170" rx="6" ${S}/>`).join('')}`
    case 'wig':
      return `<path d="M200 66 Q300 66 318 170 Q332 260 318 350 Q312 400 330 432 Q280 444 254 420 L146 420 Q120 444 70 432 Q88 400 82 350 Q68 260 82 170 Q100 66 200 66 Z" ${S}/><ellipse cx="200" cy="230" rx="76" ry="100" fill="#e9d9c6" ${outline(p, 2)}/><path d="M118 190 Q150 96 200 96 Q260 96 288 196 Q250 150 200 152 Q150 150 118 190 Z" ${S}/><path d="M150 420 L156 330 Q200 350 244 330 L250 420 Z" fill="#e9d9c6" ${outline(p, 2)}/><path d="M110 200 Q96 300 112 410 M290 200 Q304 300 288 410 M96 180 Q84 280 94 400 M304 180 Q316 280 306 400" fill="none" stroke="${p.light}" stroke-width="3" opacity=".35"/><path d="M140 110 Q200 80 260 110" fill="none" stroke="${p.light}" stroke-width="4" opacity=".4"/>`
    case 'bedding':
      return `<g transform="translate(-40 -60) scale(1.2)"><rect x="40" y="150" width="40" height="280" rx="8" fill="#8a5a3b" ${O}/><rect x="320" y="240" width="40" height="190" rx="8" fill="#8a5a3b" ${O}/><rect x="90" y="196" width="100" height="46" rx="20" fill="#fbfaf7" ${O}/><path d="M80 250 L340 250 L340 370 Q210 390 80 370 Z" ${F}/><path d="M80 250 L200 250 L200 280 L80 280 Z" fill="#fbfaf7" ${O}/></g>`
    case 'curtain':
      return `<path d="M40 70 H360" stroke="#6b4a2b" stroke-width="12" stroke-linecap="round"/><path d="M60 76 L190 76 Q170 220 150 280 Q180 340 200 450 L60 450 Z" ${F}/><path d="M210 76 L340 76 L340 450 L200 450 Q220 340 250 280 Q230 220 210 76 Z" ${F}/><path d="M92 90 V440 M124 90 V440 M276 90 V440 M308 90 V440" stroke="${p.dark}" stroke-width="3" opacity=".35"/><path d="M146 276 Q170 270 160 300 M254 276 Q230 270 240 300" stroke="${p.accent}" stroke-width="10" fill="none"/>`
    case 'cushion':
      return `<path d="M70 120 Q200 100 330 120 Q350 250 330 380 Q200 400 70 380 Q50 250 70 120 Z" ${F}/><path d="M70 120 L50 100 M330 120 L350 100 M70 380 L50 400 M330 380 L350 400" stroke="${p.line}" stroke-width="6" stroke-linecap="round"/><path d="M90 140 Q200 124 310 140 Q326 250 310 360 Q200 376 90 360 Q74 250 90 140 Z" fill="none" stroke="${p.accent}" stroke-width="4" stroke-dasharray="10 8"/>`
    case 'tablecloth':
      return `<path d="M40 240 L360 240 L380 400 Q200 420 20 400 Z" ${F}/><ellipse cx="200" cy="240" rx="160" ry="34" ${S}/><path d="M60 400 L70 460 M330 400 L320 460" stroke="#6b4a2b" stroke-width="14"/><path d="M200 120 L218 170 L182 170 Z" fill="#d2ae74" ${outline(p, 2)}/><path d="M176 170 L224 170 L228 186 L172 186 Z" fill="#b08850" ${outline(p, 2)}/><path d="M172 186 Q146 190 150 214 Q154 236 176 248 L224 248 Q246 236 250 214 Q254 190 228 186 Z" fill="#d2ae74" ${outline(p, 2)}/><path d="M156 206 H244 M160 226 H240" stroke="${p.solid}" stroke-width="5"/>`
    case 'pot':
      return `<path d="M80 200 Q60 200 60 220 Q60 240 80 240 M320 200 Q340 200 340 220 Q340 240 320 240" fill="none" stroke="${p.line}" stroke-width="14"/><path d="M80 200 L320 200 L310 380 Q300 430 240 430 L160 430 Q100 430 90 380 Z" ${F}/><path d="M70 190 Q200 150 330 190 Z" ${D}/><circle cx="200" cy="160" r="16" ${D}/>`
    case 'plate':
      return `<ellipse cx="200" cy="280" rx="170" ry="150" ${F}/><ellipse cx="200" cy="280" rx="120" ry="104" fill="#fbfaf7" ${outline(p, 2)}/><ellipse cx="200" cy="280" rx="80" ry="68" fill="none" stroke="${p.solid}" stroke-width="6"/>`
    case 'basket':
      // The agaseke: a lidded basket with a pointed, tiered lid.
      return `<path d="M200 40 L236 150 L164 150 Z" ${F}/><path d="M150 150 L250 150 L262 190 L138 190 Z" ${S}/><path d="M138 190 Q90 190 96 250 Q100 360 150 430 L250 430 Q300 360 304 250 Q310 190 262 190 Z" ${F}/><path d="M110 260 H290 M116 320 H284" stroke="${p.light}" stroke-width="6"/><path d="M150 430 L250 430 L244 450 L156 450 Z" ${D}/>`
    case 'imigongo':
      return `<rect x="50" y="60" width="300" height="380" rx="6" fill="${p.solid}" ${O}/><rect x="70" y="80" width="260" height="340" fill="${p.fill}"/><path d="M70 250 L200 120 L330 250 L200 380 Z" fill="none" stroke="${p.light}" stroke-width="14"/><path d="M110 250 L200 160 L290 250 L200 340 Z" fill="none" stroke="${p.dark}" stroke-width="12"/><path d="M160 250 L200 210 L240 250 L200 290 Z" fill="${p.light}"/>`
    case 'frame':
      return `<rect x="60" y="70" width="280" height="360" rx="6" fill="#6b4a2b" ${O}/><rect x="84" y="94" width="232" height="312" ${F}/><circle cx="260" cy="160" r="30" fill="${p.light}"/><path d="M84 360 L150 270 L200 330 L250 280 L316 360 L316 406 L84 406 Z" fill="${p.dark}" opacity=".85"/>`
    case 'candle':
      return `<path d="M200 70 Q226 110 212 140 Q200 156 188 140 Q174 110 200 70 Z" fill="#f6b93b" stroke="#d35400" stroke-width="3"/><path d="M200 150 V180" stroke="#333" stroke-width="4"/><path d="M110 180 L290 180 L290 420 Q290 440 270 440 L130 440 Q110 440 110 420 Z" ${S}/><rect x="110" y="240" width="180" height="130" ${F}/><ellipse cx="200" cy="180" rx="90" ry="16" fill="${p.light}" ${O}/>`
  }
}

export type ProductArtInput = { kind: ArtKind; colour: string; patternIndex: number }

/** A product picture: 400 × 500 (4:5), the item in its colour and pattern on a soft background. */
export function productSvg({ kind, colour, patternIndex }: ProductArtInput): string {
  const item = drawItem(kind, colour, patternIndex, '')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500"><defs>${item.defs}<radialGradient id="glow" cx=".5" cy=".42" r=".6"><stop offset="0" stop-color="#ffffff" stop-opacity=".75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs><rect width="400" height="500" fill="${backgroundOf(colour)}"/><rect width="400" height="500" fill="url(#glow)"/><ellipse cx="200" cy="462" rx="150" ry="14" fill="#000000" opacity=".08"/>${item.body}</svg>`
}

/** One item in its colour, drawn in a 400 × 500 box; `id` keeps several items' patterns apart in one picture. */
function drawItem(kind: ArtKind, colour: string, patternIndex: number, id: string): { defs: string; body: string } {
  const s = swatchOf(colour)
  const metalGradient = `<linearGradient id="metal${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s.metal ? s.accent : '#f3e2a6'}"/><stop offset=".5" stop-color="${s.metal ? s.base : '#c9a23a'}"/><stop offset="1" stop-color="${s.metal ? s.accent : '#8a6d1f'}"/></linearGradient>`
  // Metal items are patterned in a deep colour so their gems and beads show the kitenge motif.
  const patternSwatch: Swatch = s.metal ? { base: '#1d2b4f', accent: s.base, light: s.accent } : s
  const isLight = colour === 'Ivory' || colour === 'Natural' || colour === 'Tan'
  const paint: Paint = {
    fill: `url(#pat${id})`,
    solid: s.metal ? '#1d2b4f' : s.base,
    dark: shade(s.metal ? '#1d2b4f' : s.base, isLight ? -0.35 : -0.3),
    accent: patternSwatch.accent,
    light: patternSwatch.light,
    line: shade(s.base, isLight ? -0.55 : -0.45),
    metal: `url(#metal${id})`,
  }
  const scale = ['ring', 'earrings', 'necklace', 'bracelet', 'lipstick', 'nailpolish', 'watch'].includes(kind) ? 0.7 : 1
  return {
    defs: `${pattern(`pat${id}`, patternIndex, patternSwatch, scale)}${metalGradient}`,
    body: shapeOf(kind, paint),
  }
}

export type BannerArtInput = {
  /** The store's two colours (#rrggbb). */
  colours: [string, string]
  patternIndex: number
  /** Up to three things the store sells, drawn on the right, each with its colour. */
  items?: { kind: ArtKind; colour: string }[]
}

/**
 * A store banner, 1200 × 400 (3:1): terraced hills under a sky in the store's colours, a band of pattern along the
 * bottom, and a few of the things it sells standing on the right (the left is where the store's avatar sits).
 */
export function bannerSvg({ colours, patternIndex, items = [] }: BannerArtInput): string {
  const [a, b] = colours
  const band: Swatch = { base: shade(a, -0.15), accent: b, light: '#fbf7ef' }
  const drawn = items.slice(0, 3).map((it, i) => drawItem(it.kind, it.colour, patternIndex + i + 1, `i${i}`))
  const slots = [
    { x: 600, y: 92, s: 0.5 },
    { x: 780, y: 60, s: 0.58 },
    { x: 980, y: 92, s: 0.5 },
  ]
  const things = drawn
    .map((d, i) => {
      const { x, y, s } = slots[i]
      return `<ellipse cx="${x + 100 * s * 2}" cy="${y + 462 * s}" rx="${120 * s}" ry="${12 * s}" fill="#000000" opacity=".18"/><g transform="translate(${x} ${y}) scale(${s})">${d.body}</g>`
    })
    .join('')
  const terraces = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<path d="M${-40 + i * 30} ${318 + i * 8} Q${300} ${250 + i * 14} ${640 - i * 20} ${300 + i * 10}" fill="none" stroke="#ffffff" stroke-opacity=".18" stroke-width="3"/>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(b, 0.55)}"/><stop offset="1" stop-color="${shade(b, 0.82)}"/></linearGradient>${pattern('pat', patternIndex, band, 1.2)}${drawn.map((d) => d.defs).join('')}</defs><rect width="1200" height="400" fill="url(#sky)"/><circle cx="330" cy="92" r="46" fill="${shade(b, 0.25)}" opacity=".8"/><path d="M0 250 Q120 170 260 220 Q400 270 520 190 Q660 110 800 190 Q940 260 1060 180 Q1140 140 1200 170 L1200 400 L0 400 Z" fill="${shade(a, 0.6)}"/><path d="M0 300 Q160 230 330 270 Q480 305 620 250 Q800 190 960 260 Q1080 300 1200 250 L1200 400 L0 400 Z" fill="${shade(a, 0.3)}"/><path d="M0 330 Q200 270 420 310 Q640 350 860 300 Q1040 270 1200 320 L1200 400 L0 400 Z" fill="${a}"/>${terraces}${things}<rect y="356" width="1200" height="44" fill="url(#pat)"/><rect y="350" width="1200" height="6" fill="#fbf7ef" opacity=".8"/></svg>`
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const channel = (v: number) => {
    const out = amount < 0 ? v * (1 + amount) : v + (255 - v) * amount
    return Math.max(0, Math.min(255, Math.round(out)))
  }
  const r = channel((n >> 16) & 255)
  const g = channel((n >> 8) & 255)
  const b = channel(n & 255)
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`
}
