export const DEBIAN_CHROMIUMS: string[]
export function installedChromium(preferred: string | undefined): string | undefined
