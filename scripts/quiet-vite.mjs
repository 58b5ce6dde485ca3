// React Router 7.18 creates Vite servers of its own with `envFile: false`, which Vite 8 deprecates
// in favour of `envDir: false` (the same setting): each prints "The `envFile` option is deprecated"
// — eight times a build — and no setting of ours reaches them. React Router 8, which drops it,
// needs Node 22. Loaded before React Router's CLI (scripts/react-router.mjs) and the development
// server (npm run dev), this drops exactly that line; every other warning still shows.
const ENV_FILE_DEPRECATION = "The `envFile` option is deprecated, please use `envDir: false`";
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (typeof args[0] === "string" && args[0].includes(ENV_FILE_DEPRECATION)) return;
  warn(...args);
};
