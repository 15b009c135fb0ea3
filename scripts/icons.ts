// Rebuilds the icon sprite (app/components/ui/icons.svg) from the icon definitions: `npm run icons`.
import { writeFileSync } from 'node:fs'
import { buildIconSprite } from '#app/components/ui/icon-sprite.ts'

writeFileSync(new URL('../app/components/ui/icons.svg', import.meta.url), buildIconSprite())
console.log('app/components/ui/icons.svg written')
