// The built server renders with React's production build, whatever NODE_ENV says. React chooses its build from
// NODE_ENV when it is first loaded, and its development build checks every element at every render: pages took
// 1.3 to 2.1 times as long to render with it (npm run bench:render, docs/benchmarks.md).
// `npm start` (NODE_ENV unset, the demo) and the browser journeys serve the same build as production does, so
// they render as fast. NODE_ENV keeps its meaning for Isoko itself: production mode (DESIGN.md section 2).
// `npm run dev` does not come here: Vite's development server keeps React's development build and its warnings.
// Imported first, before anything that imports React.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const mode = process.env.NODE_ENV
process.env.NODE_ENV = 'production'
try {
  for (const id of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(id)
} finally {
  if (mode === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = mode
}
