export const COMPRESSIBLE: RegExp
export type Compressed = { file: string; size: number; br: number; gz: number }
export function compressAssets(dir: string): Promise<Compressed[]>
