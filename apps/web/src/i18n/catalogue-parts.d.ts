// `virtual:texts/<lang>/first-screen` and `.../rest`: a language's texts split for the first screen
// (vite-plugins.ts, catalogueParts)
declare module 'virtual:texts/*' {
  const texts: { translation: Record<string, unknown>; domain: Record<string, string> };
  export default texts;
}
